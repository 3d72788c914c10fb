/**
 * Inconsistency counters (spec §4, §6, §7 "Counters and holdings"), always limited to the caller's
 * stores (a row without a store — a product-level problem — counts for every store).
 * - GET /v1/pdv/pendencias → {total}: pending sales-upload transactions (the POS upload stores one per
 *   sale it could not post, over the caller's stores), PERM_INCONSISTENCIA_ACESSO.
 * - GET /v1/produto/inconsistencias-tributacao → {total}: products without a tax scenario giving a
 *   CFOP/CST in some store, PERM_CFOP_ACESSO.
 * - GET /v1/produto/inconsistencias-produto → {items:[{tipoInconsistencia, quantidade}]},
 *   PERM_INCONSISTENCIA_PRODUTO_ACESSO (the client's sum leaves SEM_CEST out).
 * - GET /v1/pdv/erros-subida-venda → {items: per store}; each count only with its permission.
 * GET /v1/holdings belongs to the holding register (register engine), not here.
 */
import {
  type ContadoresDaLoja,
  contadoresPorLoja,
  type InconsistenciaPorTipo,
  inconsistenciasDeProduto,
  totalDeContador,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import { type AuthContext, authOf, hasAnyPermission } from '../../plugins/auth';

const tags = ['contadores'];
export const PERM_VENDA = 'PERM_INCONSISTENCIA_ACESSO';
export const PERM_TRIBUTACAO = 'PERM_CFOP_ACESSO';
export const PERM_PRODUTO = 'PERM_INCONSISTENCIA_PRODUTO_ACESSO';
const SEM_CENARIO = 'SEM_CENARIO_FISCAL';

const lojasDe = (auth: AuthContext) => (auth.lojas.length ? auth.lojas : [-1]);
const daLoja = (auth: AuthContext) => sql`(loja_id is null or loja_id in (${sql.join(lojasDe(auth))}))`;

async function pendencias(trx: Tx, auth: AuthContext): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total from subida_venda_transacao
     where status = 'PENDENTE' and loja_id in (${sql.join(lojasDe(auth))})`.execute(trx);
  return rows[0]?.total ?? 0;
}

async function tributacao(trx: Tx, auth: AuthContext): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(distinct coalesce(produto_id::text, 'i:' || id))::int as total from inconsistencia_produto
     where resolvida_em is null and tipo = ${SEM_CENARIO} and ${daLoja(auth)}`.execute(trx);
  return rows[0]?.total ?? 0;
}

async function produto(trx: Tx, auth: AuthContext): Promise<InconsistenciaPorTipo[]> {
  const { rows } = await sql<InconsistenciaPorTipo>`
    select tipo as "tipoInconsistencia", count(*)::int as quantidade from inconsistencia_produto
     where resolvida_em is null and tipo <> ${SEM_CENARIO} and ${daLoja(auth)}
     group by tipo order by tipo`.execute(trx);
  return rows;
}

async function porLoja(trx: Tx, auth: AuthContext): Promise<ContadoresDaLoja[]> {
  const { rows } = await sql<ContadoresDaLoja>`
    select l.id as "lojaId", l.sigla, l.fantasia,
      (select count(*)::int from subida_venda_transacao s where s.loja_id = l.id and s.status = 'PENDENTE') as "errosDeSubidaDeVenda",
      (select count(distinct s.tipo_erro)::int from subida_venda_transacao s where s.loja_id = l.id and s.status = 'PENDENTE') as "inconsistenciasDeVenda",
      (select count(distinct coalesce(i.produto_id::text, 'i:' || i.id))::int from inconsistencia_produto i
        where i.resolvida_em is null and i.tipo = ${SEM_CENARIO} and (i.loja_id is null or i.loja_id = l.id)) as "inconsistenciasDeTributacao",
      (select count(*)::int from inconsistencia_produto i
        where i.resolvida_em is null and i.tipo not in (${SEM_CENARIO}, 'SEM_CEST') and (i.loja_id is null or i.loja_id = l.id)) as "inconsistenciasDeProduto"
      from loja l where l.ativo and l.id in (${sql.join(lojasDe(auth))}) order by l.id`.execute(trx);
  const venda = hasAnyPermission(auth, [PERM_VENDA]);
  const trib = hasAnyPermission(auth, [PERM_TRIBUTACAO]);
  const prod = hasAnyPermission(auth, [PERM_PRODUTO]);
  return rows.map((r) => ({
    ...r,
    errosDeSubidaDeVenda: venda ? r.errosDeSubidaDeVenda : null,
    inconsistenciasDeVenda: venda ? r.inconsistenciasDeVenda : null,
    inconsistenciasDeTributacao: trib ? r.inconsistenciasDeTributacao : null,
    inconsistenciasDeProduto: prod ? r.inconsistenciasDeProduto : null,
  }));
}

export async function contadoresRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const ler =
    <T>(fn: (trx: Tx, auth: AuthContext) => Promise<T>) =>
    async (request: Parameters<typeof authOf>[0]) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, (trx) => fn(trx, auth));
    };

  app.get(
    '/v1/pdv/pendencias',
    {
      config: { access: { anyOf: [PERM_VENDA], entidade: 'inconsistências de venda' } },
      schema: { tags, summary: 'Total de pendências da subida de vendas', response: { 200: totalDeContador } },
    },
    ler(async (trx, auth) => ({ total: await pendencias(trx, auth) })),
  );

  app.get(
    '/v1/produto/inconsistencias-tributacao',
    {
      config: { access: { anyOf: [PERM_TRIBUTACAO], entidade: 'inconsistências de tributação' } },
      schema: { tags, summary: 'Total de produtos sem cenário fiscal', response: { 200: totalDeContador } },
    },
    ler(async (trx, auth) => ({ total: await tributacao(trx, auth) })),
  );

  app.get(
    '/v1/produto/inconsistencias-produto',
    {
      config: { access: { anyOf: [PERM_PRODUTO], entidade: 'inconsistências de produto' } },
      schema: { tags, summary: 'Inconsistências de produto por tipo', response: { 200: inconsistenciasDeProduto } },
    },
    ler(async (trx, auth) => ({ items: await produto(trx, auth) })),
  );

  app.get(
    '/v1/pdv/erros-subida-venda',
    {
      config: { access: { anyOf: [PERM_VENDA, PERM_TRIBUTACAO, PERM_PRODUTO], entidade: 'inconsistências' } },
      schema: { tags, summary: 'Contadores de inconsistências por loja', response: { 200: contadoresPorLoja } },
    },
    ler(async (trx, auth) => {
      const items = await porLoja(trx, auth);
      return { total: items.length, items };
    }),
  );
}
