/**
 * Search of the official CFOP and CEST tables for the forms' pickers (any signed-in user, like the notices):
 * - GET /v1/fiscal/tabelas-oficiais/cfop?busca=&fluxo=entrada|saida → {items[{codigo, descricao, fluxo}]}:
 *   codes usable on a document, by code prefix ("5.1", "510") or words of the description;
 * - GET /v1/fiscal/tabelas-oficiais/cest?busca=&ncm= → {items[{codigo, descricao, ncm, segmento}]}: by code,
 *   description or NCM; with `ncm`, only the CESTs that list it (or a prefix of it).
 * At most 20 rows, ordered by code: a picker, not a report.
 */
import { somenteDigitos } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';

const tags = ['fiscal'];
const SESSAO = { access: { entidade: 'tabelas fiscais oficiais' } };
const LIMITE = 20;

// a NUL byte cannot reach PostgreSQL's text (it would answer 500)
const busca = z
  .string()
  .trim()
  .max(100)
  .refine((s) => !s.includes('\u0000'), 'caractere inválido na pesquisa.')
  .optional();

/** Digits typed → a code prefix; words → all of them in the description (accents ignored). */
function filtro(texto: string | undefined, codigo: string) {
  const t = (texto ?? '').trim();
  if (!t) return sql`true`;
  const digitos = somenteDigitos(t);
  if (digitos && /^[\d.\s-]+$/.test(t)) return sql`${sql.ref(codigo)} like ${`${digitos}%`}`;
  const palavras = t.split(/\s+/).filter(Boolean).slice(0, 6);
  return sql.join(
    palavras.map((p) => sql`unaccent(descricao) ilike unaccent(${`%${p.replace(/[%_\\]/g, '\\$&')}%`})`),
    sql` and `,
  );
}

export async function codigosOficiaisRoutes(api: FastifyInstance, opts: { db: Database }) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/v1/fiscal/tabelas-oficiais/cfop',
    {
      config: SESSAO,
      schema: { tags, querystring: z.object({ busca, fluxo: z.enum(['entrada', 'saida']).optional() }) },
    },
    async (request) => {
      const { busca: texto, fluxo } = request.query;
      const items = await db.readOnce(
        authOf(request).assinanteId,
        sql<{ codigo: string; descricao: string; fluxo: string }>`select codigo, descricao, fluxo from cfop_oficial
          where utilizavel and ${filtro(texto, 'codigo')} ${fluxo ? sql`and fluxo = ${fluxo}` : sql``}
          order by codigo limit ${LIMITE}`,
      );
      return { items };
    },
  );

  app.get(
    '/v1/fiscal/tabelas-oficiais/cest',
    {
      config: SESSAO,
      schema: {
        tags,
        querystring: z.object({
          busca,
          ncm: z
            .string()
            .regex(/^\d{2,8}$/)
            .optional(),
        }),
      },
    },
    async (request) => {
      const { busca: texto, ncm } = request.query;
      const digitos = somenteDigitos(texto ?? '');
      // digits may be the CEST or the NCM it lists
      const porCodigo =
        digitos && /^[\d.\s-]+$/.test(texto ?? '')
          ? sql`(codigo like ${`${digitos}%`} or ncm like ${`${digitos}%`})`
          : filtro(texto, 'codigo');
      const items = await db.readOnce(
        authOf(request).assinanteId,
        sql<{ codigo: string; descricao: string; ncm: string; segmento: string }>`
          select distinct on (codigo) codigo, descricao, ncm, segmento from cest_oficial
           where ${porCodigo} ${ncm ? sql`and ${ncm} like ncm || '%'` : sql``}
           order by codigo, length(ncm) desc limit ${LIMITE}`,
      );
      return { items };
    },
  );
}
