/**
 * The one list contract of the server (api-compat.md "Pagination"): the register engine reads its query
 * with parseListQuery/pageOf/sortTerms, and a bespoke list declares itself with defineList — its own
 * parameters, filterable and sortable fields, default page — and writes no paging code of its own:
 *
 *   const lista = defineList({ filter: CAMPOS, sort: { fields: ORDEM, default: 'nome' } });
 *   app.get(path, { ...lista.route, schema: { querystring: lista.query } }, async (request) => {
 *     const l = lista.read(request.query);
 *     return pagedSelect(trx.selectFrom('grupo').where(l.where), (qb) => qb.select(COLUNAS), l);
 *   });
 */
import { type ListaPaginada, listaParametros } from '@retaguarda/domain';
import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { poolSettings, type Tx } from '../../db/database';
import { type RsqlFieldMap, rsqlWhere } from '../../db/rsql-kysely';
import { listValidatorCompiler, type Page, pageOf } from './params';
import { orderSql, sortColumns, sortTerms } from './sort';

export { listValidatorCompiler, type Page, pageOf, parseListQuery } from './params';
export { orderSql, type SortResolver, type SortTerm, sortColumns, sortTerms } from './sort';

export interface ListSpec<E extends z.ZodRawShape> {
  /** the list's own parameters besides start, count, sort and q (e.g. `naoLidas`) */
  extra?: E;
  /** fields `q` may filter on; none declared → any `q` names an unknown field (400) */
  filter?: RsqlFieldMap;
  /**
   * fields `sort` may name → their columns, the default sort, and the id column that ends every order;
   * none declared (a list kept in its own order) → any `sort` is a 400
   */
  sort?: { fields: Record<string, string>; default: string; id?: string };
  /** page size for count 0 or absent (default PAGE_SIZE_DEFAULT) */
  defaultCount?: number;
}

export interface ListRequest<P> {
  page: Page;
  order: RawBuilder<unknown>;
  /** the `q` filter; `true` when there is none */
  where: Expression<SqlBool>;
  params: P;
}

/** A bespoke list: its query schema (OpenAPI, typed request.query), its route options and its reader. */
export function defineList<E extends z.ZodRawShape = Record<never, never>>(spec: ListSpec<E>) {
  const query = listaParametros(spec.extra);
  const resolve = sortColumns(spec.sort?.fields ?? {});
  type Params = z.output<typeof query>;
  return {
    query,
    /** spread into the route options: refusals of the query answer the contract's 400 */
    route: { validatorCompiler: listValidatorCompiler },
    read(params: Params): ListRequest<Params> {
      const p = params as { start?: number; count?: number; sort?: string; q?: string };
      return {
        page: pageOf(p, spec.defaultCount),
        order: orderSql(sortTerms(p.sort, spec.sort?.default ?? '', resolve), spec.sort?.id),
        where: rsqlWhere(p.q, spec.filter ?? {}) ?? sql<SqlBool>`true`,
        params,
      };
    },
  };
}

/** The answer of every list: `count` is the number of items returned (clients advance `start` by it). */
export function listAnswer<T>(page: Page, total: number, items: T[]): ListaPaginada<T> {
  return { start: page.start, count: items.length, total, items };
}

/** A heavy filter cannot hold the connection: the list's statements stop after DB_STATEMENT_TIMEOUT_MS (503). */
async function listTimeout(trx: Tx): Promise<void> {
  const ms = poolSettings().listTimeoutMs;
  if (ms > 0) await sql`select set_config('statement_timeout', ${String(ms)}, true)`.execute(trx);
}

/** The exact total and the ordered page of a filtered select (`base` holds the from and the where). */
export async function pagedSelect<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (qb: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  list: { page: Page; order: RawBuilder<unknown> },
): Promise<ListaPaginada<O>> {
  const counted = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const { total } = counted as { total: number };
  const items = await select(base).orderBy(list.order).offset(list.page.start).limit(list.page.count).execute();
  return listAnswer(list.page, total, items as O[]);
}

/** The same for a list written in SQL: `from` is its `from … where …` text, `columns` its select list. */
export async function pagedSql<R>(
  trx: Tx,
  from: RawBuilder<unknown>,
  columns: RawBuilder<unknown>,
  list: { page: Page; order: RawBuilder<unknown> },
): Promise<ListaPaginada<R>> {
  const { page, order } = list;
  await listTimeout(trx);
  const { rows } =
    await sql<R>`select ${columns} ${from} order by ${order} limit ${page.count} offset ${page.start}`.execute(trx);
  const { rows: n } = await sql<{ total: number }>`select count(*)::int as total ${from}`.execute(trx);
  return listAnswer(page, n[0]?.total ?? 0, rows);
}

/** The same for a list computed in memory, already in its order. */
export function pagedItems<T>(items: readonly T[], list: { page: Page }): ListaPaginada<T> {
  const { start, count } = list.page;
  return listAnswer(list.page, items.length, items.slice(start, start + count));
}
