/** Reads of the generic engine: list (filter, sort, page, exact total), one row, children. */
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@retaguarda/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../db/database';
import { ApiError } from '../plugins/errors';
import type { EngineAuth } from './context';
import { whereFromQ } from './filter';
import { type Meta, toApi } from './meta';

// page arithmetic of api-compat.md, shared with every other list (spec §9 page size)
const MAX_PAGE = PAGE_SIZE_MAX;
const DEFAULT_PAGE = PAGE_SIZE_DEFAULT;

export interface ListParams {
  start?: unknown;
  count?: unknown;
  sort?: unknown;
  q?: unknown;
  /** `limitado`: count the matches of a filter only up to LIMITE_CONTAGEM (the list screen) */
  total?: unknown;
}

/**
 * A filtered list asked with `total=limitado` (the list screen) counts its matches only up to this
 * many: beyond it the answer says `totalLimitado: true` ("mais de 10.000") instead of counting them all.
 * Counting ~1 M matches of a one- or two-letter "contains" (no trigram to use) reads the whole table
 * for 1.5–8 s, for a figure nobody pages through. Integrations never send the parameter: their total
 * stays exact, as they page by it.
 */
export const LIMITE_CONTAGEM = 10_000;

export interface Scope {
  /** fixed equalities from the route (parent ids of nested paths). */
  fixed: Record<string, unknown>;
  auth: EngineAuth;
}

const LIST_PARAMS = ['start', 'count', 'sort', 'q', '_'];

/** An unknown (e.g. misspelt) parameter is a 400 naming it, never a silently unfiltered list. */
export function assertListParams(query: Record<string, unknown>, extra: readonly string[] = []): void {
  const unknown = Object.keys(query).filter((k) => !LIST_PARAMS.includes(k) && !extra.includes(k));
  if (unknown.length) {
    throw new ApiError(
      400,
      'Parâmetro de consulta não aceito.',
      unknown.map(
        (k) => `${k}: parâmetro desconhecido (aceitos: ${[...LIST_PARAMS.slice(0, 4), ...extra].join(', ')}).`,
      ),
    );
  }
}

function intParam(v: unknown, name: string): number | undefined {
  if (v === undefined || v === '') return undefined;
  const s = Array.isArray(v) ? v[0] : v;
  if (typeof s !== 'string' || !/^\s*\d{1,9}\s*$/.test(s))
    throw new ApiError(400, `Parâmetro ${name} inválido: informe um número inteiro não negativo.`);
  return Number(s);
}

export function pageOf(p: ListParams, defaultCount = DEFAULT_PAGE) {
  const start = intParam(p.start, 'start') ?? 0;
  const asked = intParam(p.count, 'count');
  // count 0 or absent → the default page, never an empty one (api-compat: C2)
  const count = !asked ? defaultCount : Math.min(asked, MAX_PAGE);
  return { start, count };
}

export function orderBy(meta: Meta, sortParam: unknown): RawBuilder<unknown> {
  const raw = typeof sortParam === 'string' && sortParam.trim() ? sortParam : meta.def.list.defaultSort;
  const parts: RawBuilder<unknown>[] = [];
  let hasId = false;
  for (const token of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    // '+' arrives as a space when the client does not encode it
    const desc = token.startsWith('-');
    const name = token.replace(/^[-+ ]/, '').trim();
    const col =
      meta.byName.get(name) ?? [...meta.byName.values()].find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (
      !col ||
      col.field.hidden ||
      col.field.type === 'multiEnum' ||
      col.field.type === 'multiReference' ||
      col.field.type === 'lojas'
    ) {
      throw new ApiError(400, `Ordenação inválida: o campo '${name}' não pode ser usado para ordenar.`);
    }
    if (col.name === 'id') hasId = true;
    // PostgreSQL's default null placement, so btree indexes serve the sort (no explicit NULLS)
    parts.push(sql`${sql.ref(`t.${col.column}`)} ${sql.raw(desc ? 'desc' : 'asc')}`);
  }
  if (!hasId) parts.push(sql`t.id asc`);
  return sql.join(parts);
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
    return sql`coalesce((select n::int from contagem_registro where tabela = ${meta.def.table}), 0)`;
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

function modoTotal(v: unknown): 'exato' | 'limitado' {
  if (v === undefined || v === '' || v === 'exato') return 'exato';
  if (v === 'limitado') return 'limitado';
  throw new ApiError(400, 'Parâmetro total inválido: use exato ou limitado.');
}

export async function listRows(src: Tx | Reader, meta: Meta, scope: Scope, p: ListParams, defaultCount?: number) {
  const read: Reader = typeof src === 'function' ? src : async (q) => (await q.execute(src)).rows;
  const { start, count } = pageOf(p, defaultCount);
  const { where, filtered } = conditionsOf(meta, scope, p.q);
  const order = orderBy(meta, p.sort);
  if (modoTotal(p.total) === 'limitado' && filtered) return listaLimitada(read, meta, where, order, start, count);
  const total = totalExpr(meta, where, filtered);
  const cols = sql`${meta.selectList}, ${total} as ${sql.id(TOTAL)}`;
  // a wildcard "contains" is selective but badly estimated: the planner would walk the sort index
  // and test unaccent() on every row; matching first (trigram bitmap) and then sorting is the fast order
  const contains = typeof p.q === 'string' && p.q.includes('*');
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
  delete r.engineTotal;
  return toApi(r);
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
