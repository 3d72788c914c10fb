/** `sort=campo,-campo,+campo` of every list: only declared fields, anything else a 400. */
import { MSG_LISTA } from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';
import { ApiError } from '../../plugins/errors';

export interface SortTerm {
  /** the API name as asked */
  name: string;
  /** the (qualified) column it sorts by */
  column: string;
  desc: boolean;
}

/** Resolves a sort name to its column; undefined when the field cannot sort. */
export type SortResolver = (name: string) => string | undefined;

/**
 * A whitelist `{ apiName: column }`, names matched case-insensitively (clients send `criadoem`). Maps only:
 * an object lookup would answer `sort=valueOf` with Object.prototype's function (a 500, found by the hostile reads).
 */
export function sortColumns(columns: Record<string, string>): SortResolver {
  const exact = new Map(Object.entries(columns));
  const byLower = new Map(Object.entries(columns).map(([k, v]) => [k.toLowerCase(), v]));
  return (name) => exact.get(name) ?? byLower.get(name.toLowerCase());
}

/** The asked terms, or the list's default when `sort` is absent or blank. */
export function sortTerms(raw: string | undefined, fallback: string, resolve: SortResolver): SortTerm[] {
  const asked = raw?.trim() ? raw : fallback;
  return asked
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((token) => {
      // '+' arrives as a space when the client does not encode it
      const desc = token.startsWith('-');
      const name = token.replace(/^[-+ ]/, '').trim();
      const column = resolve(name);
      if (!column) throw new ApiError(400, MSG_LISTA.ordenacaoInvalida(name));
      return { name, column, desc };
    });
}

/**
 * The terms as an ORDER BY list ending on the id (ascending) unless it is already sorted by it, so
 * that paging never skips nor repeats a row. PostgreSQL's default null placement keeps btree indexes usable.
 */
export function orderSql(terms: readonly SortTerm[], idColumn = 'id'): RawBuilder<unknown> {
  const parts = terms.map((t) => sql`${sql.ref(t.column)} ${sql.raw(t.desc ? 'desc' : 'asc')}`);
  if (!terms.some((t) => t.column === idColumn)) parts.push(sql`${sql.ref(idColumn)} asc`);
  return sql.join(parts);
}
