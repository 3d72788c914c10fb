/**
 * Advisory locks of a command (per stock location, bank account…): transaction-scoped, on a 64-bit hash
 * of tenant + key, taken in sorted order so two commands needing the same two keys never deadlock.
 */
import { sql } from 'kysely';
import type { Tx } from '../db/database';

/** The keys in the order they are locked (tenant-qualified, unique, sorted). */
export function chavesDeTrava(assinanteId: number, chaves: string | readonly string[]): string[] {
  const lista = typeof chaves === 'string' ? [chaves] : chaves;
  return [...new Set(lista.map((c) => `${assinanteId}:${c}`))].sort();
}

export async function travar(trx: Tx, assinanteId: number, chaves: string | readonly string[]): Promise<void> {
  for (const chave of chavesDeTrava(assinanteId, chaves))
    await sql`select pg_advisory_xact_lock(hashtextextended(${chave}, 0))`.execute(trx);
}

/**
 * The shared side of a key: many holders at once, excluded only by `travar` on the same key (e.g. stock
 * postings hold the store's closing key shared, so a closing waits for them and they wait for it).
 */
export async function travarCompartilhado(trx: Tx, assinanteId: number, chave: string): Promise<void> {
  const [k] = chavesDeTrava(assinanteId, chave);
  await sql`select pg_advisory_xact_lock_shared(hashtextextended(${k}, 0))`.execute(trx);
}
