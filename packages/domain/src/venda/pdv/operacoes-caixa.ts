/**
 * Cash operations of a POS terminal (domain §4 Funções PDV, CAIXA): abertura (the change fund), suprimento
 * (cash in), sangria (cash out to the safe) and fechamento (the cash the operator counted and declared),
 * uploaded like the sales: `POST /api/v1/pdv/operacoes-caixa {operacoes: [...]}`, one command per batch,
 * idempotent by the Idempotency-Key header and, per operation, by its own key (store + caixa + sequencial):
 * the same content again answers DUPLICADA, other content under a used key is refused. Each operation is read
 * on its own, so one malformed operation gets its own 422-shaped result and never fails the batch.
 * The drawer's day (`resumoDoCaixa`): abertura + suprimentos − sangrias + cash taken in sales (payments of
 * tPag 01 less change; returns paid out in cash subtract) = the expected cash; the declared fechamento
 * against it gives the difference (quebra de caixa: SOBRA or FALTA).
 */
import { z } from 'zod';
import { defineCommand } from '../../comandos/definir';
import { Decimal, decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import { perm } from '../../permissions';
import { idIntegracao, idIntegracaoOpcional } from '../ids-integracao';
import { dataHoraLocal, numeroCaixaPdv, sequencialPdv, textoPdv } from './contrato';

export const TIPOS_OPERACAO_CAIXA = ['ABERTURA', 'SUPRIMENTO', 'SANGRIA', 'FECHAMENTO'] as const;
export type TipoOperacaoCaixa = (typeof TIPOS_OPERACAO_CAIXA)[number];

export const DESCRICAO_OPERACAO_CAIXA: Record<TipoOperacaoCaixa, string> = {
  ABERTURA: 'Abertura (fundo de troco)',
  SUPRIMENTO: 'Suprimento',
  SANGRIA: 'Sangria',
  FECHAMENTO: 'Fechamento (valor declarado)',
};

/** Most operations in one upload (one transaction). */
export const MAX_OPERACOES_LOTE = 5000;

export const MSG_CAIXA_PDV = {
  entidade: 'operações de caixa do PDV',
  nenhumaValida: 'Nenhuma operação de caixa do envio é válida.',
  operacaoInvalida: (i: number) => `Operação ${i + 1} do envio inválida.`,
  jaRecebida: 'Operação de caixa já recebida.',
  outroConteudo: (caixa: number, seq: number) =>
    `A operação ${seq} do caixa ${caixa} já foi recebida com outro conteúdo.`,
  valorPositivo: 'informe um valor maior que zero para a sangria ou o suprimento.',
  lojaForaDoEscopo: (lojaId: number) => `Você não tem acesso à loja ${lojaId}.`,
  pdvNaoCadastrado: (caixa: number) => `PDV ${caixa} não cadastrado na loja.`,
  operadorNaoCadastrado: (id: number) => `Operador ${id} não cadastrado.`,
} as const;

export const operacaoCaixaPdv = z
  .object({
    lojaId: idIntegracao('a loja'),
    numeroCaixa: numeroCaixaPdv,
    sequencial: sequencialPdv('informe o sequencial da operação.'),
    tipo: z.enum(TIPOS_OPERACAO_CAIXA, { error: 'informe o tipo (ABERTURA, SUPRIMENTO, SANGRIA ou FECHAMENTO).' }),
    dataHora: dataHoraLocal(true).transform((v) => v!),
    funcionarioId: idIntegracaoOpcional('o operador'),
    /** who authorised it, when the store's Funções PDV ask for a supervisor */
    supervisorId: idIntegracaoOpcional('o supervisor'),
    valor: decimalTexto({ ...LIMITES_DECIMAL.dinheiro, naoNegativo: true }),
    observacao: textoPdv(200),
  })
  .refine((o) => !(o.tipo === 'SANGRIA' || o.tipo === 'SUPRIMENTO') || Decimal.de(o.valor).comparar('0') > 0, {
    message: MSG_CAIXA_PDV.valorPositivo,
    path: ['valor'],
  });
export type OperacaoCaixaPdv = z.output<typeof operacaoCaixaPdv>;

/** The operation's content as one stable text (its digest decides DUPLICADA against another content). */
export function conteudoOperacaoCaixa(o: OperacaoCaixaPdv): string {
  return JSON.stringify([
    o.lojaId,
    o.numeroCaixa,
    o.sequencial,
    o.tipo,
    o.dataHora,
    o.funcionarioId,
    o.supervisorId,
    Decimal.de(o.valor).texto(2),
    o.observacao,
  ]);
}

export const entradaOperacoesCaixa = z.object({
  operacoes: z
    .array(z.unknown(), { error: 'informe as operações (operacoes: [...]).' })
    .min(1, 'informe ao menos uma operação.')
    .max(MAX_OPERACOES_LOTE, `no máximo ${MAX_OPERACOES_LOTE} operações por envio.`),
});

export const SITUACOES_OPERACAO_CAIXA = ['ACEITA', 'DUPLICADA', 'REJEITADA'] as const;
export const resultadoOperacaoCaixa = z.object({
  indice: z.number().int(),
  lojaId: z.number().nullable(),
  numeroCaixa: z.number().nullable(),
  sequencial: z.number().nullable(),
  situacao: z.enum(SITUACOES_OPERACAO_CAIXA),
  id: z.number().optional(),
  mensagem: z.string().optional(),
  /** refused: the 4xx body of this operation alone (nothing of it stored) */
  status: z.number().int().optional(),
  reasons: z.array(z.string()).optional(),
  erros: z.array(z.object({ campo: z.string(), mensagem: z.string() })).optional(),
});
export type ResultadoOperacaoCaixa = z.infer<typeof resultadoOperacaoCaixa>;

export const resultadoOperacoesCaixa = z.object({
  aceitas: z.number().int(),
  duplicadas: z.number().int(),
  rejeitadas: z.number().int(),
  resultados: z.array(resultadoOperacaoCaixa),
});
export type ResultadoOperacoesCaixa = z.infer<typeof resultadoOperacoesCaixa>;

export const comandoOperacoesCaixa = defineCommand({
  nome: 'pdv.operacoes-caixa',
  caminho: '/api/v1/pdv/operacoes-caixa',
  resumo: 'Recebe as operações de caixa do PDV (abertura, suprimento, sangria, fechamento)',
  entidade: MSG_CAIXA_PDV.entidade,
  entrada: entradaOperacoesCaixa,
  saida: resultadoOperacoesCaixa,
  acesso: { permissao: perm('VENDA_PDV', 'INCLUIR'), dispositivo: true },
  limiteCorpo: 16 * 1024 * 1024,
  raizXml: 'OperacoesCaixaPdv',
});

/** What one drawer (store × caixa × store-local day) holds, amounts as decimal strings. */
export interface MovimentoDoCaixa {
  abertura: string;
  suprimentos: string;
  sangrias: string;
  /** cash taken in the day's sales (tPag 01, less change) less cash paid out in returns */
  dinheiroVendas: string;
  /** the declared amount of the day's fechamento, or null while the drawer is open */
  declarado: string | null;
}

export type SituacaoCaixa = 'ABERTO' | 'CONFERE' | 'SOBRA' | 'FALTA';

export interface ResumoDoCaixa extends MovimentoDoCaixa {
  esperado: string;
  diferenca: string | null;
  situacao: SituacaoCaixa;
}

/** Expected cash and the quebra de caixa (declared − expected), exact to the cent. */
export function resumoDoCaixa(m: MovimentoDoCaixa): ResumoDoCaixa {
  const esperado = Decimal.de(m.abertura).mais(m.suprimentos).menos(m.sangrias).mais(m.dinheiroVendas);
  if (m.declarado === null) return { ...m, esperado: esperado.texto(2), diferenca: null, situacao: 'ABERTO' };
  const diferenca = Decimal.de(m.declarado).menos(esperado);
  const sinal = diferenca.comparar('0');
  return {
    ...m,
    esperado: esperado.texto(2),
    diferenca: diferenca.texto(2),
    situacao: sinal === 0 ? 'CONFERE' : sinal > 0 ? 'SOBRA' : 'FALTA',
  };
}
