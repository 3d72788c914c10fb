/**
 * Commercial agreements' routes: the commands (acordo.workflow.ts) and the monitoring reads — the list with
 * filters (supplier, holding, kind, buyer, status, store, period), one agreement with its apurações and
 * receipts, and the cards (count and R$). Only agreements wholly within the user's stores.
 */
import {
  acordoComercial,
  acordoComercialDetalhe,
  BASES_ACORDO,
  listaPaginada,
  MSG_ACORDO,
  opcoesAcordo,
  painelAcordos,
  perm,
  STATUS_ACORDO,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado } from '../../workflows';
import { ACORDO_COLUNAS, acordosFrom, comProgresso, type LinhaAcordo, lerAcordo } from './acordo.consulta';
import {
  aprovarAcordoComercial,
  apurarAcordoComercial,
  cancelarAcordoComercial,
  editarAcordo,
  incluirAcordo,
  receberAcordo,
} from './acordo.workflow';

const tags = ['compra'];
const id32 = z.coerce.number().int().positive().max(2_147_483_647);
const acesso = {
  access: { anyOf: [perm('MONITORAMENTO_ACORDO_COMERCIAL')], entidade: MSG_ACORDO.entidade },
};
const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use AAAA-MM-DD');

const ACORDOS = defineList({
  filter: {
    id: { column: 'a.id', type: 'number' },
    status: { column: 'a.status', type: 'enum', values: STATUS_ACORDO },
    base: { column: 'a.base', type: 'enum', values: BASES_ACORDO },
    fornecedorId: { column: 'a.fornecedor_id', type: 'number' },
    holdingId: { column: 'a.holding_id', type: 'number' },
    tipoAcordoId: { column: 'a.tipo_acordo_id', type: 'number' },
    compradorId: { column: 'a.comprador_id', type: 'number' },
    lojaId: { column: 'a.lojas', type: 'number', array: true },
    vigenciaInicio: { column: 'a.vigencia_inicio', type: 'day' },
    vigenciaFim: { column: 'a.vigencia_fim', type: 'day' },
    dataVencimento: { column: 'a.data_vencimento', type: 'day' },
  },
  sort: {
    fields: { id: 'a.id', dataVencimento: 'a.data_vencimento', vigenciaInicio: 'a.vigencia_inicio' },
    default: '-id',
    id: 'a.id',
  },
});

export async function acordoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  montarWorkflows(api, db, [
    incluirAcordo,
    editarAcordo,
    aprovarAcordoComercial,
    apurarAcordoComercial,
    receberAcordo,
    cancelarAcordoComercial,
  ]);
  const app = api.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/compra/acordos',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Acordos comerciais (com todas as lojas entre as do usuário), com apurado, recebido e saldo',
        querystring: ACORDOS.query,
        response: { 200: listaPaginada(acordoComercial) },
      },
      ...ACORDOS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = ACORDOS.read(request.query);
      const r = await db.withTenant(auth.assinanteId, (trx) =>
        pagedSql<LinhaAcordo>(trx, acordosFrom(auth.lojas, l.where), ACORDO_COLUNAS, l),
      );
      return { ...r, items: r.items.map(comProgresso) };
    },
  );

  app.get(
    '/v1/compra/acordos/painel',
    {
      config: acesso,
      schema: {
        tags,
        summary:
          'Cartões do monitoramento: ativos, a receber, vencidos, recebidos no período e apurado (quantidade e R$)',
        querystring: z.object({ de: dia.optional(), ate: dia.optional() }),
        response: { 200: painelAcordos },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { de, ate } = request.query;
      const periodo = sql<SqlBool>`r.data between coalesce(${de ?? null}::date, '-infinity') and coalesce(${ate ?? null}::date, 'infinity')`;
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<{ grupo: string; quantidade: number; valor: string }>`
          with a as (select a.* ${acordosFrom(auth.lojas, sql<SqlBool>`true`)})
          select 'ativos' as grupo, count(*)::int as quantidade, coalesce(sum(valor_previsto), 0)::numeric(15, 2)::text as valor
            from a where status in ('VIGENTE', 'EM_APURACAO')
          union all
          select 'aReceber', count(*)::int, coalesce(sum(valor_apurado - valor_recebido), 0)::numeric(15, 2)::text
            from a where status in ('A_RECEBER', 'RECEBIDO_PARCIAL')
          union all
          select 'vencidos', count(*)::int, coalesce(sum(valor_apurado - valor_recebido), 0)::numeric(15, 2)::text
            from a where status = 'VENCIDO'
          union all
          select 'recebidosNoPeriodo', count(distinct r.acordo_id)::int, coalesce(sum(r.valor), 0)::numeric(15, 2)::text
            from acordo_recebimento r join a on a.id = r.acordo_id where ${periodo}
          union all
          select 'apurado', count(*)::int, coalesce(sum(valor_apurado), 0)::numeric(15, 2)::text
            from a where status <> 'CANCELADO' and apurado_em is not null`.execute(trx);
        const g = Object.fromEntries(rows.map((r) => [r.grupo, { quantidade: r.quantidade, valor: r.valor }]));
        return painelAcordos.parse(g);
      });
    },
  );

  // the form's choices: a buyer may hold the agreement permission without the seções or holdings registers'
  app.get(
    '/v1/compra/acordos/opcoes',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Opções do cadastro de acordo: tipos, fornecedores, holdings, seções e marcas ativos',
        response: { 200: opcoesAcordo },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const lista = async (from: ReturnType<typeof sql>) =>
          (
            await sql<{ id: number; descricao: string }>`select id, descricao ${from} order by descricao, id`.execute(
              trx,
            )
          ).rows;
        const { rows: tipos } = await sql<{
          id: number;
          descricao: string;
          formaApuracao: string;
          formaRecebimentoPadrao: string;
        }>`select id, descricao, forma_apuracao, forma_recebimento_padrao from tipo_acordo where ativo
            order by descricao`.execute(trx);
        return {
          tipos,
          fornecedores: await lista(sql`from (select id, nome as descricao from fornecedor where ativo) x`),
          holdings: await lista(sql`from (select id, nome as descricao from holding where ativo) x`),
          secoes: await lista(sql`from secao where ativo`),
          marcas: await lista(sql`from marca where ativo`),
        };
      });
    },
  );

  app.get(
    '/v1/compra/acordos/:id',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Um acordo comercial com as apurações por loja e mês e os recebimentos',
        params: z.object({ id: id32 }),
        response: { 200: acordoComercialDetalhe },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const a = await db.withTenant(auth.assinanteId, (trx) => lerAcordo(trx, request.params.id, auth.lojas));
      if (!a) throw naoEncontrado(MSG_ACORDO.naoEncontrado);
      return a;
    },
  );
}
