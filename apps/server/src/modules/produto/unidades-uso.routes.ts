/**
 * GET /api/v1/produto/unidades-por-uso: the active units with their sigla, the ones the tenant's products
 * use most first (then by sigla), for the product form's unit pickers: "UN" and "KG" on top, not "AMPOLA".
 */
import { perm } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { engineAuthOf } from '../../registers/context';

export async function unidadesPorUsoRoutes(api: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  const config = { access: { anyOf: [perm('PRODUTO')], entidade: 'produtos' } };
  api.get('/v1/produto/unidades-por-uso', { config }, async (request) => {
    const auth = engineAuthOf(request);
    const items = await db.readOnce(
      auth.assinanteId,
      sql<{ id: number; sigla: string; descricao: string; usos: number }>`
        select u.id, u.sigla, u.descricao,
               (select count(*) from produto p where p.unidade_de_venda_id = u.id or p.unidade_de_compra_id = u.id)::int as usos
          from unidade u where u.ativo
         order by usos desc, u.sigla`,
    );
    return { items };
  });
}
