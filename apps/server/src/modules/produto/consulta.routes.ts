/** Produto lookup by internal code or barcode: not plain CRUD, but read through the engine's metadata. */
import { padCodigo14, perm, produto } from '@retaguarda/domain';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { engineAuthOf } from '../../registers/context';
import { metaOf, toApi } from '../../registers/meta';

/**
 * The product of an internal code or barcode (left-padded to 14 digits; the internal code first), its
 * columns as `colunas` lists; undefined when none. Also the legacy web's lookup by code (legacy.routes.ts).
 */
export async function produtoDoCodigo(
  trx: Tx,
  raw: string,
  colunas: RawBuilder<unknown> = sql`t.id`,
): Promise<Record<string, unknown> | undefined> {
  const codigo = padCodigo14(raw);
  // the stored padded keys (migration 0590): index probes under RLS, where lpad(…) read the whole catalogue
  const r = await sql<Record<string, unknown>>`select ${colunas} from produto as t
    where t.chave_codigo = ${codigo}
       or t.id = (select c.produto_id from codigo_auxiliar c where c.chave_codigo = ${codigo} limit 1)
    order by (t.chave_codigo = ${codigo}) desc limit 1`.execute(trx);
  return r.rows[0];
}

export async function consultaProdutoRoutes(api: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  const meta = metaOf(produto);
  const config: FastifyContextConfig = { access: { anyOf: [perm('PRODUTO')], entidade: 'produtos' } };
  // internal code or barcode, left-padded to 14 digits; an unknown code answers `null` (api-compat C1)
  api.get('/v1/produto/produtos/consulta/:codigo', { config }, async (request, reply) => {
    const auth = engineAuthOf(request);
    const raw = (request.params as { codigo: string }).codigo;
    if (!/^\d{1,14}$/.test(raw)) throw new ApiError(400, 'Código inválido: informe até 14 dígitos.');
    const row = await db.withTenant(auth.assinanteId, (trx) => produtoDoCodigo(trx, raw, meta.selectList));
    return reply.type('application/json; charset=utf-8').send(row ? JSON.stringify(toApi(row)) : 'null');
  });
}
