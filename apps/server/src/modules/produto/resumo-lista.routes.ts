/**
 * GET /api/v1/produto/produtos/resumo?ids=1,2,3&lojaId=2: for the rows of a product list page, the first
 * EAN, the sale price and the stock balance in one store (the user's, default their first), so the list
 * can show the EAN, Preço and Saldo columns a buyer chooses without the list query paying for them.
 */
import { perm } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { engineAuthOf } from '../../registers/context';

export async function resumoListaRoutes(api: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  const config = { access: { anyOf: [perm('PRODUTO')], entidade: 'produtos' } };
  api.get('/v1/produto/produtos/resumo', { config }, async (request) => {
    const auth = engineAuthOf(request);
    const q = request.query as { ids?: string; lojaId?: string };
    const ids = String(q.ids ?? '')
      .split(',')
      .filter((x) => /^\d{1,9}$/.test(x))
      .map(Number)
      .slice(0, 500);
    const loja = q.lojaId !== undefined && /^\d{1,9}$/.test(q.lojaId) ? Number(q.lojaId) : auth.lojas[0];
    if (loja === undefined) throw new ApiError(400, 'Informe a loja.');
    if (!auth.administrador && !auth.lojas.includes(loja))
      throw new ApiError(403, `Você não tem acesso à loja ${loja}.`);
    if (!ids.length) return { lojaId: loja, items: [] };
    const items = await db.readOnce(
      auth.assinanteId,
      sql<{ id: number; ean: string | null; precoVenda1: string | null; saldo: string | null }>`
        select x.id,
               (select c.id from codigo_auxiliar c where c.produto_id = x.id and c.tipo = 'EAN' order by c.id limit 1) as ean,
               (select p.preco_venda1::text from preco p where p.produto_id = x.id and p.loja_id = ${loja}) as preco_venda1,
               (select sum(s.quantidade)::text from saldo_estoque s where s.produto_id = x.id and s.loja_id = ${loja}) as saldo
          from unnest(${ids}::int[]) as x(id)`,
    );
    return { lojaId: loja, items };
  });
}
