/**
 * Integration keys (Administrativo): administrators create, list and revoke them. The key is
 * shown once at creation; only its hash is stored. A key never holds a permission its creator
 * lacks, so issuing keys cannot widen anyone's rights.
 */
import { ALL_PERMISSION_CODES } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { MSG_AUTH } from './mensagens';
import { randomToken, sha256, TOKEN_PREFIX } from './tokens';
import { isUniqueViolation } from './usuarios.service';
import { idParams } from './usuarios.schema';

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

const chaveSchema = z.object({
  nome: z.string().trim().min(1).max(100),
  permissoes: z
    .array(z.string().refine((c) => ALL_PERMISSION_CODES.has(c), { message: 'permissão desconhecida.' }))
    .max(2000),
  lojas: z.array(z.number().int().positive()).max(1000).nullish(),
});

export async function chavesRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const base = '/v1/administracao/chaves-integracao';

  app.get(base, { config: ADMIN, schema: { tags, summary: 'Lista as chaves de integração' } }, async (request) =>
    db.withTenant(authOf(request).assinanteId, async (trx) => {
      const items = await trx
        .selectFrom('chaveIntegracao')
        .select(COLUNAS)
        .orderBy('revogadaEm', (ob) => ob.desc().nullsFirst())
        .orderBy('nome')
        .execute();
      return { total: items.length, items: items.map((k) => ({ ...k, ativa: k.revogadaEm === null })) };
    }),
  );

  app.get(
    `${base}/:id`,
    { config: ADMIN, schema: { tags, summary: 'Chave de integração', params: idParams } },
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
    { config: ADMIN, schema: { tags, summary: 'Cria uma chave (exibida uma única vez)', body: chaveSchema } },
    async (request, reply) => {
      const auth = authOf(request);
      const { nome, permissoes, lojas } = request.body;
      const alheias = permissoes.filter((p) => !auth.permissoes.has(p));
      if (alheias.length)
        throw new ApiError(
          422,
          'Os dados enviados são inválidos.',
          alheias.map((p) => `permissoes: você não possui ${p}.`),
        );
      const chave = randomToken(TOKEN_PREFIX.chave);
      const saved = await db
        .withTenant(auth.assinanteId, async (trx) => {
          if (lojas?.length) {
            const found = await trx.selectFrom('loja').select('id').where('id', 'in', lojas).execute();
            if (found.length !== new Set(lojas).size)
              throw new ApiError(422, 'Os dados enviados são inválidos.', ['lojas: loja inexistente.']);
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
            throw new ApiError(409, MSG_AUTH.chaveDuplicada, ['nome: já está em uso.']);
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
    { config: ADMIN, schema: { tags, summary: 'Revoga a chave', params: idParams } },
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
