/**
 * Inconsistências tributárias (domain.md §3.7): the open inconsistencies per type, the full recount on
 * demand (a job), and the lots — list, one lot, its items (the wizard's grid), its before/after log —
 * plus their commands (lote-inconsistencia.workflow.ts). Everything under PERM_LOTE_INCONSISTENCIA_PRODUTO_*.
 */
import {
  alteracaoLoteInconsistencia,
  contagemInconsistencias,
  itemLoteInconsistencia,
  listaPaginada,
  loteInconsistencia,
  MSG_LOTE_INCONSISTENCIA as MSG,
  opcoesDeFiltroDeProduto,
  perm,
  STATUS_LOTE,
  TIPOS_INCONSISTENCIA,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado } from '../../workflows';
import { recalcularInconsistencias } from './inconsistencias.deteccao';
import { lojasDoEscopo, loteVisivel } from './lote-inconsistencia.escopo';
import {
  ALTERACAO_COLUNAS,
  alteracoesFrom,
  ITEM_COLUNAS,
  itensFrom,
  lerLote,
  loteColunas,
  lotesFrom,
} from './lote-inconsistencia.leitura';
import { WORKFLOWS_LOTE_INCONSISTENCIA } from './lote-inconsistencia.workflow';

const tags = ['fiscal'];
const BASE = 'LOTE_INCONSISTENCIA_PRODUTO' as const;
const leitura = { access: { anyOf: [perm(BASE)], entidade: MSG.entidade } };
const porId = z.object({ id: z.coerce.number().int().positive() });

const LOTES = defineList({
  filter: {
    id: { column: 'l.id', type: 'number' },
    descricao: { column: 'l.descricao', type: 'text' },
    status: { column: 'l.status', type: 'enum', values: STATUS_LOTE },
    tipoInconsistencia: { column: 'l.tipo', type: 'enum', values: TIPOS_INCONSISTENCIA },
  },
  sort: {
    fields: { id: 'l.id', descricao: 'l.descricao', status: 'l.status', criadoEm: 'l.criado_em' },
    default: '-id',
    id: 'l.id',
  },
});
const ITENS = defineList({
  filter: {
    produtoId: { column: 'i.produto_id', type: 'number' },
    lojaId: { column: 'i.loja_id', type: 'number' },
    descricao: { column: 'p.descricao', type: 'text' },
    valorProposto: { column: 'i.valor_proposto', type: 'text' },
  },
  sort: { fields: { id: 'i.id', descricao: 'p.descricao', produtoId: 'i.produto_id' }, default: 'id', id: 'i.id' },
  defaultCount: 100,
});
const ALTERACOES = defineList({
  sort: { fields: { id: 'a.id' }, default: 'id', id: 'a.id' },
  defaultCount: 100,
});

export async function inconsistenciasRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const app = api.withTypeProvider<ZodTypeProvider>();
  montarWorkflows(api, db, [...WORKFLOWS_LOTE_INCONSISTENCIA, recalcularInconsistencias]);

  app.get(
    '/v1/fiscal/inconsistencias',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Inconsistências abertas por tipo nas lojas do usuário (linhas e produtos)',
        response: { 200: contagemInconsistencias },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const lojas = auth.lojas.length ? [...auth.lojas] : [-1];
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<{ tipoInconsistencia: string; quantidade: number; produtos: number }>`
          select tipo as tipo_inconsistencia, count(*)::int as quantidade, count(distinct produto_id)::int as produtos
            from inconsistencia_produto
           where resolvida_em is null and (loja_id is null or loja_id = any (${lojas}::int4[]))
           group by tipo order by tipo`.execute(trx);
        return { items: rows } as z.output<typeof contagemInconsistencias>;
      });
    },
  );

  // the wizard's filter options: a fiscal user picks them without access to those registers
  app.get(
    '/v1/fiscal/inconsistencias/filtros',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Opções dos filtros de um lote: seções, marcas e fornecedores ativos',
        response: { 200: opcoesDeFiltroDeProduto },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const ler = async (tabela: 'secao' | 'marca' | 'fornecedor', coluna: 'descricao' | 'nome') =>
          (
            await sql<{
              id: number;
              descricao: string;
            }>`select id, ${sql.ref(coluna)} as descricao from ${sql.table(tabela)}
              where ativo order by 2 limit 2000`.execute(trx)
          ).rows;
        return {
          secoes: await ler('secao', 'descricao'),
          marcas: await ler('marca', 'descricao'),
          fornecedores: await ler('fornecedor', 'nome'),
        };
      });
    },
  );

  app.get(
    '/v1/fiscal/lotes-inconsistencia',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Lotes de inconsistências tributárias',
        querystring: LOTES.query,
        response: { 200: listaPaginada(loteInconsistencia) },
      },
      ...LOTES.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = LOTES.read(request.query);
      const lojas = lojasDoEscopo(auth);
      return db.withTenant(auth.assinanteId, (trx) =>
        pagedSql(trx, lotesFrom(sql`${l.where} and ${loteVisivel('l', lojas)}`), loteColunas(lojas), l),
      );
    },
  );

  app.get(
    '/v1/fiscal/lotes-inconsistencia/:id',
    {
      config: leitura,
      schema: { tags, summary: 'Um lote de inconsistências', params: porId, response: { 200: loteInconsistencia } },
    },
    async (request) => {
      const auth = authOf(request);
      const lote = await db.withTenant(auth.assinanteId, (trx) => lerLote(trx, request.params.id, lojasDoEscopo(auth)));
      if (!lote) throw naoEncontrado(MSG.naoEncontrado);
      return lote;
    },
  );

  app.get(
    '/v1/fiscal/lotes-inconsistencia/:id/itens',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Itens do lote: produto, valor atual e valor proposto',
        params: porId,
        querystring: ITENS.query,
        response: { 200: listaPaginada(itemLoteInconsistencia) },
      },
      ...ITENS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = ITENS.read(request.query);
      const lojas = lojasDoEscopo(auth);
      return db.withTenant(auth.assinanteId, async (trx) => {
        if (!(await lerLote(trx, request.params.id, lojas))) throw naoEncontrado(MSG.naoEncontrado);
        return pagedSql(trx, itensFrom(request.params.id, lojas, l.where), ITEM_COLUNAS, l);
      });
    },
  );

  app.get(
    '/v1/fiscal/lotes-inconsistencia/:id/alteracoes',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Alterações aplicadas pela finalização (antes → depois, por campo)',
        params: porId,
        querystring: ALTERACOES.query,
        response: { 200: listaPaginada(alteracaoLoteInconsistencia) },
      },
      ...ALTERACOES.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = ALTERACOES.read(request.query);
      const lojas = lojasDoEscopo(auth);
      return db.withTenant(auth.assinanteId, async (trx) => {
        if (!(await lerLote(trx, request.params.id, lojas))) throw naoEncontrado(MSG.naoEncontrado);
        return pagedSql(trx, alteracoesFrom(request.params.id, lojas), ALTERACAO_COLUNAS, l);
      });
    },
  );
}
