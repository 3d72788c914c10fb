/**
 * The official IBGE table we ship, for the address forms: GET /api/v1/municipios?uf=SP[&q=text]
 * lists a UF's municipalities by name with their 7-digit code (nobody types an IBGE code by hand);
 * GET /api/v1/municipios/{codigo} answers one. Global data: any signed-in user reads it.
 */
import { UF_IBGE } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';

export async function municipiosRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  const acesso = { config: { access: { entidade: 'municípios' } } };
  app.get('/v1/municipios', acesso, async (request) => {
    const { uf, q } = request.query as { uf?: string; q?: string };
    const sigla = String(uf ?? '').toUpperCase();
    if (!UF_IBGE[sigla]) throw new ApiError(400, 'Informe a UF (sigla de 2 letras).');
    const termo = String(q ?? '')
      .trim()
      .slice(0, 60);
    const filtro = termo ? sql`and unaccent(nome) ilike unaccent(${`%${termo}%`})` : sql``;
    const items = await db.readOnce(
      authOf(request).assinanteId,
      sql<{ codigoIbge: string; nome: string; uf: string }>`
        select codigo_ibge, nome, uf from municipio where uf = ${sigla} ${filtro} order by unaccent(nome), codigo_ibge`,
    );
    return { items, total: items.length };
  });
  app.get('/v1/municipios/:codigo', acesso, async (request) => {
    const codigo = (request.params as { codigo: string }).codigo;
    if (!/^\d{7}$/.test(codigo)) throw new ApiError(404, 'Município não encontrado.');
    const [m] = await db.readOnce(
      authOf(request).assinanteId,
      sql<{ codigoIbge: string; nome: string; uf: string }>`
        select codigo_ibge, nome, uf from municipio where codigo_ibge = ${codigo}`,
    );
    if (!m) throw new ApiError(404, 'Município não encontrado.');
    return m;
  });
}
