/**
 * Stock ledger API: movements and balances (GET /api/v1/estoque/movimentos, /saldos) and adjustments
 * (POST through the command, GET list and /{id}). Reads need the adjustment access or either statement
 * permission, always within the caller's stores.
 */
import {
  ajusteEstoqueDetalhe,
  ajusteEstoqueNaLista,
  listaPaginada,
  MSG_AJUSTE,
  movimentoEstoque,
  perm,
  saldoEstoque,
  saldosParametros,
  totalSaldoPorLoja,
  TIPOS_MOVIMENTO,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Expression, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { RsqlFieldMap } from '../../db/rsql-kysely';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado } from '../../workflows';
import { localIsoText, zonaDaLojaIdSql } from '../../time';
import { incluirAjusteEstoque } from './ajuste.workflow';
import { MOVIMENTO_COLUNAS, movimentosFrom, SALDO_COLUNAS, SALDO_TOTAIS, saldosFrom } from './saldos';

const tags = ['estoque'];
/** the balances: also for the holders of the Saldo de estoque report, whose screen lists them (#27.9) */
const leituraSaldos = {
  access: {
    anyOf: [
      perm('AJUSTE_ESTOQUE'),
      perm('RELATORIO_EXTRATO_ESTOQUE'),
      'PERM_RELATORIO_EXTRATO_MOVIMENTACOES',
      perm('RELATORIO_SALDO_ESTOQUE'),
    ],
    entidade: 'saldos de estoque',
  },
};
const leitura = {
  access: {
    anyOf: [perm('AJUSTE_ESTOQUE'), perm('RELATORIO_EXTRATO_ESTOQUE'), 'PERM_RELATORIO_EXTRATO_MOVIMENTACOES'],
    entidade: 'movimentos de estoque',
  },
};
const ids = (prefixo: string): RsqlFieldMap => ({
  lojaId: { column: `${prefixo}.loja_id`, type: 'number' },
  localId: { column: `${prefixo}.local_id`, type: 'number' },
  produtoId: { column: `${prefixo}.produto_id`, type: 'number' },
});

const MOVIMENTOS = defineList({
  filter: {
    id: { column: 'm.id', type: 'number' },
    ...ids('m'),
    tipo: { column: 'm.tipo', type: 'enum', values: TIPOS_MOVIMENTO },
    // the business date itself: a period prunes the ledger's monthly partitions
    data: { column: 'm.data', type: 'day', loja: 'm.loja_id' },
    // the posting instant, by the days of the movement's store (a Rio Branco row's day is Rio Branco's)
    lancadoEm: { column: 'm.lancado_em', type: 'date', loja: 'm.loja_id' },
    documentoTipo: { column: 'm.documento_tipo', type: 'text' },
    documentoId: { column: 'm.documento_id', type: 'number' },
  },
  sort: { fields: { data: 'm.data', id: 'm.id', produtoId: 'm.produto_id' }, default: 'data', id: 'm.id' },
});
const SALDOS = defineList({
  extra: saldosParametros.shape,
  filter: { ...ids('s'), secaoId: { column: 's.secao_id', type: 'number' } },
  sort: {
    fields: { lojaId: 's.loja_id', localId: 's.local_id', produtoId: 's.produto_id' },
    default: 'lojaId,localId,produtoId',
    id: 's.produto_id',
  },
});
const AJUSTES = defineList({
  filter: {
    id: { column: 'a.id', type: 'number' },
    lojaId: { column: 'a.loja_id', type: 'number' },
    localId: { column: 'a.local_id', type: 'number' },
    tipoDeAjusteId: { column: 'a.tipo_ajuste_id', type: 'number' },
    tipoDeOperacao: { column: 'a.tipo_de_operacao', type: 'enum', values: ['ENTRADA', 'SAIDA'] },
    // a business date, already the store's: compared as it is
    dataDaMovimentacao: { column: 'a.data', type: 'day', loja: 'a.loja_id' },
  },
  sort: { fields: { id: 'a.id', dataDaMovimentacao: 'a.data' }, default: '-id', id: 'a.id' },
});
const AJUSTE_COLUNAS = sql`a.id::float8 as id, a.loja_id, a.local_id, a.tipo_ajuste_id as tipo_de_ajuste_id,
  a.tipo_de_operacao, a.data::text as data_da_movimentacao, a.observacao, a.quantidade_itens, a.usuario_id,
  ${localIsoText(sql.ref('a.criado_em'), zonaDaLojaIdSql(sql.ref('a.loja_id')))} as criado_em,
  (select l.sigla from loja l where l.assinante_id = a.assinante_id and l.id = a.loja_id) as loja_sigla,
  (select x.descricao from local_estoque x where x.assinante_id = a.assinante_id and x.id = a.local_id) as local_descricao,
  (select t.descricao from tipo_ajuste t where t.assinante_id = a.assinante_id and t.id = a.tipo_ajuste_id)
    as tipo_de_ajuste_descricao,
  (select u.nome from usuario u where u.assinante_id = a.assinante_id and u.id = a.usuario_id) as usuario_nome`;
const ajustesFrom = (lojas: readonly number[], where: Expression<SqlBool>) =>
  sql`from ajuste_estoque a where a.loja_id = any(${[...lojas]}::int4[]) and ${where}`;

export async function estoqueRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const app = api.withTypeProvider<ZodTypeProvider>();
  montarWorkflows(api, db, [incluirAjusteEstoque]);

  app.get(
    '/v1/estoque/movimentos',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Movimentos de estoque (saldo e custo médio após cada um)',
        querystring: MOVIMENTOS.query,
        response: { 200: listaPaginada(movimentoEstoque) },
      },
      ...MOVIMENTOS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = MOVIMENTOS.read(request.query);
      return db.withTenant(auth.assinanteId, (trx) =>
        pagedSql(trx, movimentosFrom(auth.lojas, l.where), MOVIMENTO_COLUNAS, l),
      );
    },
  );

  app.get(
    '/v1/estoque/saldos/totais',
    {
      config: leituraSaldos,
      schema: {
        tags,
        summary: 'Totais por loja dos saldos que os mesmos filtros selecionam (q, data)',
        querystring: SALDOS.query,
        response: { 200: z.object({ items: z.array(totalSaldoPorLoja) }) },
      },
      ...SALDOS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = SALDOS.read(request.query);
      const data = (request.query as { data?: string }).data;
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<z.infer<typeof totalSaldoPorLoja>>`${SALDO_TOTAIS}
          ${saldosFrom(auth.lojas, data, l.where)} group by s.loja_id order by s.loja_id`.execute(trx);
        return { items: rows };
      });
    },
  );

  app.get(
    '/v1/estoque/saldos',
    {
      config: leituraSaldos,
      schema: {
        tags,
        summary: 'Saldos de estoque por loja, local e produto (atuais ou no fim de um dia)',
        querystring: SALDOS.query,
        response: { 200: listaPaginada(saldoEstoque) },
      },
      ...SALDOS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = SALDOS.read(request.query);
      const data = (request.query as { data?: string }).data;
      return db.withTenant(auth.assinanteId, (trx) =>
        pagedSql(trx, saldosFrom(auth.lojas, data, l.where), SALDO_COLUNAS, l),
      );
    },
  );

  const acessoAjustes = { access: { anyOf: [perm('AJUSTE_ESTOQUE')], entidade: MSG_AJUSTE.entidade } };
  app.get(
    '/v1/estoque/ajustes',
    {
      config: acessoAjustes,
      schema: {
        tags,
        summary: 'Ajustes de estoque',
        querystring: AJUSTES.query,
        response: { 200: listaPaginada(ajusteEstoqueNaLista) },
      },
      ...AJUSTES.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = AJUSTES.read(request.query);
      return db.withTenant(auth.assinanteId, (trx) =>
        pagedSql(trx, ajustesFrom(auth.lojas, l.where), AJUSTE_COLUNAS, l),
      );
    },
  );

  app.get(
    '/v1/estoque/ajustes/:id',
    {
      config: acessoAjustes,
      schema: {
        tags,
        summary: 'Um ajuste de estoque com seus itens',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: ajusteEstoqueDetalhe },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const id = request.params.id;
      const r = await db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<z.output<typeof ajusteEstoqueNaLista>>`select ${AJUSTE_COLUNAS}
          from ajuste_estoque a where a.id = ${id} and a.loja_id = any(${[...auth.lojas]}::int4[])`.execute(trx);
        const a = rows[0];
        if (!a) return undefined;
        const { rows: itens } = await sql<z.output<typeof ajusteEstoqueDetalhe>['itens'][number]>`
          select m.id::text as movimento_id, m.produto_id, abs(m.quantidade)::text as quantidade,
                 m.custo_unitario::text as custo_unitario, p.codigo_interno as produto_codigo,
                 p.descricao as produto_descricao, u.sigla as unidade, coalesce(u.casas_decimais, 0) as casas_decimais
            from movimento_estoque m
            left join produto p on p.assinante_id = m.assinante_id and p.id = m.produto_id
            left join unidade u on u.assinante_id = p.assinante_id and u.id = p.unidade_de_venda_id
           where m.documento_tipo = 'AJUSTE' and m.documento_id = ${id} and m.loja_id = ${a.lojaId}
             and m.data = ${a.dataDaMovimentacao}::date order by m.id`.execute(trx);
        return { ...a, itens };
      });
      if (!r) throw naoEncontrado(MSG_AJUSTE.naoEncontrado);
      return r;
    },
  );
}
