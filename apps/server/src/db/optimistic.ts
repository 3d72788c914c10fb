/**
 * The one optimistic-locking path (architecture §3): a PUT that carries `versao` succeeds only
 * against that version; concurrent writers of one row are serialised by the row lock, so of N
 * PUTs with the same `versao` exactly one wins and the others get MSG.versaoDesatualizada (409).
 * A PUT without `versao` (existing integrations) is last-write-wins.
 */
import { MSG } from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';
import { ApiError } from '../plugins/errors';
import type { Tx } from './database';

/** The 409 of a stale `versao`. */
export function versaoDesatualizada(): ApiError {
  return new ApiError(409, MSG.versaoDesatualizada, [MSG.versaoDesatualizadaMotivo]);
}

/** The SET of every versioned write: the new version and the change time. */
export const bumpVersion = { alteradoEm: sql<Date>`now()`, versao: sql<number>`versao + 1` };

/** The guard of a conditional UPDATE (`… where id = $1 and versao = $n`): empty without a `versao`. */
export function versionGuard(versao: number | undefined): RawBuilder<unknown> {
  return versao === undefined ? sql`` : sql` and versao = ${versao}`;
}

/**
 * Locks the row for this transaction (FOR UPDATE waits for a concurrent writer and then reads its
 * committed version) and compares the client's `versao`: false when there is no such row (the
 * caller answers its 404), 409 when the version is stale.
 */
export async function lockVersion(trx: Tx, table: string, id: unknown, versao: number | undefined): Promise<boolean> {
  const r = await sql<{ versao: number }>`select versao from ${sql.table(table)} where id = ${id} for update`.execute(
    trx,
  );
  const row = r.rows[0];
  if (!row) return false;
  if (versao !== undefined && Number(row.versao) !== versao) throw versaoDesatualizada();
  return true;
}
