/** The POS sales upload (pdv-vendas.workflow.ts), the cash operations (pdv-caixa.*) and the cupons' partitions (ensured at start for the months ahead). */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { garantirParticoes } from '../../ledger/particoes';
import { montarWorkflows } from '../../workflows';
import { pdvCaixaConsultaRoutes } from './pdv-caixa.consulta';
import { receberOperacoesCaixa } from './pdv-caixa.workflow';
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
    receberOperacoesCaixa,
  ]);
  await api.register(pdvVendasConsultaRoutes, opts);
  await api.register(pdvInconsistenciasConsultaRoutes, opts);
  await api.register(pdvCaixaConsultaRoutes, opts);
  await garantirParticoes(opts.db, 'app_cupom_particoes', (m) => api.log.info(m));
}
