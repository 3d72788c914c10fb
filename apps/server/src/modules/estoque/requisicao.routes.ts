/**
 * Stock requisitions: the commands (requisicao.workflow.ts) and the reads — GET /api/v1/estoque/requisicoes
 * (list contract: start, count, sort, q on status, lojas, locais, motivo) and GET …/{id} with the items.
 * A requisition is listed to whoever holds either end's store.
 */
import {
  destinoTransferencia,
  listaPaginada,
  MSG_REQUISICAO,
  perm,
  requisicaoEstoque,
  requisicaoEstoqueDetalhe,
  STATUS_REQUISICAO,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado } from '../../workflows';
import { lerRequisicao, REQUISICAO_COLUNAS, requisicoesFrom } from './requisicao.consulta';
import { lojasComLocais } from './transferencia.consulta';
import { WORKFLOWS_REQUISICAO } from './requisicao.workflow';

const tags = ['estoque'];
const acesso = { access: { anyOf: [perm('REQUISICAO_ESTOQUE')], entidade: MSG_REQUISICAO.entidade } };

const REQUISICOES = defineList({
  filter: {
    id: { column: 'r.id', type: 'number' },
    status: { column: 'r.status', type: 'enum', values: STATUS_REQUISICAO },
    lojaOrigemId: { column: 'r.loja_origem_id', type: 'number' },
    lojaDestinoId: { column: 'r.loja_destino_id', type: 'number' },
    localOrigemId: { column: 'r.local_origem_id', type: 'number' },
    localDestinoId: { column: 'r.local_destino_id', type: 'number' },
    motivoId: { column: 'r.motivo_id', type: 'number' },
    dataTransferencia: { column: 'r.data_transferencia', type: 'day', loja: 'r.loja_origem_id' },
    dataRecebimento: { column: 'r.data_recebimento', type: 'day', loja: 'r.loja_destino_id' },
  },
  sort: {
    fields: { id: 'r.id', status: 'r.status', dataTransferencia: 'r.data_transferencia' },
    default: '-id',
    id: 'r.id',
  },
});

export async function requisicaoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const app = api.withTypeProvider<ZodTypeProvider>();
  montarWorkflows(api, db, [...WORKFLOWS_REQUISICAO]);

  app.get(
    '/v1/estoque/requisicoes',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Requisições de estoque (das lojas do usuário, na origem ou no destino)',
        querystring: REQUISICOES.query,
        response: { 200: listaPaginada(requisicaoEstoque) },
      },
      ...REQUISICOES.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = REQUISICOES.read(request.query);
      return db.withTenant(auth.assinanteId, (trx) =>
        pagedSql(trx, requisicoesFrom(auth.lojas, l.where), REQUISICAO_COLUNAS, l),
      );
    },
  );

  app.get(
    '/v1/estoque/requisicoes/origens',
    {
      config: { access: { anyOf: [perm('REQUISICAO_ESTOQUE', 'INCLUIR')], entidade: MSG_REQUISICAO.entidade } },
      schema: {
        tags,
        summary: 'Lojas e locais de onde se pode requisitar mercadoria',
        response: { 200: z.object({ items: z.array(destinoTransferencia) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return { items: await db.withTenant(auth.assinanteId, (trx) => lojasComLocais(trx)) };
    },
  );

  app.get(
    '/v1/estoque/requisicoes/:id',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Uma requisição de estoque com seus itens (requisitado, recebido, diferença e custos)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: requisicaoEstoqueDetalhe },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const r = await db.withTenant(auth.assinanteId, (trx) => lerRequisicao(trx, request.params.id, auth.lojas));
      if (!r) throw naoEncontrado(MSG_REQUISICAO.naoEncontrada);
      return r;
    },
  );
}
