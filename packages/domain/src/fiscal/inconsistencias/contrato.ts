/**
 * Product fiscal inconsistencies and the lots that fix them (domain.md §3.7):
 * POST /api/v1/fiscal/lotes-inconsistencia {descricao, tipoInconsistencia, filtros} → 201 (RASCUNHO);
 * POST …/{id}/propostas {valor?, lojaId?, itens?, aplicarValidos?}; …/{id}/analise; …/{id}/finalizacao;
 * …/{id}/cancelamento. Reads: the list, /{id}, /{id}/itens, /{id}/alteracoes.
 */
import { z } from 'zod';

export const TIPOS_INCONSISTENCIA = [
  'SEM_NCM',
  'NCM_INEXISTENTE_OU_VENCIDO',
  'SEM_CEST',
  'CEST_INCOMPATIVEL_NCM',
  'SEM_NATUREZA_RECEITA',
  'CST_PIS_COFINS_INCOMPATIVEL',
  'SEM_REGIME_ESTADUAL_LOJA',
  'SEM_SITUACAO_FISCAL',
  'CST_INCOMPATIVEL_CRT',
  'GTIN_INVALIDO',
  'CFOP_NAO_PERMITIDO_NFCE',
] as const;
export type TipoInconsistencia = (typeof TIPOS_INCONSISTENCIA)[number];

/** CFOP_NAO_PERMITIDO_NFCE is fixed in the operation scenario, not in the product: no lot for it. */
export const TIPOS_LOTE = TIPOS_INCONSISTENCIA.filter((t) => t !== 'CFOP_NAO_PERMITIDO_NFCE') as Exclude<
  TipoInconsistencia,
  'CFOP_NAO_PERMITIDO_NFCE'
>[];
export type TipoLote = Exclude<TipoInconsistencia, 'CFOP_NAO_PERMITIDO_NFCE'>;

export const STATUS_LOTE = ['RASCUNHO', 'EM_ANALISE', 'FINALIZADO', 'CANCELADO'] as const;
export type StatusLote = (typeof STATUS_LOTE)[number];

export const CAMPOS_LOTE = ['ncm', 'cest', 'natureza', 'regime', 'situacao', 'gtin'] as const;
export type CampoLote = (typeof CAMPOS_LOTE)[number];

/** the product field a lot of each type proposes (regime: per store) */
export const CAMPO_DO_TIPO: Record<TipoLote, CampoLote> = {
  SEM_NCM: 'ncm',
  NCM_INEXISTENTE_OU_VENCIDO: 'ncm',
  SEM_CEST: 'cest',
  CEST_INCOMPATIVEL_NCM: 'cest',
  SEM_NATUREZA_RECEITA: 'natureza',
  CST_PIS_COFINS_INCOMPATIVEL: 'natureza',
  SEM_REGIME_ESTADUAL_LOJA: 'regime',
  SEM_SITUACAO_FISCAL: 'situacao',
  CST_INCOMPATIVEL_CRT: 'regime',
  GTIN_INVALIDO: 'gtin',
};

export const ROTULO_TIPO: Record<TipoInconsistencia, string> = {
  SEM_NCM: 'Sem NCM',
  NCM_INEXISTENTE_OU_VENCIDO: 'NCM inexistente ou vencido',
  SEM_CEST: 'Sem CEST',
  CEST_INCOMPATIVEL_NCM: 'CEST incompatível com o NCM',
  SEM_NATUREZA_RECEITA: 'Sem natureza da receita',
  CST_PIS_COFINS_INCOMPATIVEL: 'CST PIS/COFINS incompatível',
  SEM_REGIME_ESTADUAL_LOJA: 'Sem regime estadual na loja',
  SEM_SITUACAO_FISCAL: 'Sem situação fiscal',
  CST_INCOMPATIVEL_CRT: 'CST incompatível com o CRT',
  GTIN_INVALIDO: 'GTIN inválido',
  CFOP_NAO_PERMITIDO_NFCE: 'CFOP não permitido na NFC-e',
};

export const ROTULO_CAMPO: Record<CampoLote, string> = {
  ncm: 'NCM',
  cest: 'CEST',
  natureza: 'Natureza PIS/COFINS',
  regime: 'Regime tributário',
  situacao: 'Situação fiscal',
  gtin: 'GTIN',
};
/** The field's label with "proposto" in its gender: "Situação fiscal proposta", "Regime tributário proposto". */
export const rotuloCampoProposto = (campo: CampoLote) =>
  `${ROTULO_CAMPO[campo]} ${campo === 'natureza' || campo === 'situacao' ? 'proposta' : 'proposto'}`;

/** Up to this many items a lot is finalized in the command; above it, by a job with progress. */
export const LIMITE_FINALIZACAO_SINCRONA = 1000;
/** Most products of one lot. */
export const MAX_PRODUTOS_LOTE = 50_000;

const id = (rotulo: string) =>
  z
    .number({ error: `informe ${rotulo}.` })
    .int(`informe ${rotulo}.`)
    .positive(`informe ${rotulo}.`);
const idOpcional = (rotulo: string) =>
  id(rotulo)
    .nullish()
    .transform((v) => v ?? null);

export const filtrosLote = z
  .object({
    lojas: z
      .array(id('a loja'))
      .max(500)
      .nullish()
      .transform((v) => v ?? []),
    secaoId: idOpcional('a seção'),
    marcaId: idOpcional('a marca'),
    fornecedorId: idOpcional('o fornecedor'),
  })
  .default({ lojas: [], secaoId: null, marcaId: null, fornecedorId: null });
export type FiltrosLote = z.output<typeof filtrosLote>;

export const entradaCriarLote = z.object({
  descricao: z
    .string({ error: 'informe a descrição.' })
    .trim()
    .min(1, 'informe a descrição.')
    .max(120, 'no máximo 120 caracteres.'),
  tipoInconsistencia: z.enum(TIPOS_INCONSISTENCIA, { error: 'informe o tipo de inconsistência.' }),
  filtros: filtrosLote,
});
export type EntradaCriarLote = z.output<typeof entradaCriarLote>;

const valorProposto = z
  .string()
  .trim()
  .max(20, 'no máximo 20 caracteres.')
  .nullable()
  .transform((v) => (v ? v : null));

export const entradaPropostasLote = z.object({
  id: id('o lote'),
  /** bulk value for every item (of `lojaId` only, when given); null clears the proposals */
  valor: valorProposto.optional(),
  lojaId: idOpcional('a loja'),
  /** per-row edits */
  itens: z
    .array(z.object({ itemId: id('o item'), valor: valorProposto }))
    .max(MAX_PRODUTOS_LOTE)
    .default([]),
  /** with some rows refusing the value: apply it to the valid ones instead of refusing everything */
  aplicarValidos: z.boolean().default(false),
});
export type EntradaPropostasLote = z.output<typeof entradaPropostasLote>;

export const entradaAcaoLote = z.object({ id: id('o lote') });

export const loteInconsistencia = z.object({
  id: z.number(),
  descricao: z.string(),
  tipoInconsistencia: z.enum(TIPOS_INCONSISTENCIA),
  campo: z.enum(CAMPOS_LOTE),
  filtros: z.record(z.string(), z.unknown()),
  status: z.enum(STATUS_LOTE),
  quantidadeProdutos: z.number(),
  quantidadeCorrigidos: z.number(),
  quantidadePropostos: z.number(),
  criadoEm: z.string(),
  usuario: z.string().nullable(),
  finalizadoEm: z.string().nullable(),
  tarefaId: z.string().nullable(),
});
export type LoteInconsistencia = z.output<typeof loteInconsistencia>;

export const itemLoteInconsistencia = z.object({
  id: z.number(),
  produtoId: z.number(),
  codigo: z.string().nullable(),
  descricao: z.string(),
  ncm: z.string().nullable(),
  lojaId: z.number().nullable(),
  lojaSigla: z.string().nullable(),
  campo: z.enum(CAMPOS_LOTE),
  valorAtual: z.string().nullable(),
  valorProposto: z.string().nullable(),
  /** the register's label when the value is its id (situação fiscal, regime, natureza); null otherwise */
  valorAtualRotulo: z.string().nullable(),
  valorPropostoRotulo: z.string().nullable(),
  aplicadoEm: z.string().nullable(),
});
export type ItemLoteInconsistencia = z.output<typeof itemLoteInconsistencia>;

export const alteracaoLoteInconsistencia = z.object({
  id: z.number(),
  produtoId: z.number(),
  descricao: z.string().nullable(),
  lojaId: z.number().nullable(),
  campo: z.string(),
  antes: z.string().nullable(),
  depois: z.string().nullable(),
  antesRotulo: z.string().nullable(),
  depoisRotulo: z.string().nullable(),
  alteradoEm: z.string(),
});
export type AlteracaoLoteInconsistencia = z.output<typeof alteracaoLoteInconsistencia>;

export const itemInvalidoLote = z.object({
  itemId: z.number(),
  produtoId: z.number(),
  mensagem: z.string(),
});
export type ItemInvalidoLote = z.output<typeof itemInvalidoLote>;

export const resultadoPropostasLote = z.object({
  lote: loteInconsistencia,
  atualizados: z.number(),
  /** rows left without the value (only with aplicarValidos: otherwise they make the 422) */
  invalidos: z.array(itemInvalidoLote),
});
export type ResultadoPropostasLote = z.output<typeof resultadoPropostasLote>;

/** GET /api/v1/fiscal/inconsistencias: open inconsistencies per type in the caller's stores. */
export const contagemInconsistencias = z.object({
  items: z.array(
    z.object({
      tipoInconsistencia: z.enum([...TIPOS_INCONSISTENCIA, 'SEM_CENARIO_FISCAL']),
      quantidade: z.number(),
      produtos: z.number(),
    }),
  ),
});
export type ContagemInconsistencias = z.output<typeof contagemInconsistencias>;
