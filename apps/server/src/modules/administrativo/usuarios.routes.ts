/** Users API (spec §7): list, read, and the commands — create, update, password change, groups of a user. */
import {
  gruposDoUsuario as gruposDoUsuarioResposta,
  idParams,
  listaPaginada,
  perm,
  usuario,
  usuarioResumo,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import type { RsqlFieldMap } from '../../db/rsql-kysely';
import { defineList, pagedSelect } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { montarWorkflows } from '../../workflows';
import { definirGruposDoUsuario } from './usuarios.grupos.workflow';
import { novaSenha } from './usuarios.senha.workflow';
import { alterarUsuario, incluirUsuario } from './usuarios.workflow';
import { gruposDoUsuario, USUARIO_COLUNAS, usuarioDetalhe } from './usuarios.service';

const ACESSO = perm('NOVO_USUARIOS_E_GRUPOS', 'ACESSO');
const entidade = 'usuários';
const tags = ['usuários'];

const FIELDS: RsqlFieldMap = {
  id: { column: 'id', type: 'number' },
  nome: { column: 'nome', type: 'text' },
  username: { column: 'username', type: 'text' },
  email: { column: 'email', type: 'text' },
  ativo: { column: 'ativo', type: 'boolean' },
  administrador: { column: 'administrador', type: 'boolean' },
  tipoCliente: { column: 'tipo_cliente', type: 'enum', values: ['BOTICARIO', 'TODOS'] },
  setorId: { column: 'setor_id', type: 'number' },
  criadoEm: { column: 'criado_em', type: 'date' },
  alteradoEm: { column: 'alterado_em', type: 'date' },
  ultimoAcesso: { column: 'ultimo_acesso', type: 'date' },
};
const LISTA = defineList({
  filter: FIELDS,
  sort: {
    fields: {
      id: 'id',
      nome: 'nome',
      username: 'username',
      email: 'email',
      ativo: 'ativo',
      criadoEm: 'criado_em',
      alteradoEm: 'alterado_em',
      ultimoAcesso: 'ultimo_acesso',
    },
    default: 'nome',
  },
});

export async function usuariosRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/v1/pessoa/usuarios',
    {
      config: { access: { adminOnly: true, anyOf: [ACESSO], entidade } },
      schema: {
        tags,
        summary: 'Lista usuários',
        querystring: LISTA.query,
        response: { 200: listaPaginada(usuarioResumo) },
      },
      ...LISTA.route,
    },
    async (request) => {
      const lista = LISTA.read(request.query);
      return db.withTenant(authOf(request).assinanteId, (trx) =>
        pagedSelect(trx.selectFrom('usuario').where(lista.where), (qb) => qb.select(USUARIO_COLUNAS), lista),
      );
    },
  );

  app.get(
    '/v1/pessoa/usuarios/:id',
    {
      config: { access: { adminOnly: true, anyOf: [ACESSO], ownUser: 'id', entidade } },
      schema: { tags, summary: 'Usuário com contatos', params: idParams, response: { 200: usuario } },
    },
    async (request) => db.withTenant(authOf(request).assinanteId, (trx) => usuarioDetalhe(trx, request.params.id)),
  );

  montarWorkflows(api, db, [incluirUsuario, alterarUsuario, novaSenha, definirGruposDoUsuario]);

  app.get(
    '/v1/usuarios/:id/grupos',
    {
      config: { access: { adminOnly: true, anyOf: [ACESSO], ownUser: 'id', entidade } },
      schema: { tags, summary: 'Grupos do usuário', params: idParams, response: { 200: gruposDoUsuarioResposta } },
    },
    async (request) =>
      db.withTenant(authOf(request).assinanteId, async (trx) => {
        const u = await trx.selectFrom('usuario').select('id').where('id', '=', request.params.id).executeTakeFirst();
        if (!u) throw new ApiError(404, MSG_AUTH.usuarioNaoEncontrado);
        return { id: u.id, grupos: await gruposDoUsuario(trx, u.id) };
      }),
  );
}
