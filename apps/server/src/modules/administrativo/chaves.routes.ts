/**
 * Integration keys (Administrativo): administrators list them here; create and revoke are commands on
 * their domain faces (chaves.workflow.ts). The key is shown once at creation; only its hash is stored.
 */
import { chave as chaveResposta, chaves, idParams, PAGE_SIZE_MAX } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { defineList, pagedSelect } from '../../http/list';
import { ApiError } from '../../plugins/errors';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { montarWorkflows } from '../../workflows';
import { COLUNAS_CHAVE as COLUNAS, criarChave, revogarChave } from './chaves.workflow';

const ADMIN = { access: { adminOnly: true, entidade: 'chaves de integração' } };
const tags = ['chaves de integração'];

/** Active keys first (a descending date puts the not revoked, null, first), then by name; the screen reads them all. */
const LISTA = defineList({
  filter: {
    id: { column: 'id', type: 'number' },
    nome: { column: 'nome', type: 'text' },
    criadaEm: { column: 'criada_em', type: 'date' },
    revogadaEm: { column: 'revogada_em', type: 'date' },
  },
  sort: {
    fields: { id: 'id', nome: 'nome', criadaEm: 'criada_em', ultimoUso: 'ultimo_uso', revogadaEm: 'revogada_em' },
    default: '-revogadaEm,nome',
  },
  defaultCount: PAGE_SIZE_MAX,
});

export async function chavesRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const base = '/v1/administracao/chaves-integracao';
  // the creation's answer carries the key itself: no cache keeps it (nor any answer of these routes)
  api.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    base,
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Lista as chaves de integração',
        querystring: LISTA.query,
        response: { 200: chaves },
      },
      ...LISTA.route,
    },
    async (request) => {
      const lista = LISTA.read(request.query);
      const pagina = await db.withTenant(authOf(request).assinanteId, (trx) =>
        pagedSelect(trx.selectFrom('chaveIntegracao').where(lista.where), (qb) => qb.select(COLUNAS), lista),
      );
      return { ...pagina, items: pagina.items.map((k) => ({ ...k, ativa: k.revogadaEm === null })) };
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: ADMIN,
      schema: { tags, summary: 'Chave de integração', params: idParams, response: { 200: chaveResposta } },
    },
    async (request) =>
      db.withTenant(authOf(request).assinanteId, async (trx) => {
        const k = await trx
          .selectFrom('chaveIntegracao')
          .select(COLUNAS)
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!k) throw new ApiError(404, MSG_AUTH.chaveNaoEncontrada);
        return { ...k, ativa: k.revogadaEm === null };
      }),
  );

  montarWorkflows(api, db, [criarChave, revogarChave]);
}
