/**
 * POST /api/v1/plataforma/demo/historico {dias} (a command answering 202 with its job): an administrator asks
 * for a bigger demo history (the job `demo.historico`, shown in the header's tasks like a report); 403 outside
 * a demo tenant, 409 while one is open for the tenant.
 */
import { comandoHistoricoDemo, MSG_HISTORICO_DEMO } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ehAssinanteDemo } from '../../db/seed';
import { conflito, defineWorkflow, montarWorkflows, proibido } from '../../workflows';
import { abrirHistoricoDemo } from './demo-historico.tarefa';

/** Whether the tenant is a demo one (by its hosts): the menu's `demonstracao` route flag (#27.16). */
export async function assinanteDeDemonstracao(db: Database, assinanteId: number): Promise<boolean> {
  const { rows } = await db.withTenant(assinanteId, (trx) =>
    sql<{ hosts: string[] }>`select hosts from assinante where id = ${assinanteId}`.execute(trx),
  );
  return ehAssinanteDemo(rows[0]?.hosts ?? []);
}

export const gerarHistoricoDemo = defineWorkflow(comandoHistoricoDemo, {
  estadoInicial: () => ({ tarefaId: '' }),
  passos: [
    async (ctx) => {
      const r = await abrirHistoricoDemo(ctx.trx, ctx.assinanteId, ctx.entrada.dias, ctx.enfileirar);
      if ('recusado' in r) throw proibido(MSG_HISTORICO_DEMO.somenteDemonstracao);
      if (r.existente) throw conflito(MSG_HISTORICO_DEMO.emAndamento);
      ctx.estado.tarefaId = r.tarefaId;
    },
  ],
  resposta: (ctx) => ({ tarefaId: ctx.estado.tarefaId, message: MSG_HISTORICO_DEMO.iniciado }),
});

export async function demoHistoricoRoutes(api: FastifyInstance, { db }: { db: Database }): Promise<void> {
  montarWorkflows(api, db, [gerarHistoricoDemo]);
}
