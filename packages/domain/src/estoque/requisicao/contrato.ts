/**
 * Stock requisitions (domain §5, "Motivo requisição"): a location asks another location (of its store or of
 * another store of the company) for goods, for a motivo of the register. ABERTA → APROVADA (when the motivo
 * `exigeAprovacao`) → TRANSFERIDA (exit at the origin's average into the origin store's TRANSITO location)
 * → RECEBIDA (entry at the same cost; what did not arrive is a loss of the origin) | CANCELADA before the
 * goods leave. POST /api/v1/estoque/requisicoes → 201 + Location; the web form uses the same schema.
 */
import { z } from 'zod';
import { instante } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import { dataDaMovimentacao } from '../ajuste/contrato';
import { MAX_LINHAS_DOCUMENTO, MSG_LINHAS_ESTOQUE, politicaDuplicados } from '../duplicados';
import { MSG_TRANSFERENCIA } from '../transferencia/mensagens';
import { itemTransferencia } from '../transferencia/contrato';
import { STATUS_REQUISICAO } from './status';

export { ROTULO_STATUS_REQUISICAO, STATUS_REQUISICAO, type StatusRequisicao } from './status';

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

export const itemRequisicaoEntrada = z.object({
  produtoId: id('o produto'),
  /** positive; the unit's decimals are checked against the product */
  quantidade: decimalTexto({ ...LIMITES_DECIMAL.quantidade, positivo: true }),
});

/** Opening: the requesting end (destination) is the command's store; the origin gives the goods. */
export const entradaRequisicaoEstoque = z
  .object({
    lojaDestinoId: id('a loja que requisita'),
    localDestinoId: id('o local que requisita'),
    lojaOrigemId: id('a loja de origem'),
    localOrigemId: id('o local de origem'),
    motivoId: id('o motivo'),
    observacao,
    itens: z
      .array(itemRequisicaoEntrada)
      .min(1, 'Informe ao menos um item.')
      .max(MAX_LINHAS_DOCUMENTO.requisicao, MSG_LINHAS_ESTOQUE.muitasLinhas.requisicao),
  })
  .superRefine((e, ctx) => {
    if (e.localOrigemId === e.localDestinoId)
      ctx.addIssue({ code: 'custom', path: ['localDestinoId'], message: MSG_TRANSFERENCIA.mesmoLocal });
    for (const f of politicaDuplicados('requisicao', e.itens).falhas)
      ctx.addIssue({ code: 'custom', path: f.campo.split('.'), message: f.mensagem });
  });
export type EntradaRequisicaoEstoque = z.output<typeof entradaRequisicaoEstoque>;
export type FormularioRequisicaoEstoque = z.input<typeof entradaRequisicaoEstoque>;

/** Approving and cancelling take the path's id (cancelling may say why). */
export const entradaDaRequisicao = z.object({ id: id('a requisição') });
export const entradaCancelamentoRequisicao = z.object({ id: id('a requisição'), observacao });

/** Transferring: the posting date defaults to the origin's today. */
export const entradaTransferenciaRequisicao = z.object({
  id: id('a requisição'),
  data: dataDaMovimentacao.nullish().transform((v) => v ?? null),
});

export const itemRecebimentoRequisicao = z.object({
  produtoId: id('o produto'),
  /** what arrived: zero up to the quantity transferred */
  quantidadeRecebida: decimalTexto({ ...LIMITES_DECIMAL.quantidade, naoNegativo: true }),
});

/** The receipt: a product not listed arrived whole; `data` defaults to the destination's today. */
export const entradaRecebimentoRequisicao = z.object({
  id: id('a requisição'),
  data: dataDaMovimentacao.nullish().transform((v) => v ?? null),
  observacao,
  itens: z
    .array(itemRecebimentoRequisicao)
    .max(MAX_LINHAS_DOCUMENTO.recebimento, MSG_LINHAS_ESTOQUE.muitasLinhas.recebimento)
    .nullish()
    .transform((v) => v ?? []),
});
export type EntradaRecebimentoRequisicao = z.output<typeof entradaRecebimentoRequisicao>;

export const requisicaoEstoque = z.object({
  id: z.number(),
  status: z.enum(STATUS_REQUISICAO),
  lojaOrigemId: z.number(),
  localOrigemId: z.number(),
  lojaDestinoId: z.number(),
  localDestinoId: z.number(),
  lojaOrigemSigla: z.string(),
  lojaDestinoSigla: z.string(),
  localOrigemDescricao: z.string(),
  localDestinoDescricao: z.string(),
  motivoId: z.number(),
  motivoDescricao: z.string(),
  motivoTipo: z.string(),
  exigeAprovacao: z.boolean(),
  observacao: z.string().nullable(),
  quantidadeItens: z.number(),
  usuarioId: z.number().nullable(),
  criadoEm: instante,
  usuarioAprovacaoId: z.number().nullable(),
  aprovadoEm: instante.nullable(),
  /** the origin store's TRANSITO location, set by the transfer */
  localTransitoId: z.number().nullable(),
  dataTransferencia: z.string().nullable(),
  usuarioTransferenciaId: z.number().nullable(),
  dataRecebimento: z.string().nullable(),
  observacaoRecebimento: z.string().nullable(),
  usuarioRecebimentoId: z.number().nullable(),
  canceladoEm: instante.nullable(),
  observacaoCancelamento: z.string().nullable(),
});
export type RequisicaoEstoque = z.infer<typeof requisicaoEstoque>;

/** Lines as the transfer's: requested, cost at the exit, received, cost of the receipt, difference. */
export const itemRequisicao = itemTransferencia;
export type ItemRequisicao = z.infer<typeof itemRequisicao>;

export const requisicaoEstoqueDetalhe = requisicaoEstoque.extend({ itens: z.array(itemRequisicao) });
export type RequisicaoEstoqueDetalhe = z.infer<typeof requisicaoEstoqueDetalhe>;

/** Each command answers the requisition as it now is and what was done. */
export const requisicaoAlterada = requisicaoEstoqueDetalhe.extend({
  mensagem: z.string(),
  /** the receipt's divergences (sent − received > 0) */
  divergencias: z
    .array(z.object({ produtoId: z.number(), enviada: z.string(), recebida: z.string(), diferenca: z.string() }))
    .optional(),
  /** balances left below zero where the store allows it */
  avisos: z.array(z.string()).optional(),
});
export type RequisicaoAlterada = z.infer<typeof requisicaoAlterada>;
