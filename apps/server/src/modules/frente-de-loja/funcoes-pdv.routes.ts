/** Funções PDV reads: the store list (caller's stores) and one store's matrix; saves and copies are commands. */
import { listaFuncoesPdv, MSG_FUNCOES_PDV, matrizFuncoesPdv, perm } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError, MSG_COMANDO } from '../../plugins/errors';
import { montarWorkflows } from '../../workflows';
import { lerMatriz, resumoDasLojas } from './funcoes-pdv.consulta';
import { copiarFuncoesPdv, salvarFuncoesPdv } from './funcoes-pdv.workflow';

const tags = ['frente de loja'];
const ACESSO = { access: { anyOf: [perm('FUNCOES_PDV')], entidade: MSG_FUNCOES_PDV.entidade } };

export async function funcoesPdvRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/v1/pdv/funcoes',
    { config: ACESSO, schema: { tags, summary: 'Funções PDV por loja', response: { 200: listaFuncoesPdv } } },
    async (request) => {
      const auth = authOf(request);
      return { items: await db.withTenant(auth.assinanteId, (trx) => resumoDasLojas(trx, auth.lojas)) };
    },
  );

  app.get(
    '/v1/pdv/lojas/:lojaId/funcoes',
    {
      config: ACESSO,
      schema: {
        tags,
        summary: 'Matriz de funções PDV da loja (versão atual e confirmação de cada PDV)',
        params: z.object({ lojaId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: matrizFuncoesPdv },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { lojaId } = request.params;
      return db.withTenant(auth.assinanteId, async (trx) => {
        const existe = await trx.selectFrom('loja').select(['id', 'sigla']).where('id', '=', lojaId).executeTakeFirst();
        if (!existe) throw new ApiError(404, MSG_COMANDO.lojaNaoEncontrada);
        if (!auth.lojas.includes(lojaId)) throw new ApiError(403, MSG_COMANDO.lojaForaDoEscopo(existe));
        return lerMatriz(trx, lojaId);
      });
    },
  );

  montarWorkflows(api, db, [salvarFuncoesPdv, copiarFuncoesPdv]);
}
