/** The POS sales upload (pdv-vendas.workflow.ts) and its partitions (ensured at start for the months ahead). */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { garantirParticoes } from '../../ledger/particoes';
import { montarWorkflows } from '../../workflows';
import { pdvInconsistenciasConsultaRoutes } from './pdv-inconsistencias.consulta';
import { pdvVendasConsultaRoutes } from './pdv-vendas.consulta';
import {
  descartarSubida,
  reconstruirResumos,
  reprocessarCodigo,
  reprocessarSubida,
} from './pdv-inconsistencias.workflow';
import { receberVendasPdv } from './pdv-vendas.workflow';

export async function pdvVendasRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  montarWorkflows(api, opts.db, [
    receberVendasPdv,
    reprocessarSubida,
    reprocessarCodigo,
    descartarSubida,
    reconstruirResumos,
  ]);
  await api.register(pdvVendasConsultaRoutes, opts);
  await api.register(pdvInconsistenciasConsultaRoutes, opts);
  await garantirParticoes(opts.db, 'app_cupom_particoes', (m) => api.log.info(m));
}
