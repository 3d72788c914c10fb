/**
 * Sales orders: the commands (pedido.workflow.ts) and the reads — GET /api/v1/venda/pedidos (list contract:
 * start, count, sort, q on etapa, status, lojaId, canal, dataEmissao…, `busca` on number, external number
 * and customer), GET …/resumo (the board's columns: count and total per stage, and the orders with
 * inconsistent items) and GET …/{id} with items, payments and history. Only the user's stores.
 */
import {
  CANAIS_PEDIDO,
  ETAPAS_PEDIDO,
  type EntregaWebhookPedido,
  entregaWebhookPedido,
  listaPaginada,
  MSG_PEDIDO,
  pedidoVenda,
  pedidoVendaDetalhe,
  perm,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado } from '../../workflows';
import { lerPedido, PEDIDO_COLUNAS, pedidoDaLinha, pedidosFrom } from './pedido.consulta';
import { localIsoText, zonaDaLojaSql } from '../../time';
import './pedido.webhook';
import { corrigirItemPedido, definirSegredoWebhook, moverPedido, receberPedido } from './pedido.workflow';

const tags = ['venda'];
const acesso = { access: { anyOf: [perm('PEDIDO_VENDA')], entidade: MSG_PEDIDO.entidade } };

const PEDIDOS = defineList({
  extra: { busca: z.string().trim().max(60).optional() },
  filter: {
    id: { column: 'p.id', type: 'number' },
    etapa: { column: 'p.etapa', type: 'enum', values: ETAPAS_PEDIDO },
    lojaId: { column: 'p.loja_id', type: 'number' },
    canal: { column: 'p.canal', type: 'enum', values: CANAIS_PEDIDO },
    idExterno: { column: 'p.id_externo', type: 'text' },
    clienteId: { column: 'p.cliente_id', type: 'number' },
    retiradaNaLoja: { column: 'p.retirada_na_loja', type: 'boolean' },
    itensInconsistentes: { column: 'p.itens_inconsistentes', type: 'number' },
    // the integration's local date and time, compared as they are
    dataEmissao: { column: 'p.data_emissao', type: 'day' },
  },
  sort: {
    fields: { id: 'p.id', dataEmissao: 'p.data_emissao', etapa: 'p.etapa', valorTotal: 'p.valor_total' },
    default: '-id',
    id: 'p.id',
  },
});

/** `busca`: the order's number, its external number or the customer's name. */
const busca = (b: string | undefined) => {
  if (!b) return sql`true`;
  const like = `%${b.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(p.id::text = ${b} or p.id_externo ilike ${like} or unaccent(c.nome) ilike unaccent(${like}))`;
};

export async function pedidoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const app = api.withTypeProvider<ZodTypeProvider>();
  montarWorkflows(api, db, [receberPedido, ...Object.values(moverPedido), corrigirItemPedido, definirSegredoWebhook]);

  app.get(
    '/v1/venda/pedidos',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Pedidos de venda (das lojas do usuário)',
        querystring: PEDIDOS.query,
        response: { 200: listaPaginada(pedidoVenda) },
      },
      ...PEDIDOS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = PEDIDOS.read(request.query);
      const where = sql`${l.where} and ${busca(l.params.busca)}`;
      const r = await db.withTenant(auth.assinanteId, (trx) =>
        pagedSql<Parameters<typeof pedidoDaLinha>[0]>(trx, pedidosFrom(auth.lojas, where as never), PEDIDO_COLUNAS, l),
      );
      return { ...r, items: r.items.map(pedidoDaLinha) };
    },
  );

  app.get(
    '/v1/venda/pedidos/resumo',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'As colunas do quadro de pedidos: quantidade e total por etapa, e os pedidos com itens inconsistentes',
        querystring: PEDIDOS.query,
        response: {
          200: z.object({
            etapas: z.array(z.object({ etapa: z.enum(ETAPAS_PEDIDO), quantidade: z.number(), total: z.string() })),
            inconsistentes: z.number(),
          }),
        },
      },
      ...PEDIDOS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = PEDIDOS.read(request.query);
      const where = sql`${l.where} and ${busca(l.params.busca)}`;
      const { rows } = await db.withTenant(auth.assinanteId, (trx) =>
        sql<{ etapa: (typeof ETAPAS_PEDIDO)[number]; quantidade: number; total: string; inconsistentes: number }>`
          select p.etapa, count(*)::int as quantidade, sum(p.valor_total)::text as total,
                 count(*) filter (where p.itens_inconsistentes > 0)::int as inconsistentes
            ${pedidosFrom(auth.lojas, where as never)} group by p.etapa`.execute(trx),
      );
      return {
        etapas: ETAPAS_PEDIDO.map((etapa) => {
          const r = rows.find((x) => x.etapa === etapa);
          return { etapa, quantidade: r?.quantidade ?? 0, total: r?.total ?? '0.00' };
        }),
        inconsistentes: rows.reduce((s, r) => s + r.inconsistentes, 0),
      };
    },
  );

  app.get(
    '/v1/venda/pedidos/:id',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Um pedido de venda com itens (e o estoque da loja), pagamentos e histórico',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: pedidoVendaDetalhe },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const p = await db.withTenant(auth.assinanteId, (trx) => lerPedido(trx, request.params.id, auth.lojas));
      if (!p) throw naoEncontrado(MSG_PEDIDO.naoEncontrado);
      return p;
    },
  );

  app.get(
    '/v1/venda/pedidos/:id/entregas-webhook',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'O registro de envios das mudanças do pedido ao app de delivery (uma linha por tentativa)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.object({ items: z.array(entregaWebhookPedido) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { rows: p } = await sql`select 1 from pedido_venda
          where id = ${request.params.id} and loja_id = any(${[...auth.lojas]}::int4[])`.execute(trx);
        if (!p.length) throw naoEncontrado(MSG_PEDIDO.naoEncontrado);
        const { rows } = await sql<EntregaWebhookPedido>`
          select e.etapa, e.status, e.versao, e.url, e.tentativa, e.status_http, e.erro,
                 ${localIsoText(sql.ref('e.em'), zonaDaLojaSql('l'))} as em
            from entrega_webhook_pedido e join pedido_venda p on p.id = e.pedido_id join loja l on l.id = p.loja_id
           where e.pedido_id = ${request.params.id} order by e.id`.execute(trx);
        return { items: rows };
      });
    },
  );
}
