/**
 * Dashboards (issue "Dashboards over real data"): POST /api/v1/painel/dashboards, PUT/DELETE …/{id},
 * POST …/{dashboardId}/indicadores, PUT/DELETE …/{dashboardId}/indicadores/{indicadorId}; reads GET …, GET …/{id},
 * GET …/{id}/dados?inicio=&fim=&lojas= (every indicator), GET …/{id}/indicadores/{indicadorId}/dados[.xlsx].
 * No permission is needed for one's own dashboards; cost indicators need PERM_INDICADOR_CUSTO_ACESSO.
 */
import { z } from 'zod';
import { dataDeNegocio } from '../../contrato';
import { CHAVES_INDICADOR, TAMANHOS, VISUALIZACOES } from '../indicadores/catalogo';
import { PERIODOS_PADRAO } from '../periodos';

export const MSG_DASHBOARD = {
  entidade: 'dashboard',
  naoEncontrado: 'Dashboard não encontrado.',
  indicadorNaoEncontrado: 'Indicador não encontrado neste dashboard.',
  soDono: 'Só quem criou o dashboard pode alterá-lo.',
  custo: 'Você não tem permissão para acessar ou alterar indicadores de custo e margem.',
  lojaForaDoEscopo: (id: number) => `A loja ${id} não está entre as suas lojas.`,
  grupoInexistente: (id: number) => `O grupo ${id} não existe.`,
  periodoInvertido: 'a data final deve ser igual ou posterior à inicial.',
  periodoLongo: (dias: number) => `o período pode ter no máximo ${dias} dias.`,
  periodoFuturo: 'o período não pode terminar depois de hoje.',
  semGrupos: 'informe ao menos um grupo para compartilhar.',
  visualizacao: 'este indicador não se mostra nesse tipo de gráfico.',
  limiteIndicadores: (n: number) => `um dashboard tem no máximo ${n} indicadores.`,
} as const;

export const MAX_INDICADORES_DASHBOARD = 24;

const ids = (max: number) => z.array(z.number().int().positive()).max(max, `no máximo ${max}.`);
const lojas = ids(500)
  .nullish()
  .transform((v) => (v?.length ? [...new Set(v)].sort((a, b) => a - b) : null));

const camposDashboard = z.object({
  nome: z.string().trim().min(1, 'informe o nome.').max(80, 'no máximo 80 caracteres.'),
  compartilhado: z.boolean().default(false),
  grupos: ids(50)
    .default([])
    .transform((v) => [...new Set(v)].sort((a, b) => a - b)),
  periodoPadrao: z.enum(PERIODOS_PADRAO, { error: 'informe o período padrão.' }).default('ULTIMOS_7_DIAS'),
  lojas,
});
const semGrupos = (d: { compartilhado: boolean; grupos: number[] }, ctx: z.RefinementCtx) => {
  if (d.compartilhado && !d.grupos.length)
    ctx.addIssue({ code: 'custom', path: ['grupos'], message: MSG_DASHBOARD.semGrupos });
};

export const entradaIncluirDashboard = camposDashboard.superRefine(semGrupos);
export const entradaAlterarDashboard = camposDashboard
  .extend({ id: z.number().int().positive(), versao: z.number().int().nonnegative().nullish() })
  .superRefine(semGrupos);
export const entradaExcluirDashboard = z.object({ id: z.number().int().positive() });
export type EntradaDashboard = z.output<typeof entradaIncluirDashboard>;

export const filtroIndicador = z
  .object({
    periodo: z.enum(PERIODOS_PADRAO).nullish(),
    lojas,
    limite: z.number().int().min(1).max(50).nullish(),
  })
  .default({ lojas: null });

const camposIndicador = z.object({
  dashboardId: z.number().int().positive(),
  indicador: z.enum(CHAVES_INDICADOR, { error: 'escolha um indicador do catálogo.' }),
  visualizacao: z.enum(VISUALIZACOES, { error: 'escolha o tipo de gráfico.' }),
  tamanho: z
    .number()
    .int()
    .refine((t) => (TAMANHOS as readonly number[]).includes(t), 'tamanho: 3, 4, 6, 8 ou 12 colunas.')
    .default(6),
  ordem: z.number().int().min(0).max(999).nullish(),
  titulo: z
    .string()
    .trim()
    .max(80, 'no máximo 80 caracteres.')
    .nullish()
    .transform((v) => v || null),
  filtro: filtroIndicador,
});
export const entradaIncluirIndicador = camposIndicador;
export const entradaAlterarIndicador = camposIndicador.extend({ indicadorId: z.number().int().positive() });
export const entradaExcluirIndicador = z.object({
  dashboardId: z.number().int().positive(),
  indicadorId: z.number().int().positive(),
});
export type EntradaIndicadorDashboard = z.output<typeof entradaIncluirIndicador>;

export const indicadorDashboard = z.object({
  id: z.number(),
  indicador: z.string(),
  visualizacao: z.string(),
  tamanho: z.number(),
  ordem: z.number(),
  titulo: z.string().nullable(),
  filtro: z.object({
    periodo: z.string().nullish(),
    lojas: z.array(z.number()).nullish(),
    limite: z.number().nullish(),
  }),
});
export type IndicadorDashboard = z.infer<typeof indicadorDashboard>;

export const dashboard = z.object({
  id: z.number(),
  nome: z.string(),
  compartilhado: z.boolean(),
  grupos: z.array(z.number()),
  periodoPadrao: z.string(),
  lojas: z.array(z.number()).nullable(),
  usuarioId: z.number(),
  dono: z.string(),
  /** the caller created it (only the creator changes it) */
  meu: z.boolean(),
  versao: z.number(),
  indicadores: z.array(indicadorDashboard),
});
export type Dashboard = z.infer<typeof dashboard>;

/** The read's filter: store-local days and the stores (absent: the dashboard's defaults). */
export const consultaDados = z.object({
  /** a preset resolved on the stores' day (chosen days in inicio/fim win) */
  periodo: z.enum(PERIODOS_PADRAO).optional(),
  inicio: dataDeNegocio().optional(),
  fim: dataDeNegocio().optional(),
  lojas: z
    .string()
    .max(3000)
    .regex(/^\d+(,\d+)*$/, 'lojas: ids separados por vírgula.')
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map(Number))] : undefined)),
});

const linha = z.object({
  chave: z.string(),
  rotulo: z.string(),
  atual: z.string().nullable(),
  anterior: z.string().nullable(),
  anoAnterior: z.string().nullable(),
});
const periodo = z.object({ inicio: z.string(), fim: z.string() });
export const resultadoIndicador = z.object({
  indicador: z.enum(CHAVES_INDICADOR),
  unidade: z.enum(['DINHEIRO', 'NUMERO', 'QUANTIDADE', 'PERCENTUAL']),
  periodo,
  anterior: periodo,
  anoAnterior: periodo,
  total: linha.extend({ variacaoAnterior: z.string().nullable(), variacaoAnoAnterior: z.string().nullable() }),
  linhas: z.array(linha),
});
export const dadosIndicador = z.object({
  id: z.number(),
  lojas: z.array(z.number()),
  resultado: resultadoIndicador.nullable(),
  /** why there is no figure (no permission for cost) */
  erro: z.string().nullable(),
});
export type DadosIndicador = z.infer<typeof dadosIndicador>;
export const dadosDashboard = z.object({
  periodo,
  lojas: z.array(z.number()),
  indicadores: z.array(dadosIndicador),
});
export type DadosDashboard = z.infer<typeof dadosDashboard>;
