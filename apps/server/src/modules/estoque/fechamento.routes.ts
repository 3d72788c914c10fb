/** Stock period closing: the commands, and reading a store's current closing date. */
import { fechamentoEstoque, MSG_FECHAMENTO, perm } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado, proibido } from '../../workflows';
import { fecharEstoque, reabrirEstoque } from './fechamento.workflow';

export async function fechamentoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  montarWorkflows(api, db, [fecharEstoque, reabrirEstoque]);
  api.withTypeProvider<ZodTypeProvider>().get(
    '/v1/estoque/lojas/:id/fechamento',
    {
      config: { access: { anyOf: [perm('FECHAMENTO_ESTOQUE')], entidade: MSG_FECHAMENTO.entidade } },
      schema: {
        tags: ['estoque'],
        summary: 'Até que data o estoque da loja está fechado',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: fechamentoEstoque },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const lojaId = request.params.id;
      const row = await db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<z.output<typeof fechamentoEstoque>>`
          select l.id as loja_id, l.sigla, to_char(f.fechado_ate, 'YYYY-MM-DD') as fechado_ate,
                 f.alterado_por, f.alterado_em
            from loja l left join fechamento_estoque f on f.loja_id = l.id
           where l.id = ${lojaId}`.execute(trx);
        return rows[0];
      });
      if (!row) throw naoEncontrado(MSG_FECHAMENTO.lojaNaoEncontrada);
      if (!auth.lojas.includes(lojaId)) throw proibido(MSG_FECHAMENTO.lojaForaDoEscopo);
      return row;
    },
  );
}
