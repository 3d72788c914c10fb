/**
 * The legacy web app's invoice search as C4 calls it with the legacy session cookie (api-compat.md, "Legacy
 * web endpoints"): GET /notaFiscalCompra/pesquisa?filtro.notaFiscal.numeroDoDocumento=N&filtro.skipPagina=0
 * &filtro.pageSize=100&filtro.totalPagina=-1&filtro.ordem=DATADAEMISSAO&filtro.direcao=desc → JSON. Outside
 * /api, so this scope brings its own tenant and authentication hooks (the same plugins, the same cookie
 * session rules); the answer is the API's list envelope read by the same invoice query.
 */
import { MSG_NOTA_COMPRA, perm } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { pagedSql } from '../../http/list';
import { authOf, authPlugin } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { tenantPlugin } from '../../plugins/tenant';
import { NOTA_COLUNAS, notasFrom } from './nota.consulta';

const ORDENS = {
  DATADAEMISSAO: 'n.data_emissao',
  DATADAENTRADA: 'n.data_entrada',
  NUMERODODOCUMENTO: 'n.numero_nota',
  ID: 'n.id',
} as const;

const filtro = z.object({
  'filtro.notaFiscal.numeroDoDocumento': z.coerce.number().int().positive().max(999_999_999).optional(),
  'filtro.notaFiscal.serie': z.string().max(3).optional(),
  'filtro.notaFiscal.chaveDaNfe': z.string().max(44).optional(),
  'filtro.skipPagina': z.coerce.number().int().min(0).max(1_000_000).default(0),
  'filtro.pageSize': z.coerce.number().int().min(0).max(1000).default(100),
  'filtro.totalPagina': z.coerce.number().int().optional(),
  'filtro.ordem': z.enum(Object.keys(ORDENS) as [keyof typeof ORDENS]).default('DATADAEMISSAO'),
  'filtro.direcao': z.enum(['asc', 'desc', 'ASC', 'DESC']).default('desc'),
});

export async function compraLegadoRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  await app.register(async (s) => {
    await s.register(tenantPlugin, { db });
    await s.register(authPlugin, { db });
    s.get(
      '/notaFiscalCompra/pesquisa',
      { config: { access: { anyOf: [perm('NOTA_FISCAL_COMPRA')], entidade: MSG_NOTA_COMPRA.entidade } } },
      async (request, reply) => {
        const lido = filtro.safeParse(request.query ?? {});
        if (!lido.success)
          throw new ApiError(
            400,
            'Parâmetros de pesquisa inválidos.',
            lido.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
          );
        const f = lido.data;
        const auth = authOf(request);
        const where = sql<SqlBool>`true
          ${f['filtro.notaFiscal.numeroDoDocumento'] ? sql`and n.numero_nota = ${f['filtro.notaFiscal.numeroDoDocumento']}` : sql``}
          ${f['filtro.notaFiscal.serie'] ? sql`and n.serie = ${f['filtro.notaFiscal.serie']}` : sql``}
          ${f['filtro.notaFiscal.chaveDaNfe'] ? sql`and n.chave_da_nfe = ${f['filtro.notaFiscal.chaveDaNfe']}` : sql``}`;
        const direcao = f['filtro.direcao'].toLowerCase() === 'asc' ? sql`asc` : sql`desc`;
        const page = { start: f['filtro.skipPagina'], count: f['filtro.pageSize'] || 100 };
        const r = await db.withTenant(auth.assinanteId, (trx) =>
          pagedSql(trx, notasFrom(auth.lojas, where), NOTA_COLUNAS, {
            page,
            order: sql`${sql.ref(ORDENS[f['filtro.ordem']])} ${direcao}, n.id ${direcao}`,
          }),
        );
        return reply.type('application/json; charset=utf-8').send(r);
      },
    );
  });
}
