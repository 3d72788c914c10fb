/**
 * Store scope of inconsistency lots (architecture §7.12): an item of a store (the state regime is per
 * store) belongs to that store; a product item (no store) to every user of the tenant. Rows of stores
 * the user does not hold are neither listed nor counted nor changed; a command touching them is 403
 * naming the stores. The stores are the session's (`auth.lojas`), as in the command backbone's store
 * check (workflows/executar.ts): an administrator's session holds every store (migration 0081).
 */
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db/database';

/** the stores the caller holds (an empty list matches no store row) */
export const lojasDoEscopo = (auth: { lojas: readonly number[] }): number[] => [...auth.lojas];

/** `alias.loja_id` is no store or one of `lojas` */
export const noEscopo = (alias: string, lojas: readonly number[]): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${alias}.loja_id`)} is null or ${sql.ref(`${alias}.loja_id`)} = any (${[...lojas]}::int4[]))`;

/** a lot is visible when one of its items is (a lot whose rows are all of other stores is not found) */
export const loteVisivel = (alias: string, lojas: readonly number[]): RawBuilder<boolean> =>
  sql<boolean>`exists (select 1 from lote_inconsistencia_item e where e.lote_id = ${sql.ref(`${alias}.id`)}
    and ${noEscopo('e', lojas)})`;

/**
 * The siglas of the stores outside `lojas` among the lot's items (only those matching `onde`, over
 * the item alias `i`, when given), sorted.
 */
export async function siglasForaDoEscopo(
  trx: Tx,
  loteId: number,
  lojas: readonly number[],
  onde: RawBuilder<unknown> = sql`true`,
): Promise<string[]> {
  const { rows } = await sql<{ sigla: string }>`
    select lj.sigla from loja lj
     where lj.id <> all (${[...lojas]}::int4[])
       and exists (select 1 from lote_inconsistencia_item i where i.lote_id = ${loteId} and i.loja_id = lj.id and ${onde})
     order by lj.sigla`.execute(trx);
  return rows.map((r) => r.sigla);
}

/** the siglas of store ids (creation names the stores a user asked for without holding them) */
export async function siglasDe(trx: Tx, ids: readonly number[]): Promise<string[]> {
  const { rows } = await sql<{ id: number; sigla: string }>`
    select id, sigla from loja where id = any (${[...ids]}::int4[])`.execute(trx);
  const porId = new Map(rows.map((r) => [r.id, r.sigla]));
  return ids.map((i) => porId.get(i) ?? String(i)).sort();
}
