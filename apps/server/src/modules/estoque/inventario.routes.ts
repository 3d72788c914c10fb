/**
 * Inventories: the commands (inventario.workflow.ts), the SDK's batch of count lines (POST …/{id}/itens/lote,
 * workflows/lote.ts: ≤ 50, XML or JSON) and the reads — GET /api/v1/estoque/inventarios (list contract: start,
 * count, sort, q on status, tipo, lojaId, localId), GET …/{id}, and GET …/{id}/itens (q on produtoId, secaoId,
 * recontar; `divergentes`, `naoContados`). Devices of the store read the items too (collectors).
 */
import {
  inventario,
  inventarioNaLista,
  itemInventario,
  listaPaginada,
  MSG_INVENTARIO,
  perm,
  STATUS_INVENTARIO,
  TIPOS_INVENTARIO,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado } from '../../workflows';
import { montarLotes } from '../../workflows/lote';
import { colunasDoItem, INVENTARIO_COLUNAS, inventariosFrom, itensFrom, lerInventario } from './inventario.consulta';
import { contarItemInventario, WORKFLOWS_INVENTARIO } from './inventario.workflow';

const tags = ['estoque'];
const entidade = MSG_INVENTARIO.entidade;
const acesso = { access: { anyOf: [perm('INVENTARIO')], entidade } };
const params = z.object({ id: z.coerce.number().int().positive() });

const INVENTARIOS = defineList({
  filter: {
    id: { column: 'i.id', type: 'number' },
    status: { column: 'i.status', type: 'enum', values: STATUS_INVENTARIO },
    tipo: { column: 'i.tipo', type: 'enum', values: TIPOS_INVENTARIO },
    lojaId: { column: 'i.loja_id', type: 'number' },
    localId: { column: 'i.local_id', type: 'number' },
  },
  sort: { fields: { id: 'i.id', status: 'i.status', dataReferencia: 'i.data_referencia' }, default: '-id', id: 'i.id' },
});

const ITENS = defineList({
  filter: {
    produtoId: { column: 't.produto_id', type: 'number' },
    secaoId: { column: 'p.secao_id', type: 'number' },
    recontar: { column: 't.recontar', type: 'boolean' },
  },
  sort: { fields: { produtoId: 't.produto_id', descricao: 'p.descricao' }, default: 'produtoId', id: 't.produto_id' },
  extra: {
    divergentes: z.enum(['true', 'false']).optional(),
    naoContados: z.enum(['true', 'false']).optional(),
  },
});

export async function inventarioRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const app = api.withTypeProvider<ZodTypeProvider>();
  montarWorkflows(api, db, WORKFLOWS_INVENTARIO);
  montarLotes(api, db, [contarItemInventario]);

  app.get(
    '/v1/estoque/inventarios',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Inventários (das lojas do usuário)',
        querystring: INVENTARIOS.query,
        response: { 200: listaPaginada(inventarioNaLista) },
      },
      ...INVENTARIOS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = INVENTARIOS.read(request.query);
      return db.withTenant(auth.assinanteId, (trx) =>
        pagedSql(trx, inventariosFrom(auth.lojas, l.where), INVENTARIO_COLUNAS, l),
      );
    },
  );

  app.get(
    '/v1/estoque/inventarios/:id',
    {
      config: { access: { ...acesso.access, dispositivo: true } },
      schema: {
        tags,
        summary: 'Um inventário com seus totais (e o resumo, quando finalizado)',
        params,
        response: { 200: inventario },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const i = await db.withTenant(auth.assinanteId, (trx) => lerInventario(trx, request.params.id, auth.lojas));
      if (!i) throw naoEncontrado(MSG_INVENTARIO.naoEncontrado);
      return i;
    },
  );

  app.get(
    '/v1/estoque/inventarios/:id/itens',
    {
      config: { access: { ...acesso.access, dispositivo: true } },
      schema: {
        tags,
        summary: 'Itens do inventário: esperado (oculto na contagem cega), contagens, diferença em quantidade e R$',
        params,
        querystring: ITENS.query,
        response: { 200: listaPaginada(itemInventario) },
      },
      ...ITENS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = ITENS.read(request.query);
      const q = l.params;
      return db.withTenant(auth.assinanteId, async (trx) => {
        const inv = await lerInventario(trx, request.params.id, auth.lojas);
        if (!inv) throw naoEncontrado(MSG_INVENTARIO.naoEncontrado);
        const oculto = inv.contagemCega && (inv.status === 'ABERTO' || inv.status === 'EM_CONTAGEM');
        const filtros = [l.where];
        if (q.divergentes === 'true')
          filtros.push(sql`coalesce(t.diferenca, t.quantidade_final - t.quantidade_sistema) <> 0`);
        if (q.naoContados === 'true') filtros.push(sql`t.quantidade_final is null`);
        return pagedSql(trx, itensFrom(inv.id, sql.join(filtros, sql` and `)), colunasDoItem(oculto), l);
      });
    },
  );
}
