/**
 * Avatars (spec §7): binary body with `x-file-name` and `content-type`; only PNG, JPEG or WebP
 * whose first bytes match the declared type, at most 2 MB. Served back with that type only.
 */
import crypto from 'node:crypto';
import { avatarEnviado, avatarParams, falhaDeCampo } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Database, Tx } from '../../db/database';
import type { AvatarTable } from '../../db/schema';
import { type AuthContext, authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { sniffImage } from '../../http/upload/imagem';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
type ImageType = AvatarTable['contentType'];
const TYPES: ImageType[] = ['image/png', 'image/jpeg', 'image/webp'];

export { sniffImage };

function imageOf(request: FastifyRequest): { type: ImageType; dados: Buffer; nome: string | null } {
  const dados = request.body;
  if (!Buffer.isBuffer(dados) || !dados.length) throw new ApiError(422, MSG_AUTH.avatarVazio);
  const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() as ImageType;
  if (sniffImage(dados) !== declared) throw new ApiError(422, MSG_AUTH.avatarTipoInvalido);
  const raw = request.headers['x-file-name'];
  let nome = typeof raw === 'string' ? raw : null;
  try {
    nome = nome ? decodeURIComponent(nome) : null;
  } catch {
    // keep the raw header
  }
  return { type: declared, dados, nome: nome ? nome.replace(/[\\/\r\n]/g, '_').slice(0, 200) : null };
}

/**
 * A picture is its uploader's; the user wearing it may replace it too when an administrator uploaded
 * it for them (and nobody else wears it). Pointing one's avatarUuid at a picture gives no right to it.
 */
async function mayOverwrite(trx: Tx, criadoPor: number | null, usuarioId: number | null, uuid: string) {
  if (usuarioId === null) return false;
  if (criadoPor === usuarioId) return true;
  const usam = await trx.selectFrom('usuario').select('id').where('avatarUuid', '=', uuid).execute();
  if (usam.length !== 1 || usam[0]!.id !== usuarioId) return false;
  if (criadoPor === null) return true;
  const uploader = await trx
    .selectFrom('usuario')
    .select('administrador')
    .where('id', '=', criadoPor)
    .executeTakeFirst();
  return uploader?.administrador === true;
}

/**
 * Whether `auth` may make `uuid` the avatar of user `alvo` (undefined: a new user): their current one,
 * a picture the caller uploaded, or — an administrator editing a user (`full`) — one that user uploaded;
 * never a picture another user wears. 403 on `avatarUuid` otherwise; an unknown uuid is checkReferences' 422.
 */
export async function checkAvatarReference(
  trx: Tx,
  auth: AuthContext,
  alvo: { id?: number; avatarUuid?: string | null },
  uuid: string,
  full: boolean,
): Promise<void> {
  if (uuid === alvo.avatarUuid) return;
  const a = await trx.selectFrom('avatar').select('criadoPor').where('uuid', '=', uuid).executeTakeFirst();
  if (!a) return;
  let outro = trx.selectFrom('usuario').select('id').where('avatarUuid', '=', uuid);
  if (alvo.id !== undefined) outro = outro.where('id', '<>', alvo.id);
  const usadoPorOutro = !!(await outro.executeTakeFirst());
  const enviouEle = a.criadoPor !== null && a.criadoPor === auth.usuarioId;
  const doAlvo = full && alvo.id !== undefined && a.criadoPor === alvo.id;
  if (!usadoPorOutro && (enviouEle || doAlvo)) return;
  throw new ApiError(403, MSG_AVATAR_ALHEIO, [falhaDeCampo('avatarUuid', MSG_AVATAR_ALHEIO)]);
}

const MSG_AVATAR_ALHEIO = 'Você não pode usar o avatar de outro usuário: envie a sua própria imagem.';

const uuidQuery = avatarParams;
const tags = ['usuários'];
const AUTHENTICATED = { access: { entidade: 'avatar' } };

export async function avatarRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.addContentTypeParser(TYPES, { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/v1/avatar',
    {
      config: AUTHENTICATED,
      bodyLimit: AVATAR_MAX_BYTES,
      schema: { tags, summary: 'Envia um avatar', response: { 201: avatarEnviado } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const img = imageOf(request);
      const uuid = crypto.randomUUID();
      await db.withTenant(auth.assinanteId, async (trx) => {
        await trx
          .insertInto('avatar')
          .values({
            assinanteId: auth.assinanteId,
            uuid,
            criadoPor: auth.usuarioId,
            nomeArquivo: img.nome,
            contentType: img.type,
            dados: img.dados,
          })
          .execute();
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: 'avatar',
          entidadeId: uuid,
          operacao: 'INCLUSAO',
          depois: { contentType: img.type, tamanho: img.dados.length, nomeArquivo: img.nome },
          requestId: request.id,
        });
      });
      return reply
        .code(201)
        .header('Location', `/api/v1/avatar/${uuid}`)
        .send({ uuid, contentType: img.type, tamanho: img.dados.length, nomeArquivo: img.nome });
    },
  );

  app.put(
    '/v1/avatar',
    {
      config: AUTHENTICATED,
      bodyLimit: AVATAR_MAX_BYTES,
      schema: { tags, summary: 'Substitui um avatar', querystring: uuidQuery, response: { 200: avatarEnviado } },
    },
    async (request) => {
      const auth = authOf(request);
      const img = imageOf(request);
      const { uuid } = request.query;
      await db.withTenant(auth.assinanteId, async (trx) => {
        const a = await trx
          .selectFrom('avatar')
          .select(['uuid', 'criadoPor'])
          .where('uuid', '=', uuid)
          .executeTakeFirst();
        if (!a) throw new ApiError(404, MSG_AUTH.avatarNaoEncontrado);
        if (!auth.administrador && !(await mayOverwrite(trx, a.criadoPor, auth.usuarioId, uuid)))
          throw new ApiError(403, 'Você não tem permissão para acessar ou alterar avatar.');
        await trx
          .updateTable('avatar')
          .set({ contentType: img.type, dados: img.dados, nomeArquivo: img.nome, alteradoEm: sql`now()` })
          .where('uuid', '=', uuid)
          .execute();
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: 'avatar',
          entidadeId: uuid,
          operacao: 'ALTERACAO',
          depois: { contentType: img.type, tamanho: img.dados.length },
          requestId: request.id,
        });
      });
      return { uuid, contentType: img.type, tamanho: img.dados.length, nomeArquivo: img.nome };
    },
  );

  const serve = async (request: FastifyRequest, reply: import('fastify').FastifyReply, uuid: string) => {
    const auth = authOf(request);
    const a = await db.withTenant(auth.assinanteId, (trx) =>
      trx
        .selectFrom('avatar')
        .select(['contentType', 'dados', 'alteradoEm'])
        .where('uuid', '=', uuid)
        .executeTakeFirst(),
    );
    if (!a) throw new ApiError(404, MSG_AUTH.avatarNaoEncontrado);
    return reply
      .type(a.contentType)
      .header('Cache-Control', 'private, max-age=300')
      .header('Content-Disposition', 'inline')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(a.dados);
  };
  app.get(
    '/v1/avatar',
    { config: AUTHENTICATED, schema: { tags, summary: 'Imagem do avatar', querystring: uuidQuery } },
    (request, reply) => serve(request, reply, request.query.uuid),
  );
  app.get(
    '/v1/avatar/:uuid',
    { config: AUTHENTICATED, schema: { tags, summary: 'Imagem do avatar', params: uuidQuery } },
    (request, reply) => serve(request, reply, request.params.uuid),
  );
}
