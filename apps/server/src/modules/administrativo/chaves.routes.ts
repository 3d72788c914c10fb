/**
 * Integration keys (Administrativo): administrators create, list and revoke them. The key is
 * shown once at creation; only its hash is stored. A key never holds a permission its creator
 * lacks, so issuing keys cannot widen anyone's rights.
 */
import {
  chave as chaveResposta,
  chaveCriada,
  chaveEntrada,
  chaveRevogada,
  chaves,
  falhaDeCampo,
  idParams,
  MSG,
  PAGE_SIZE_MAX,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { defineList, pagedSelect } from '../../http/list';
import { ApiError } from '../../plugins/errors';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { randomToken, sha256, TOKEN_PREFIX } from '../../plugins/auth/tokens';
import { isUniqueViolation } from './usuarios.service';

const ADMIN = { access: { adminOnly: true, entidade: 'chaves de integração' } };
const tags = ['chaves de integração'];
const COLUNAS = [
  'id',
  'nome',
  'prefixo',
  'permissoes',
  'lojas',
  'criadaEm',
  'criadaPor',
  'ultimoUso',
  'revogadaEm',
  'revogadaPor',
] as const;

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

  app.post(
    base,
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Cria uma chave (exibida uma única vez)',
        body: chaveEntrada,
        response: { 201: chaveCriada },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { nome, permissoes, lojas } = request.body;
      const alheias = permissoes.filter((p) => !auth.permissoes.has(p));
      if (alheias.length)
        throw new ApiError(
          422,
          MSG.validacao,
          alheias.map((p) => falhaDeCampo('permissoes', `você não possui ${p}.`)),
        );
      const chave = randomToken(TOKEN_PREFIX.chave);
      const saved = await db
        .withTenant(auth.assinanteId, async (trx) => {
          if (lojas?.length) {
            const found = await trx.selectFrom('loja').select('id').where('id', 'in', lojas).execute();
            if (found.length !== new Set(lojas).size)
              throw new ApiError(422, MSG.validacao, [falhaDeCampo('lojas', 'loja inexistente.')]);
          }
          const row = await trx
            .insertInto('chaveIntegracao')
            .values({
              assinanteId: auth.assinanteId,
              nome,
              prefixo: chave.slice(0, TOKEN_PREFIX.chave.length + 6),
              chaveHash: sha256(chave),
              permissoes: [...new Set(permissoes)].sort(),
              lojas: lojas?.length ? [...new Set(lojas)].sort((a, b) => a - b) : null,
              criadaPor: auth.usuarioId,
            })
            .returning(COLUNAS)
            .executeTakeFirstOrThrow();
          await audit(trx, {
            assinanteId: auth.assinanteId,
            usuarioId: auth.usuarioId,
            entidade: 'chaveIntegracao',
            entidadeId: row.id,
            operacao: 'INCLUSAO',
            depois: row,
            requestId: request.id,
          });
          return row;
        })
        .catch((err) => {
          if (isUniqueViolation(err, 'chave_integracao_nome_idx'))
            throw new ApiError(409, MSG_AUTH.chaveDuplicada, [falhaDeCampo('nome', 'já está em uso.')]);
          throw err;
        });
      return reply
        .code(201)
        .header('Location', `/api${base}/${saved.id}`)
        .header('Cache-Control', 'no-store')
        .send({ ...saved, ativa: true, chave });
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: ADMIN,
      schema: { tags, summary: 'Revoga a chave', params: idParams, response: { 200: chaveRevogada } },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const row = await trx
          .updateTable('chaveIntegracao')
          .set({ revogadaEm: sql`coalesce(revogada_em, now())`, revogadaPor: auth.usuarioId })
          .where('id', '=', request.params.id)
          .returning(['id', 'nome', 'revogadaEm'])
          .executeTakeFirst();
        if (!row) throw new ApiError(404, MSG_AUTH.chaveNaoEncontrada);
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: 'chaveIntegracao',
          entidadeId: row.id,
          operacao: 'ALTERACAO',
          depois: { revogada: true },
          requestId: request.id,
        });
        return { ...row, message: 'Chave de integração revogada.' };
      });
    },
  );
}
