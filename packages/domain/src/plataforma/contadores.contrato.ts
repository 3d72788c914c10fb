/**
 * Inconsistency counters (spec §4, §7 "Counters and holdings"), limited to the caller's stores:
 * GET /api/v1/pdv/pendencias, /produto/inconsistencias-tributacao, /produto/inconsistencias-produto,
 * /pdv/erros-subida-venda (per store; a counter the caller may not see is null).
 */
import { z } from 'zod';

/** GET /api/v1/pdv/pendencias and /api/v1/produto/inconsistencias-tributacao. */
export const totalDeContador = z.object({ total: z.number() });

export const inconsistenciaPorTipo = z.object({ tipoInconsistencia: z.string(), quantidade: z.number() });
export type InconsistenciaPorTipo = z.input<typeof inconsistenciaPorTipo>;

/** GET /api/v1/produto/inconsistencias-produto. */
export const inconsistenciasDeProduto = z.object({ items: z.array(inconsistenciaPorTipo) });

export const contadoresDaLoja = z.object({
  lojaId: z.number(),
  sigla: z.string(),
  fantasia: z.string(),
  errosDeSubidaDeVenda: z.number().nullable(),
  inconsistenciasDeVenda: z.number().nullable(),
  inconsistenciasDeTributacao: z.number().nullable(),
  inconsistenciasDeProduto: z.number().nullable(),
});
export type ContadoresDaLoja = z.input<typeof contadoresDaLoja>;

/** GET /api/v1/pdv/erros-subida-venda. */
export const contadoresPorLoja = z.object({ total: z.number(), items: z.array(contadoresDaLoja) });
export type ContadoresPorLoja = z.input<typeof contadoresPorLoja>;
