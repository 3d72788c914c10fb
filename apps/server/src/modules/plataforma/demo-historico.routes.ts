/**
 * POST /api/v1/plataforma/demo/historico {dias}: an administrator asks for a bigger demo history (the
 * job `demo.historico`, shown in the header's tasks like a report); 409 while one is open for the tenant.
 */
import { entradaHistoricoDemo, historicoDemoIniciado, MSG_HISTORICO_DEMO } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { sql } from 'kysely';
import { ehAssinanteDemo } from '../../db/seed';
import { iniciarHistoricoDemo } from './demo-historico.tarefa';

/** Whether the tenant is a demo one (by its hosts): the menu's `demonstracao` route flag (#27.16). */
export async function assinanteDeDemonstracao(db: Database, assinanteId: number): Promise<boolean> {
  const { rows } = await db.withTenant(assinanteId, (trx) =>
    sql<{ hosts: string[] }>`select hosts from assinante where id = ${assinanteId}`.execute(trx),
  );
  return ehAssinanteDemo(rows[0]?.hosts ?? []);
}

const ADMIN = { access: { adminOnly: true, entidade: 'histórico de demonstração' } };

export async function demoHistoricoRoutes(api: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/v1/plataforma/demo/historico',
    {
      config: ADMIN,
      schema: {
        tags: ['plataforma'],
        summary: 'Gera um histórico maior de movimentos de estoque de demonstração (tarefa com progresso)',
        body: entradaHistoricoDemo,
        response: { 202: historicoDemoIniciado },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const r = await iniciarHistoricoDemo(
        db,
        { assinanteId: auth.assinanteId, usuarioId: auth.usuarioId },
        request.body.dias,
      );
      if ('recusado' in r) throw new ApiError(403, MSG_HISTORICO_DEMO.somenteDemonstracao);
      if (r.existente) throw new ApiError(409, MSG_HISTORICO_DEMO.emAndamento);
      return reply.code(202).send({ tarefaId: r.tarefaId, message: MSG_HISTORICO_DEMO.iniciado });
    },
  );
}
