/**
 * Stock adjustments exactly as integrations send them (api-compat.md, C1 C3):
 * POST /api/v1/estoque/ajustes {lojaId, localId, tipoDeOperacao, tipoDeAjusteId, dataDaMovimentacao,
 * observacao?, itens:[{produtoId, quantidade, custoUnitario?}]} → 201 + Location; GET list and /{id}.
 * The web form uses the same schema (react-hook-form + zodResolver).
 */
import { z } from 'zod';
import { confirmarDataAntiga, dataDeNegocio, datasDeNegocio, instante } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import { MAX_LINHAS_DOCUMENTO, MSG_LINHAS_ESTOQUE } from '../duplicados';

export const OPERACOES_AJUSTE = ['ENTRADA', 'SAIDA'] as const;
export type OperacaoAjuste = (typeof OPERACOES_AJUSTE)[number];

/** Most items of one adjustment (one transaction; a bigger load is split by the caller): duplicados.ts. */
export const MAX_ITENS_AJUSTE = MAX_LINHAS_DOCUMENTO.ajuste;

const id = (rotulo: string) =>
  z
    .number({ error: `informe ${rotulo}.` })
    .int(`informe ${rotulo}.`)
    .positive(`informe ${rotulo}.`);

/** `YYYY-MM-DD` or a local `YYYY-MM-DDTHH:mm:ss` (integrations send either): the store-local date part. */
export const dataDaMovimentacao = dataDeNegocio({ comHora: true, informe: 'informe a data da movimentação.' });

export const itemAjusteEntrada = z.object({
  produtoId: id('o produto'),
  /** positive; the unit's decimals are checked against the product */
  quantidade: decimalTexto({ ...LIMITES_DECIMAL.quantidade, positivo: true }),
  custoUnitario: decimalTexto({ ...LIMITES_DECIMAL.custoUnitario, naoNegativo: true }).nullish(),
});

export const entradaAjusteEstoque = z.object({
  lojaId: id('a loja'),
  localId: id('o local de estoque'),
  tipoDeOperacao: z.enum(OPERACOES_AJUSTE, { error: 'informe ENTRADA ou SAIDA.' }),
  tipoDeAjusteId: id('o tipo de ajuste'),
  dataDaMovimentacao,
  /** a date more than a year before the store's today is refused unless confirmed */
  confirmarDataAntiga,
  observacao: z
    .string()
    .trim()
    .max(500, 'no máximo 500 caracteres.')
    .nullish()
    .transform((v) => (v ? v : null)),
  itens: z
    .array(itemAjusteEntrada)
    .min(1, 'Informe ao menos um item.')
    .max(MAX_ITENS_AJUSTE, MSG_LINHAS_ESTOQUE.muitasLinhas.ajuste),
});
datasDeNegocio.add(entradaAjusteEstoque, { campo: 'dataDaMovimentacao' });
export type EntradaAjusteEstoque = z.output<typeof entradaAjusteEstoque>;
export type FormularioAjusteEstoque = z.input<typeof entradaAjusteEstoque>;

export const itemAjusteEstoque = z.object({
  movimentoId: z.string(),
  produtoId: z.number(),
  quantidade: z.string(),
  custoUnitario: z.string(),
});

export const ajusteEstoque = z.object({
  id: z.number(),
  lojaId: z.number(),
  localId: z.number(),
  tipoDeAjusteId: z.number(),
  tipoDeOperacao: z.enum(OPERACOES_AJUSTE),
  dataDaMovimentacao: z.string(),
  observacao: z.string().nullable(),
  quantidadeItens: z.number(),
  usuarioId: z.number().nullable(),
  criadoEm: instante,
});
export type AjusteEstoque = z.infer<typeof ajusteEstoque>;

/** A row of the list and the document view: the names beside the ids (issue #27.13). */
export const ajusteEstoqueNaLista = ajusteEstoque.extend({
  lojaSigla: z.string().nullable(),
  localDescricao: z.string().nullable(),
  tipoDeAjusteDescricao: z.string().nullable(),
  usuarioNome: z.string().nullable(),
});
export type AjusteEstoqueNaLista = z.infer<typeof ajusteEstoqueNaLista>;

/** A line of the document view: the product and its unit (quantities by the unit's decimals). */
export const itemAjusteEstoqueDetalhe = itemAjusteEstoque.extend({
  produtoCodigo: z.string().nullable(),
  produtoDescricao: z.string().nullable(),
  unidade: z.string().nullable(),
  casasDecimais: z.number(),
});
export const ajusteEstoqueDetalhe = ajusteEstoqueNaLista.extend({ itens: z.array(itemAjusteEstoqueDetalhe) });
export type AjusteEstoqueDetalhe = z.infer<typeof ajusteEstoqueDetalhe>;
