/**
 * POST /api/v1/produto/codigos/resolucao {lojaId, codigos[≤ 10 000]} → {lojaId, itens[]}: each code's
 * product, sale unit, factor and whether it can be used in the store, or why not (codigos.resolver.ts).
 * A read: PERM_PRODUTO_ACESSO, the caller's stores only (403), one statement in a tenant transaction.
 */
import { entradaResolucaoCodigos, MSG_CODIGOS, perm, resultadoResolucaoCodigos } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { engineAuthOf } from '../../registers/context';
import { buscarAchados, chavesDistintas, respostasPorCodigo } from './codigos.resolver';

export async function resolucaoCodigosRoutes(api: FastifyInstance, opts: { db: Database }) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.post(
    '/v1/produto/codigos/resolucao',
    {
      config: { access: { anyOf: [perm('PRODUTO')], entidade: 'produtos' } },
      schema: {
        tags: ['produto'],
        summary: 'Resolve códigos (interno, EAN, auxiliar) em produtos, unidade e fator, numa loja',
        body: entradaResolucaoCodigos,
        response: { 200: resultadoResolucaoCodigos },
      },
    },
    async (request) => {
      const auth = engineAuthOf(request);
      const { lojaId, codigos } = request.body;
      if (!auth.lojas.includes(lojaId)) {
        const [loja] = await db.readOnce<{ sigla: string }>(
          auth.assinanteId,
          sql`select sigla from loja where id = ${lojaId}`,
        );
        throw new ApiError(403, MSG_CODIGOS.lojaForaDoEscopo(loja?.sigla ?? String(lojaId)));
      }
      const chaves = chavesDistintas(codigos);
      const achados = chaves.length
        ? await db.withTenantClient(auth.assinanteId, (client) => buscarAchados(client, chaves), {
            statementTimeoutMs: db.settings.listTimeoutMs,
          })
        : [];
      return { lojaId, itens: respostasPorCodigo(codigos, achados) };
    },
  );
}
