/** Per-store stock parameters: read (the caller's stores) and the administrators' commands (policy, average recompute). */
import { configuracaoEstoque, listaConfiguracaoEstoque, MSG_CONFIGURACAO_ESTOQUE, perm } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado, proibido } from '../../workflows';
import { configuracoesDasLojas, configurarEstoqueDaLoja } from './configuracao.workflow';
import { recalcularCustoMedio } from './custo-medio.workflow';

const leitura = {
  access: {
    anyOf: [perm('FECHAMENTO_ESTOQUE'), perm('AJUSTE_ESTOQUE')],
    entidade: MSG_CONFIGURACAO_ESTOQUE.entidade,
  },
};

export async function configuracaoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  montarWorkflows(api, db, [configurarEstoqueDaLoja, recalcularCustoMedio]);
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/estoque/lojas',
    {
      config: leitura,
      schema: {
        tags: ['estoque'],
        summary: 'Parâmetros de estoque das lojas do usuário (saldo negativo, fechamento)',
        response: { 200: listaConfiguracaoEstoque },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const items = await db.withTenant(auth.assinanteId, (trx) => configuracoesDasLojas(trx, auth.lojas));
      return { items };
    },
  );
  r.get(
    '/v1/estoque/lojas/:id/configuracao',
    {
      config: leitura,
      schema: {
        tags: ['estoque'],
        summary: 'Parâmetros de estoque de uma loja',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: configuracaoEstoque },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const lojaId = request.params.id;
      const [row] = await db.withTenant(auth.assinanteId, (trx) => configuracoesDasLojas(trx, [lojaId]));
      if (!row) throw naoEncontrado(MSG_CONFIGURACAO_ESTOQUE.lojaNaoEncontrada);
      if (!auth.lojas.includes(lojaId)) throw proibido(MSG_CONFIGURACAO_ESTOQUE.lojaForaDoEscopo);
      return row;
    },
  );
}
