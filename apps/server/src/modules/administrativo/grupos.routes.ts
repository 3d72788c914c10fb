/** User groups API (spec §7): list with RSQL, read, create, update, delete, members. */
import {
  falhaDeCampo,
  grupo,
  grupoEntrada,
  grupoExcluido,
  grupoLinha,
  idParams,
  listaPaginada,
  MSG,
  membrosDoGrupo,
  membrosEntrada,
  perm,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audit } from '../../db/audit';
import type { Database, Tx } from '../../db/database';
import { lockVersion } from '../../db/optimistic';
import type { RsqlFieldMap } from '../../db/rsql-kysely';
import { defineList, pagedSelect } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { bumpVersion, isUniqueViolation } from './usuarios.service';

const entidade = 'grupos de usuários';
const tags = ['grupos de usuários'];
const access = (verbo: 'ACESSO' | 'INCLUIR' | 'EDITAR' | 'EXCLUIR') => ({
  access: { adminOnly: true, anyOf: [perm('NOVO_USUARIOS_E_GRUPOS', verbo)], entidade },
});

const FIELDS: RsqlFieldMap = {
  id: { column: 'id', type: 'number' },
  nome: { column: 'nome', type: 'text' },
  statusDeAtivacao: { column: 'status_de_ativacao', type: 'enum', values: ['ATIVO', 'INATIVO'] },
  criadoEm: { column: 'criado_em', type: 'date' },
  alteradoEm: { column: 'alterado_em', type: 'date' },
};
const LISTA = defineList({
  filter: FIELDS,
  sort: {
    fields: {
      id: 'id',
      nome: 'nome',
      statusDeAtivacao: 'status_de_ativacao',
      criadoEm: 'criado_em',
      alteradoEm: 'alterado_em',
    },
    default: 'nome',
  },
});
const COLUNAS = ['id', 'nome', 'statusDeAtivacao', 'criadoEm', 'alteradoEm', 'versao'] as const;

async function membros(trx: Tx, grupoId: number) {
  return trx
    .selectFrom('grupoMembro as gm')
    .innerJoin('usuario as u', 'u.id', 'gm.usuarioId')
    .select(['u.id', 'u.nome', 'u.username', 'u.ativo'])
    .where('gm.grupoId', '=', grupoId)
    .orderBy('u.nome')
    .execute();
}

async function detalhe(trx: Tx, id: number) {
  const g = await trx.selectFrom('grupo').select(COLUNAS).where('id', '=', id).executeTakeFirst();
  if (!g) throw new ApiError(404, MSG_AUTH.grupoNaoEncontrado);
  const permissoes = (
    await trx.selectFrom('grupoPermissao').select('permissao').where('grupoId', '=', id).orderBy('permissao').execute()
  ).map((p) => p.permissao);
  return { ...g, permissoes, membros: await membros(trx, id) };
}

async function setPermissoes(trx: Tx, assinanteId: number, grupoId: number, codes: string[]) {
  await trx.deleteFrom('grupoPermissao').where('grupoId', '=', grupoId).execute();
  const unique = [...new Set(codes)];
  if (unique.length)
    await trx
      .insertInto('grupoPermissao')
      .values(unique.map((permissao) => ({ assinanteId, grupoId, permissao })))
      .execute();
}

async function setMembros(trx: Tx, assinanteId: number, grupoId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (
    unique.length &&
    (await trx.selectFrom('usuario').select('id').where('id', 'in', unique).execute()).length !== unique.length
  ) {
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('membros', 'usuário inexistente.')]);
  }
  await trx.deleteFrom('grupoMembro').where('grupoId', '=', grupoId).execute();
  if (unique.length)
    await trx
      .insertInto('grupoMembro')
      .values(unique.map((usuarioId) => ({ assinanteId, grupoId, usuarioId })))
      .execute();
}

const duplicate = (err: unknown) => {
  if (isUniqueViolation(err, 'grupo_nome_idx'))
    throw new ApiError(409, MSG_AUTH.grupoDuplicado, [falhaDeCampo('nome', 'já está em uso.')]);
  throw err;
};

export async function gruposRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/v1/grupo-usuario',
    {
      config: access('ACESSO'),
      schema: { tags, summary: 'Lista grupos', querystring: LISTA.query, response: { 200: listaPaginada(grupoLinha) } },
      ...LISTA.route,
    },
    async (request) => {
      const lista = LISTA.read(request.query);
      return db.withTenant(authOf(request).assinanteId, (trx) =>
        pagedSelect(trx.selectFrom('grupo').where(lista.where), (qb) => qb.select(COLUNAS), lista),
      );
    },
  );

  app.get(
    '/v1/grupo-usuario/:id',
    { config: access('ACESSO'), schema: { tags, summary: 'Grupo', params: idParams, response: { 200: grupo } } },
    async (request) => db.withTenant(authOf(request).assinanteId, (trx) => detalhe(trx, request.params.id)),
  );

  app.post(
    '/v1/grupo-usuario',
    {
      config: access('INCLUIR'),
      schema: { tags, summary: 'Inclui grupo', body: grupoEntrada, response: { 201: grupo } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const b = request.body;
      const saved = await db
        .withTenant(auth.assinanteId, async (trx) => {
          const { id } = await trx
            .insertInto('grupo')
            .values({ assinanteId: auth.assinanteId, nome: b.nome, statusDeAtivacao: b.statusDeAtivacao })
            .returning('id')
            .executeTakeFirstOrThrow();
          await setPermissoes(trx, auth.assinanteId, id, b.permissoes ?? []);
          await setMembros(trx, auth.assinanteId, id, b.membros ?? []);
          const depois = await detalhe(trx, id);
          await audit(trx, {
            assinanteId: auth.assinanteId,
            usuarioId: auth.usuarioId,
            entidade: 'grupo',
            entidadeId: id,
            operacao: 'INCLUSAO',
            depois,
            requestId: request.id,
          });
          return depois;
        })
        .catch(duplicate);
      return reply.code(201).header('Location', `/api/v1/grupo-usuario/${saved.id}`).send(saved);
    },
  );

  app.put(
    '/v1/grupo-usuario/:id',
    {
      config: access('EDITAR'),
      schema: { tags, summary: 'Altera grupo', params: idParams, body: grupoEntrada, response: { 200: grupo } },
    },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      const b = request.body;
      return db
        .withTenant(auth.assinanteId, async (trx) => {
          // the row lock serialises concurrent PUTs: one wins, the others see a stale versao (409)
          await lockVersion(trx, 'grupo', id, b.versao);
          const antes = await detalhe(trx, id);
          await trx
            .updateTable('grupo')
            .set({ nome: b.nome, statusDeAtivacao: b.statusDeAtivacao, ...bumpVersion })
            .where('id', '=', id)
            .execute();
          if (b.permissoes) await setPermissoes(trx, auth.assinanteId, id, b.permissoes);
          if (b.membros) await setMembros(trx, auth.assinanteId, id, b.membros);
          const depois = await detalhe(trx, id);
          await audit(trx, {
            assinanteId: auth.assinanteId,
            usuarioId: auth.usuarioId,
            entidade: 'grupo',
            entidadeId: id,
            operacao: 'ALTERACAO',
            antes,
            depois,
            requestId: request.id,
          });
          return depois;
        })
        .catch(duplicate);
    },
  );

  app.delete(
    '/v1/grupo-usuario/:id',
    {
      config: access('EXCLUIR'),
      schema: { tags, summary: 'Exclui grupo', params: idParams, response: { 200: grupoExcluido } },
    },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      return db.withTenant(auth.assinanteId, async (trx) => {
        const antes = await detalhe(trx, id);
        // removing a group silently strips rights from its members: make that an explicit step
        if (antes.membros.length)
          throw new ApiError(409, MSG_AUTH.grupoComMembros, [`membros: ${antes.membros.length} usuário(s).`]);
        await trx.deleteFrom('grupo').where('id', '=', id).execute();
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: 'grupo',
          entidadeId: id,
          operacao: 'EXCLUSAO',
          antes,
          requestId: request.id,
        });
        return { id, message: 'Grupo excluído.' };
      });
    },
  );

  app.get(
    '/v1/grupo-usuario/:id/membros',
    {
      config: access('ACESSO'),
      schema: { tags, summary: 'Membros do grupo', params: idParams, response: { 200: membrosDoGrupo } },
    },
    async (request) =>
      db.withTenant(authOf(request).assinanteId, async (trx) => {
        const g = await detalhe(trx, request.params.id);
        return { id: g.id, membros: g.membros };
      }),
  );

  app.post(
    '/v1/grupo-usuario/:id/membros',
    {
      config: access('EDITAR'),
      schema: {
        tags,
        summary: 'Define os membros do grupo',
        params: idParams,
        body: membrosEntrada,
        response: { 200: membrosDoGrupo },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      return db.withTenant(auth.assinanteId, async (trx) => {
        const antes = await detalhe(trx, id);
        await setMembros(trx, auth.assinanteId, id, request.body);
        await trx.updateTable('grupo').set(bumpVersion).where('id', '=', id).execute();
        const depois = await membros(trx, id);
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: 'grupo',
          entidadeId: id,
          operacao: 'ALTERACAO',
          antes: { membros: antes.membros.map((m) => m.id) },
          depois: { membros: depois.map((m) => m.id) },
          requestId: request.id,
        });
        return { id, membros: depois };
      });
    },
  );
}
