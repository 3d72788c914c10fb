/** User groups API (spec §7): list with RSQL, read, members; create, update, delete are commands (grupos.workflow.ts). */
import { grupo, grupoLinha, idParams, listaPaginada, membrosDoGrupo, perm } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import type { RsqlFieldMap } from '../../db/rsql-kysely';
import { defineList, pagedSelect } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { montarWorkflows } from '../../workflows';
import {
  alterarGrupo,
  COLUNAS_GRUPO as COLUNAS,
  definirMembrosDoGrupo,
  detalhe,
  excluirGrupo,
  incluirGrupo,
} from './grupos.workflow';

const entidade = 'grupos de usuários';
const tags = ['grupos de usuários'];
const access = (verbo: 'ACESSO' | 'EDITAR') => ({
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

  montarWorkflows(api, db, [incluirGrupo, alterarGrupo, excluirGrupo, definirMembrosDoGrupo]);
}
