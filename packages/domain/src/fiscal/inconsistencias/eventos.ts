/**
 * Realtime event of the inconsistencies (issue #27.2): the data behind the counters changed — a lot
 * finalized, a recount — after the commit; the browsers reload their counters (the Painel's cache).
 */
import { z } from 'zod';
import { defineEvent } from '../../tempo-real/definir';

export const EVENTO_INCONSISTENCIAS_ALTERADAS = defineEvent({
  nome: 'fiscal.inconsistencias-alteradas',
  area: 'fiscal',
  publico: 'assinante',
  payload: z.object({ origem: z.enum(['lote', 'recontagem']) }),
  descricao: 'As inconsistências de produto ou de tributação mudaram (os contadores são lidos de novo).',
});
