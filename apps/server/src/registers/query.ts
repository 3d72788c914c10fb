/** Reads of the generic engine: list (filter, sort, page, exact total), one row, children. */
import { LIMITE_CONTAGEM, parametrosListaSchema } from '@retaguarda/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../db/database';
import { orderSql, pageOf, parseListQuery, sortTerms } from '../http/list';
import type { EngineAuth } from './context';
import { whereFromQ } from './filter';
import { type Meta, toApi, toApiSem } from './meta';

export interface Scope {
  /** fixed equalities from the route (parent ids of nested paths). */
  fixed: Record<string, unknown>;
  auth: EngineAuth;
}

/** A column the list may sort by: declared, visible and single-valued. */
function sortColumnOf(meta: Meta, name: string): string | undefined {
  const col =
    meta.byName.get(name) ?? [...meta.byName.values()].find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!col || col.field.hidden || ['multiEnum', 'multiReference', 'lojas'].includes(col.field.type)) return undefined;
  return `t.${col.column}`;
}

/** ORDER BY of `sort` (the declaration's default sort when absent), ending on the id. */
export function orderBy(meta: Meta, sortParam: string | undefined): RawBuilder<unknown> {
  return orderSql(
    sortTerms(sortParam, meta.def.list.defaultSort, (name) => sortColumnOf(meta, name)),
    't.id',
  );
}

/** Store scope: a store-bound row is visible when it has no store or one of the user's stores. */
function scopeWhere(meta: Meta, scope: Scope): RawBuilder<unknown>[] {
  const conds: RawBuilder<unknown>[] = [];
  for (const [name, value] of Object.entries(scope.fixed)) {
    const col = meta.byName.get(name);
    if (col) conds.push(sql`${sql.ref(`t.${col.column}`)} = ${value}`);
  }
  const lf = meta.def.lojaField && meta.byName.get(meta.def.lojaField);
  if (lf && !scope.auth.administrador) {
    const lojas = [...scope.auth.lojas];
    conds.push(
      lf.field.type === 'lojas'
        ? sql`(cardinality(${sql.ref(`t.${lf.column}`)}) = 0 or ${sql.ref(`t.${lf.column}`)} && ${lojas}::int[])`
        : sql`(${sql.ref(`t.${lf.column}`)} is null or ${sql.ref(`t.${lf.column}`)} = any(${lojas}::int[]))`,
    );
  }
  return conds;
}

export function whereOf(meta: Meta, scope: Scope, q: unknown, extra: RawBuilder<unknown>[] = []): RawBuilder<unknown> {
  return conditionsOf(meta, scope, q, extra).where;
}

function conditionsOf(meta: Meta, scope: Scope, q: unknown, extra: RawBuilder<unknown>[] = []) {
  const conds = [...scopeWhere(meta, scope), ...extra];
  const fromQ = whereFromQ(meta, q);
  if (fromQ) conds.push(fromQ);
  return { where: conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``, filtered: conds.length > 0 };
}

/** Exact total: the trigger-kept counter for an unfiltered big table, count(*) otherwise. */
function totalExpr(meta: Meta, where: RawBuilder<unknown>, filtered: boolean): RawBuilder<unknown> {
  if (!filtered && meta.def.contagem)
    // the counter is split in slices so concurrent inserts do not queue on one row (migration 0190)
    return sql`coalesce((select sum(n)::int from contagem_registro where tabela = ${meta.def.table}), 0)`;
  return sql`(select count(*)::int from ${fromOf(meta)} ${where})`;
}

/** The exact row count of a list (filter and store scope included), as an SQL expression. */
export function totalOf(meta: Meta, scope: Scope, q: unknown): RawBuilder<unknown> {
  const { where, filtered } = conditionsOf(meta, scope, q);
  return totalExpr(meta, where, filtered);
}

export function fromOf(meta: Meta): RawBuilder<unknown> {
  return sql`${sql.table(meta.def.table)} as t`;
}

// the exact total rides along each row of the page (an init-plan, computed once): one round trip
const TOTAL = 'engine_total';

/** Where a list reads: a transaction, or a one-statement reader (`Database.readOnce`). */
export type Reader = <R>(query: RawBuilder<R>) => Promise<R[]>;

/**
 * A page of the register's list: `asked` is the request's query (or the GraphQL arguments), read by the
 * list contract; `defaultCount` is the page for count 0 or absent.
 */
export async function listRows(src: Tx | Reader, meta: Meta, scope: Scope, asked: unknown, defaultCount?: number) {
  const read: Reader = typeof src === 'function' ? src : async (q) => (await q.execute(src)).rows;
  const p = parseListQuery(parametrosListaSchema, asked);
  const { start, count } = pageOf(p, defaultCount);
  const { where, filtered } = conditionsOf(meta, scope, p.q);
  const order = orderBy(meta, p.sort);
  if (p.total === 'limitado' && filtered) return listaLimitada(read, meta, where, order, start, count);
  const total = totalExpr(meta, where, filtered);
  const cols = sql`${meta.selectList}, ${total} as ${sql.id(TOTAL)}`;
  // a wildcard "contains" is selective but badly estimated: the planner would walk the sort index
  // and test unaccent() on every row; matching first (trigram bitmap) and then sorting is the fast order
  const contains = p.q?.includes('*') ?? false;
  const query = contains
    ? sql<Record<string, unknown>>`with m as materialized (select t.id from ${fromOf(meta)} ${where})
        select ${meta.selectList}, (select count(*)::int from m) as ${sql.id(TOTAL)} from ${fromOf(meta)}
        where t.id in (select id from m) order by ${order} limit ${count} offset ${start}`
    : start >= 1000
      ? // deep pages: skip `start` rows on the narrow (index-only) path first, then read only the page's rows
        sql<Record<string, unknown>>`select ${cols} from ${fromOf(meta)}
          where t.id in (select t.id from ${fromOf(meta)} ${where} order by ${order} limit ${count} offset ${start}) order by ${order}`
      : sql<
          Record<string, unknown>
        >`select ${cols} from ${fromOf(meta)} ${where} order by ${order} limit ${count} offset ${start}`;
  const rows = await read(query);
  const first = rows[0]?.engineTotal as number | undefined;
  // past the end there is no row to carry the total: count on its own (rare)
  const n = first ?? (start === 0 ? 0 : ((await read(sql<{ n: number }>`select ${total} as n`))[0]?.n ?? 0));
  const items = rows.map(semTotal);
  return { start, count: items.length, total: n, items };
}

function semTotal(r: Record<string, unknown>) {
  return toApiSem(r, 'engineTotal');
}

/** `total=limitado`: the page and a count that stops past LIMITE_CONTAGEM. */
async function listaLimitada(
  read: Reader,
  meta: Meta,
  where: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  start: number,
  count: number,
) {
  // one statement: the matches up to one past the limit; the page only when they are complete (the
  // lateral's condition on n is checked once, before any row is joined); one row even when empty
  const rows = await read(
    sql<
      Record<string, unknown>
    >`with m as materialized (select t.id from ${fromOf(meta)} ${where} limit ${LIMITE_CONTAGEM + 1}),
        n as (select count(*)::int as n from m)
      select n.n as ${sql.id(TOTAL)}, p.* from n left join lateral (
        select ${meta.selectList} from ${fromOf(meta)}
         where n.n <= ${LIMITE_CONTAGEM} and t.id in (select id from m) order by ${order} limit ${count} offset ${start}
      ) p on true`,
  );
  const n = (rows[0]?.engineTotal as number | undefined) ?? 0;
  const achadas = rows.filter((r) => r.id !== null && r.id !== undefined);
  if (n <= LIMITE_CONTAGEM) return { start, count: achadas.length, total: n, items: achadas.map(semTotal) };
  // so many matches that walking the sort order and testing each row finds the page at once
  const pagina = await read(
    sql<
      Record<string, unknown>
    >`select ${meta.selectList} from ${fromOf(meta)} ${where} order by ${order} limit ${count} offset ${start}`,
  );
  return { start, count: pagina.length, total: LIMITE_CONTAGEM, totalLimitado: true, items: pagina.map(toApi) };
}

export async function getRow(trx: Tx, meta: Meta, scope: Scope, id: unknown, lock = false) {
  const cond = whereOf(meta, scope, undefined, [sql`t.id = ${id}`]);
  const r = await sql<
    Record<string, unknown>
  >`select ${meta.selectList} from ${fromOf(meta)} ${cond} ${sql.raw(lock ? 'for update' : '')}`.execute(trx);
  const row = r.rows[0];
  if (!row) return undefined;
  const out = toApi(row);
  for (const child of meta.children) out[child.name] = await childRows(trx, child, id);
  return out;
}

async function childRows(trx: Tx, child: Meta['children'][number], parentId: unknown) {
  const cols = (child.fields ?? []).map(
    (f) => sql`${sql.ref(f.column ?? f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} as ${sql.id(f.name)}`,
  );
  const r = await sql<
    Record<string, unknown>
  >`select ${sql.join(cols)} from ${sql.table(child.table!)} where ${sql.ref(child.parentColumn!)} = ${parentId} order by ordem, id`.execute(
    trx,
  );
  return r.rows;
}
