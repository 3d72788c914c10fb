/**
 * Stock transfers between locations of one store and between stores of the same company (domain §5,
 * issue "Transfers"): POST /api/v1/estoque/transferencias → 201 + Location; the goods stay in transit
 * (the origin store's TRANSITO location) until POST /api/v1/estoque/transferencias/{id}/receber.
 * The web form uses the same schema.
 */
import { z } from 'zod';
import { confirmarDataAntiga, datasDeNegocio, instante } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import { dataDaMovimentacao } from '../ajuste/contrato';
import { MAX_LINHAS_DOCUMENTO, MSG_LINHAS_ESTOQUE } from '../duplicados';
import { falhasDaTransferencia } from './regras';

export const STATUS_TRANSFERENCIA = ['EM_TRANSITO', 'RECEBIDA', 'RECEBIDA_COM_DIVERGENCIA', 'CANCELADA'] as const;
export type StatusTransferencia = (typeof STATUS_TRANSFERENCIA)[number];

export const ROTULO_STATUS_TRANSFERENCIA: Record<StatusTransferencia, string> = {
  EM_TRANSITO: 'Em trânsito',
  RECEBIDA: 'Recebida',
  RECEBIDA_COM_DIVERGENCIA: 'Recebida com divergência',
  CANCELADA: 'Cancelada',
};

/** Most items of one transfer (one transaction): duplicados.ts. */
export const MAX_ITENS_TRANSFERENCIA = MAX_LINHAS_DOCUMENTO.transferencia;

const id = (rotulo: string) =>
  z
    .number({ error: `informe ${rotulo}.` })
    .int(`informe ${rotulo}.`)
    .positive(`informe ${rotulo}.`);

const observacao = z
  .string()
  .trim()
  .max(500, 'no máximo 500 caracteres.')
  .nullish()
  .transform((v) => (v ? v : null));

export const itemTransferenciaEntrada = z.object({
  produtoId: id('o produto'),
  /** positive; the unit's decimals are checked against the product */
  quantidade: decimalTexto({ ...LIMITES_DECIMAL.quantidade, positivo: true }),
});

export const entradaTransferenciaEstoque = z
  .object({
    lojaOrigemId: id('a loja de origem'),
    localOrigemId: id('o local de origem'),
    lojaDestinoId: id('a loja de destino'),
    localDestinoId: id('o local de destino'),
    data: dataDaMovimentacao,
    /** a date more than a year before the store's today is refused unless confirmed */
    confirmarDataAntiga,
    observacao,
    itens: z
      .array(itemTransferenciaEntrada)
      .min(1, 'Informe ao menos um item.')
      .max(MAX_ITENS_TRANSFERENCIA, MSG_LINHAS_ESTOQUE.muitasLinhas.transferencia),
  })
  .superRefine((e, ctx) => {
    for (const f of falhasDaTransferencia(e))
      ctx.addIssue({ code: 'custom', path: f.campo.split('.'), message: f.mensagem });
  });
datasDeNegocio.add(entradaTransferenciaEstoque, { campo: 'data' });
export type EntradaTransferenciaEstoque = z.output<typeof entradaTransferenciaEstoque>;
export type FormularioTransferenciaEstoque = z.input<typeof entradaTransferenciaEstoque>;

export const itemRecebimentoEntrada = z.object({
  produtoId: id('o produto'),
  /** what arrived: zero up to the quantity sent */
  quantidadeRecebida: decimalTexto({ ...LIMITES_DECIMAL.quantidade, naoNegativo: true }),
});

/**
 * The receipt: `itens` lists what arrived; a product of the transfer not listed arrived whole (an
 * integration reports only the divergences). `data` defaults to the destination store's today.
 */
export const entradaRecebimentoTransferencia = z.object({
  id: id('a transferência'),
  data: dataDaMovimentacao.nullish().transform((v) => v ?? null),
  observacao,
  // products repeated are refused by conferirRecebimento (a member command's input has no refinements:
  // the route documents the body as the input without the path's id)
  itens: z
    .array(itemRecebimentoEntrada)
    .max(MAX_LINHAS_DOCUMENTO.recebimento, MSG_LINHAS_ESTOQUE.muitasLinhas.recebimento)
    .nullish()
    .transform((v) => v ?? []),
});
export type EntradaRecebimentoTransferencia = z.output<typeof entradaRecebimentoTransferencia>;

/** Cancelling (before receipt, by the origin): the goods return to the origin location. */
export const entradaCancelamentoTransferencia = z.object({ id: id('a transferência') });

export const transferenciaEstoque = z.object({
  id: z.number(),
  lojaOrigemId: z.number(),
  localOrigemId: z.number(),
  lojaDestinoId: z.number(),
  localDestinoId: z.number(),
  /** names of both ends: the receiving user may not hold the origin store (and the other way round) */
  lojaOrigemSigla: z.string(),
  lojaDestinoSigla: z.string(),
  localOrigemDescricao: z.string(),
  localDestinoDescricao: z.string(),
  /** the origin store's TRANSITO location, where the goods are until received */
  localTransitoId: z.number(),
  data: z.string(),
  status: z.enum(STATUS_TRANSFERENCIA),
  observacao: z.string().nullable(),
  quantidadeItens: z.number(),
  usuarioId: z.number().nullable(),
  criadoEm: instante,
  dataRecebimento: z.string().nullable(),
  observacaoRecebimento: z.string().nullable(),
  usuarioRecebimentoId: z.number().nullable(),
  recebidoEm: instante.nullable(),
});
export type TransferenciaEstoque = z.infer<typeof transferenciaEstoque>;

export const itemTransferencia = z.object({
  produtoId: z.number(),
  descricao: z.string().nullable(),
  /** sent (decimal text) */
  quantidade: z.string(),
  /** the origin's average at sending (the exit's cost) */
  custoUnitario: z.string(),
  quantidadeRecebida: z.string().nullable(),
  /** the cost of the receipt: the TRANSITO exit and the destination entry carry the same one */
  custoRecebimento: z.string().nullable(),
  /** sent − received (posted as a loss at the origin when above zero) */
  diferenca: z.string().nullable(),
});
export type ItemTransferencia = z.infer<typeof itemTransferencia>;

export const transferenciaEstoqueDetalhe = transferenciaEstoque.extend({ itens: z.array(itemTransferencia) });
export type TransferenciaEstoqueDetalhe = z.infer<typeof transferenciaEstoqueDetalhe>;

export const divergenciaTransferencia = z.object({
  produtoId: z.number(),
  enviada: z.string(),
  recebida: z.string(),
  diferenca: z.string(),
});
export type DivergenciaTransferencia = z.infer<typeof divergenciaTransferencia>;

/** The receipt's answer: the transfer as it now is, the divergences and what was done with them. */
export const recebimentoTransferencia = transferenciaEstoqueDetalhe.extend({
  divergencias: z.array(divergenciaTransferencia),
  mensagem: z.string(),
});
export type RecebimentoTransferencia = z.infer<typeof recebimentoTransferencia>;

/**
 * The stores a transfer may go to, with their locations (GET …/transferencias/destinos): every active store
 * of the tenant — the sender does not hold the destination — and its active locations but the transit one.
 */
export const destinoTransferencia = z.object({
  id: z.number(),
  sigla: z.string(),
  fantasia: z.string(),
  /** the CNPJ root: only stores of the origin's root can receive (another root is a sale) */
  raizCnpj: z.string(),
  locais: z.array(z.object({ id: z.number(), descricao: z.string(), tipo: z.string(), padraoEntrada: z.boolean() })),
});
export type DestinoTransferencia = z.infer<typeof destinoTransferencia>;
