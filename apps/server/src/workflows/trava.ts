/**
 * Advisory locks of a command (per stock location, bank account…) and of a ledger posting: transaction-scoped,
 * on a 64-bit hash of tenant + key, taken in sorted order so two commands needing the same two keys never
 * deadlock. The hash is built in ONE place, the SQL function `app_chave_trava(assinante, chave)` (migration
 * 0398), whether the tenant comes from JS (a command's `assinanteId`) or from the statement
 * (`app_assinante()`, a ledger posting); `chaveDeTrava` mirrors its text (a test asserts both equal).
 */
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../db/database';

/** The text `app_chave_trava` hashes: tenant-qualified. */
export const chaveDeTrava = (assinanteId: number, chave: string): string => `${assinanteId}:${chave}`;

/** The keys in the order they are locked (tenant-qualified, unique, sorted). */
export function chavesDeTrava(assinanteId: number, chaves: string | readonly string[]): string[] {
  const lista = typeof chaves === 'string' ? [chaves] : chaves;
  return [...new Set(lista.map((c) => chaveDeTrava(assinanteId, c)))].sort();
}

/** The keys of one tenant in lock order (the same order as `chavesDeTrava`: one tenant, same prefix). */
export const ordemDeTrava = (chaves: string | readonly string[]): string[] =>
  [...new Set(typeof chaves === 'string' ? [chaves] : chaves)].sort();

/** The tenant of the lock: the command's, or null for the transaction's own (`app_assinante()`). */
type Assinante = number | null;
const assinanteSql = (a: Assinante): RawBuilder<number> => (a === null ? sql`app_assinante()` : sql`${a}::int4`);

/** `app_chave_trava(tenant, key)`: the lock key as SQL, for statements that lock themselves. */
export const chaveSql = (assinanteId: Assinante, chave: string): RawBuilder<bigint> =>
  sql`app_chave_trava(${assinanteSql(assinanteId)}, ${chave}::text)`;

export async function travar(trx: Tx, assinanteId: Assinante, chaves: string | readonly string[]): Promise<void> {
  for (const chave of ordemDeTrava(chaves))
    await sql`select pg_advisory_xact_lock(${chaveSql(assinanteId, chave)})`.execute(trx);
}

/**
 * The shared side of a key: many holders at once, excluded only by `travar` on the same key (e.g. stock
 * postings hold the store's closing key shared, so a closing waits for them and they wait for it).
 */
export async function travarCompartilhado(
  trx: Tx,
  assinanteId: Assinante,
  chaves: string | readonly string[],
): Promise<void> {
  for (const chave of ordemDeTrava(chaves))
    await sql`select pg_advisory_xact_lock_shared(${chaveSql(assinanteId, chave)})`.execute(trx);
}
