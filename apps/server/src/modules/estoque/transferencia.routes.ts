/**
 * Stock transfers: the commands (transferencia.workflow.ts) and the reads — GET /api/v1/estoque/transferencias
 * (list contract: start, count, sort, q on status, lojas, locais, data, dataRecebimento) and GET …/{id} with
 * the items. A transfer is listed to whoever holds its origin or its destination store.
 */
import {
  destinoTransferencia,
  listaPaginada,
  MSG_TRANSFERENCIA,
  perm,
  STATUS_TRANSFERENCIA,
  transferenciaEstoque,
  transferenciaEstoqueDetalhe,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado } from '../../workflows';
import { lerTransferencia, lojasComLocais, TRANSFERENCIA_COLUNAS, transferenciasFrom } from './transferencia.consulta';
import { cancelarTransferencia, incluirTransferencia, receberTransferencia } from './transferencia.workflow';

const tags = ['estoque'];
const acesso = { access: { anyOf: [perm('TRANSFERENCIA_ESTOQUE')], entidade: MSG_TRANSFERENCIA.entidade } };

const TRANSFERENCIAS = defineList({
  filter: {
    id: { column: 't.id', type: 'number' },
    status: { column: 't.status', type: 'enum', values: STATUS_TRANSFERENCIA },
    lojaOrigemId: { column: 't.loja_origem_id', type: 'number' },
    lojaDestinoId: { column: 't.loja_destino_id', type: 'number' },
    localOrigemId: { column: 't.local_origem_id', type: 'number' },
    localDestinoId: { column: 't.local_destino_id', type: 'number' },
    // business dates (the origin's and the destination's), compared as they are
    data: { column: 't.data', type: 'day', loja: 't.loja_origem_id' },
    dataRecebimento: { column: 't.data_recebimento', type: 'day', loja: 't.loja_destino_id' },
  },
  sort: {
    fields: { id: 't.id', data: 't.data', status: 't.status', dataRecebimento: 't.data_recebimento' },
    default: '-id',
    id: 't.id',
  },
});

export async function transferenciaRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const app = api.withTypeProvider<ZodTypeProvider>();
  montarWorkflows(api, db, [incluirTransferencia, receberTransferencia, cancelarTransferencia]);

  app.get(
    '/v1/estoque/transferencias',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Transferências de estoque (das lojas do usuário, na origem ou no destino)',
        querystring: TRANSFERENCIAS.query,
        response: { 200: listaPaginada(transferenciaEstoque) },
      },
      ...TRANSFERENCIAS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = TRANSFERENCIAS.read(request.query);
      return db.withTenant(auth.assinanteId, (trx) =>
        pagedSql(trx, transferenciasFrom(auth.lojas, l.where), TRANSFERENCIA_COLUNAS, l),
      );
    },
  );

  app.get(
    '/v1/estoque/transferencias/destinos',
    {
      config: { access: { anyOf: [perm('TRANSFERENCIA_ESTOQUE', 'INCLUIR')], entidade: MSG_TRANSFERENCIA.entidade } },
      schema: {
        tags,
        summary: 'Lojas e locais que podem receber uma transferência',
        response: { 200: z.object({ items: z.array(destinoTransferencia) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const rows = await db.withTenant(auth.assinanteId, (trx) => lojasComLocais(trx));
      return { items: rows };
    },
  );

  app.get(
    '/v1/estoque/transferencias/:id',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Uma transferência de estoque com seus itens (enviado, recebido, diferença e custos)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: transferenciaEstoqueDetalhe },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const t = await db.withTenant(auth.assinanteId, (trx) => lerTransferencia(trx, request.params.id, auth.lojas));
      if (!t) throw naoEncontrado(MSG_TRANSFERENCIA.naoEncontrada);
      return t;
    },
  );
}
