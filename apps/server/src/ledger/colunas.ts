/**
 * Set-based posting: N ledger rows travel as one array per column and are expanded by
 * `unnest(...) with ordinality` inside a single statement — one round trip per posting, whatever N.
 */
import { type RawBuilder, sql } from 'kysely';

export type TipoColuna = 'int4' | 'int8' | 'date' | 'text' | 'numeric' | 'timestamptz';

/** The rows as column arrays, in row order (null stays null). */
export function colunas<R, K extends keyof R>(linhas: readonly R[], campos: readonly K[]): Record<K, unknown[]> {
  const out = {} as Record<K, unknown[]>;
  for (const c of campos) out[c] = new Array(linhas.length);
  linhas.forEach((l, i) => {
    for (const c of campos) out[c][i] = l[c] ?? null;
  });
  return out;
}

/** `unnest($1::int4[], $2::date[], …) with ordinality as alias(c1, c2, …, ord)` for a from clause. */
export function unnestDe(
  alias: string,
  cols: readonly { nome: string; tipo: TipoColuna; valores: readonly unknown[] }[],
): RawBuilder<unknown> {
  const args = sql.join(cols.map((c) => sql`${c.valores}::${sql.raw(c.tipo)}[]`));
  const nomes = sql.raw([...cols.map((c) => c.nome), 'ord'].join(', '));
  return sql`unnest(${args}) with ordinality as ${sql.raw(alias)}(${nomes})`;
}
