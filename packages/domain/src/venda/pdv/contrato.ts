/**
 * Store sales uploaded by the POS (issue "subida de vendas", domain §4, §7): `POST /api/v1/pdv/vendas`
 * `{cupons: [...]}` in the shape integrations read back from `venda/cupons-fiscais`. The command's own input
 * only bounds the batch; each cupom is read by `cupomPdv` in a step, so one malformed sale gets its own
 * 422-shaped result (naming sale and field) and never fails the batch.
 */
import { z } from 'zod';
import { idIntegracao, idIntegracaoOpcional } from '../ids-integracao';
import { falhaDaData } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import { digitoChaveAcesso } from '../../documentos-fiscais/chave-acesso';
import { DATA_HORA_SEFAZ } from '../../fiscal/nfce/status-documento';
import { MSG_VENDA_PDV } from './mensagens';

/** Most cupons in one upload (one transaction; the body limit of the face follows it). */
export const MAX_CUPONS_LOTE = 5000;

export const TIPOS_ERRO_SUBIDA = [
  'PRODUTO_NAO_CADASTRADO',
  'PRODUTO_INATIVO',
  'FINALIZADORA_NAO_CADASTRADA',
  'OPERADOR_NAO_CADASTRADO',
  'PDV_NAO_CADASTRADO',
  'CUPOM_DUPLICADO',
  'TOTAL_DIVERGENTE',
  'MOVIMENTO_FECHADO',
  'CLIENTE_NAO_CADASTRADO',
  'TRIBUTACAO_AUSENTE',
] as const;
export type TipoErroSubida = (typeof TIPOS_ERRO_SUBIDA)[number];

export const DESCRICAO_ERRO_SUBIDA: Record<TipoErroSubida, string> = {
  PRODUTO_NAO_CADASTRADO: 'Produto não cadastrado',
  PRODUTO_INATIVO: 'Produto inativo',
  FINALIZADORA_NAO_CADASTRADA: 'Finalizadora não cadastrada',
  OPERADOR_NAO_CADASTRADO: 'Operador não cadastrado',
  PDV_NAO_CADASTRADO: 'PDV não cadastrado',
  CUPOM_DUPLICADO: 'Cupom duplicado com outro conteúdo',
  TOTAL_DIVERGENTE: 'Total divergente',
  MOVIMENTO_FECHADO: 'Movimento de estoque fechado',
  CLIENTE_NAO_CADASTRADO: 'Cliente não cadastrado',
  TRIBUTACAO_AUSENTE: 'Tributação ausente',
};

const id = idIntegracao;
const idOpcional = idIntegracaoOpcional;
const booleano = z
  .union([z.boolean(), z.enum(['true', 'false', 'S', 'N', '1', '0']), z.null()])
  .optional()
  .transform((v) => v === true || ['true', 'S', '1'].includes(String(v)));
/** A flag the POS may leave out (null: the back office decides, e.g. the offer from the store's prices). */
const booleanoOpcional = z
  .union([z.boolean(), z.enum(['true', 'false', 'S', 'N', '1', '0']), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? null : v === true || ['true', 'S', '1'].includes(String(v))));
export const textoPdv = (max: number) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null))
    .refine((v) => v === null || v.length <= max, `no máximo ${max} caracteres.`);
/** A local date and time as the POS writes it: kept as `YYYY-MM-DDTHH:mm:ss` (store-local, no zone). */
export const dataHoraLocal = (obrigatoria: boolean) =>
  z
    .string({ error: 'informe a data e hora (AAAA-MM-DDTHH:mm:ss).' })
    .nullish()
    .transform((v, ctx) => {
      const t = v?.trim();
      if (!t) {
        if (obrigatoria) ctx.addIssue({ code: 'custom', message: 'informe a data e hora (AAAA-MM-DDTHH:mm:ss).' });
        return null;
      }
      const falha = falhaDaData(t, true);
      if (falha) {
        ctx.addIssue({ code: 'custom', message: falha });
        return z.NEVER;
      }
      const s = t.slice(0, 19).replace(' ', 'T');
      return s.length === 10 ? `${s}T00:00:00` : s.length === 16 ? `${s}:00` : s;
    });
const dinheiro = decimalTexto({ ...LIMITES_DECIMAL.dinheiro, naoNegativo: true });
const dinheiroOpcional = z
  .union([dinheiro, z.null()])
  .optional()
  .transform((v) => v ?? '0.00');
const quantidade = decimalTexto({ ...LIMITES_DECIMAL.quantidade, positivo: true });
const precoUnitario = decimalTexto({ inteiros: 11, casas: 4, naoNegativo: true });

/** The POS terminal's number in its store (1–999), as a number or a string. */
export const numeroCaixaPdv = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = Number(String(v).trim());
  if (!Number.isInteger(n) || n < 1 || n > 999) {
    ctx.addIssue({ code: 'custom', message: 'informe o número do caixa (1 a 999).' });
    return z.NEVER;
  }
  return n;
});

/** A POS-numbered record (cupom, cash operation): a positive integer, as a number or a string. */
export const sequencialPdv = (mensagem: string) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = Number(String(v).trim());
    if (!Number.isInteger(n) || n < 1 || n > 999_999_999_999) {
      ctx.addIssue({ code: 'custom', message: mensagem });
      return z.NEVER;
    }
    return n;
  });

export const itemCupomPdv = z
  .object({
    sequencia: z.coerce.number({ error: 'informe a sequência do item.' }).int().min(1).max(9999),
    produtoId: idOpcional('o produto'),
    /** any code: internal, EAN, auxiliary (with its pack factor) */
    codigo: textoPdv(14),
    quantidadeVenda: quantidade,
    valorUnidade: precoUnitario,
    valorDesconto: dinheiroOpcional,
    motivoDesconto: textoPdv(120),
    valorAcrescimo: dinheiroOpcional,
    valorTotal: dinheiro,
    cancelado: booleano,
    funcionarioVendedorId: idOpcional('o vendedor'),
    /** sold at an offer price, as the POS says (absent: the store's active offer on the sale's day decides) */
    foiVendidoEmOferta: booleanoOpcional,
  })
  .refine((i) => i.produtoId !== null || i.codigo !== null, {
    message: 'informe o produtoId ou o código do produto.',
    path: ['produtoId'],
  });
export type ItemCupomPdv = z.output<typeof itemCupomPdv>;

export const finalizacaoCupomPdv = z
  .object({
    /** the POS's finalizadora: the back office's forma de pagamento (either name is read) */
    finalizadoraId: idOpcional('a finalizadora'),
    formaPagamentoId: idOpcional('a forma de pagamento'),
    valor: dinheiro,
    troco: dinheiroOpcional,
    planoPagamentoId: idOpcional('o plano de pagamento'),
    parcelas: z.coerce.number().int().min(1).max(99).optional().default(1),
    nsu: textoPdv(40),
    bandeira: textoPdv(40),
  })
  .refine((f) => f.finalizadoraId !== null || f.formaPagamentoId !== null, {
    message: 'informe a finalizadora (finalizadoraId ou formaPagamentoId).',
    path: ['finalizadoraId'],
  })
  .transform(({ finalizadoraId, formaPagamentoId, ...f }) => ({
    ...f,
    formaPagamentoId: (formaPagamentoId ?? finalizadoraId)!,
  }));
export type FinalizacaoCupomPdv = z.output<typeof finalizacaoCupomPdv>;

const CHAVE = /^\d{44}$/;
export const nfceCupomPdv = z.object({
  modelo: z.union([z.literal('65'), z.literal(65)]).optional(),
  serie: z.coerce.number().int().min(0).max(999).nullish(),
  numero: z.coerce.number().int().min(1).max(999_999_999).nullish(),
  // the check digit (mod 11 of the 43 first): a mistyped or truncated chave is the cupom's own 422, never stored
  chave: z
    .string()
    .regex(CHAVE, 'a chave tem 44 dígitos.')
    .refine((c) => digitoChaveAcesso(c.slice(0, 43)) === Number(c[43]), MSG_VENDA_PDV.chaveInvalida),
  tpEmis: z.coerce.number().int().min(1).max(9).nullish(),
  status: textoPdv(30),
  cStat: z.coerce.number().int().min(0).max(999).nullish(),
  xMotivo: textoPdv(255),
  protocolo: textoPdv(20),
  /** when SEFAZ authorised it (the protocol's dhRecbto, 2026-11-20T10:15:00-03:00): the cancel deadline's start */
  dhRecbto: z
    .string()
    .trim()
    .regex(DATA_HORA_SEFAZ, 'informe a data e hora da autorização como a SEFAZ (2026-11-20T10:15:00-03:00).')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'data e hora da autorização inválida.')
    .nullish(),
  xml: z.string().max(500_000).nullish(),
});

export const cupomPdv = z
  .object({
    lojaId: id('a loja'),
    numeroCaixa: numeroCaixaPdv,
    sequencial: sequencialPdv('informe o sequencial do cupom.'),
    /** VENDA (default) or DEVOLUCAO (a return: the goods come back, the money goes out) */
    tipo: z.enum(['VENDA', 'DEVOLUCAO']).optional().default('VENDA'),
    dataHoraAberturaCupom: dataHoraLocal(true).transform((v) => v!),
    dataHoraFechamentoCupom: dataHoraLocal(false),
    funcionarioId: idOpcional('o operador'),
    clienteId: idOpcional('o cliente'),
    cpfNaNota: textoPdv(14),
    cancelada: booleano,
    valor: dinheiro,
    cooVenda: z.coerce.number().int().min(1).nullish(),
    /** a return whose goods go back into another store's stock (absent: the cupom's own store) */
    lojaDestinoId: idOpcional('a loja de destino'),
    itensVenda: z.array(itemCupomPdv).min(1, 'informe ao menos um item.').max(2000),
    finalizacoes: z.array(finalizacaoCupomPdv).max(50).optional().default([]),
    nfce: nfceCupomPdv.nullish(),
  })
  .refine((c) => c.lojaDestinoId === null || c.tipo === 'DEVOLUCAO', {
    message: 'a loja de destino é só de uma devolução (tipo DEVOLUCAO).',
    path: ['lojaDestinoId'],
  });
export type CupomPdv = z.output<typeof cupomPdv>;

export const entradaVendasPdv = z.object({
  cupons: z
    .array(z.unknown(), { error: 'informe os cupons (cupons: [...]).' })
    .min(1, 'informe ao menos um cupom.')
    .max(MAX_CUPONS_LOTE, `no máximo ${MAX_CUPONS_LOTE} cupons por envio.`),
});

export const SITUACOES_CUPOM = ['ACEITO', 'PENDENTE', 'DUPLICADO', 'REJEITADO'] as const;
export const resultadoCupom = z.object({
  indice: z.number().int(),
  lojaId: z.number().nullable(),
  numeroCaixa: z.number().nullable(),
  sequencial: z.number().nullable(),
  situacao: z.enum(SITUACOES_CUPOM),
  identificadorId: z.number().optional(),
  tipoErro: z.enum(TIPOS_ERRO_SUBIDA).optional(),
  mensagem: z.string().optional(),
  /** a malformed sale: the 422's shape, its own (nothing of it stored) */
  status: z.literal(422).optional(),
  reasons: z.array(z.string()).optional(),
  erros: z.array(z.object({ campo: z.string(), mensagem: z.string() })).optional(),
});
export type ResultadoCupom = z.infer<typeof resultadoCupom>;

export const resultadoVendasPdv = z.object({
  aceitos: z.number().int(),
  pendentes: z.number().int(),
  duplicados: z.number().int(),
  rejeitados: z.number().int(),
  resultados: z.array(resultadoCupom),
});
export type ResultadoVendasPdv = z.infer<typeof resultadoVendasPdv>;
