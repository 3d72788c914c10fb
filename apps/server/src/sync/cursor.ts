/**
 * Commit-safe cursor for incremental reads (issue #25.7). A table adopts it in a migration with
 * `select app_cursor_adotar('tabela')` (migration 0392: column `cursor_tx` = the writing transaction's id,
 * on insert and update, and an index on (assinante_id, cursor_tx, id)); a reader asks
 * `lerDesde(db, assinanteId, 'tabela', cursor, limite)` and keeps the answer's `cursor` for the next call.
 *
 * Why not `id > N`: ids are taken at write time, so a transaction holding id 104 may commit after 105 was
 * read, and the reader never looks back. Here a row is returned only once every transaction that could
 * still add rows behind it has ended: its cursor_tx is below the statement's snapshot horizon
 * (`pg_snapshot_xmin(pg_current_snapshot())`, the oldest transaction still running). Rows come in
 * (cursor_tx, id) order, so the position only moves forward over finished transactions: each committed row
 * is seen exactly once, a rolled-back one never. A long-running writer delays what readers see (it holds
 * the horizon), it never makes them miss a row. The read is ONE statement (one snapshot for rows and
 * horizon). An updated row moves to its updater's position: read again, as a change feed wants.
 * Deletions leave no trace here (a feed of `removidos` needs its own tombstones).
 */
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database';

/** Opaque to clients: `<transaction>:<id>`; the start is `0:0`. */
export type Cursor = string;
export const CURSOR_INICIAL: Cursor = '0:0';
export const LIMITE_MAXIMO_CURSOR = 1000;

export interface PaginaDesde<T> {
  linhas: T[];
  /** where the next call starts (unchanged when nothing new was committed yet) */
  cursor: Cursor;
}

const TABELA = /^[a-z_][a-z0-9_]{0,62}$/;

/** The cursor's two parts, or null when it is not one (a client's malformed value: a 400, never a 500). */
export function lerCursor(cursor: string): { tx: string; id: string } | null {
  const m = /^(\d{1,20}):(\d{1,19})$/.exec(cursor);
  if (!m || BigInt(m[1]!) >= 2n ** 64n || BigInt(m[2]!) >= 2n ** 63n) return null;
  return { tx: m[1]!, id: m[2]! };
}

/** The statement: rows of `tabela` after `cursor`, below the horizon, in cursor order (tenant by RLS). */
export function consultaDesde<T>(
  tabela: string,
  cursor: Cursor,
  limite: number,
  /** a condition on the rows (`t.`): the position still moves only over what the reader receives */
  filtro?: RawBuilder<unknown>,
): RawBuilder<T & { cursorTx: string; id: number }> {
  if (!TABELA.test(tabela)) throw new Error(`tabela inválida para o cursor: ${tabela}`);
  const c = lerCursor(cursor);
  if (!c) throw new RangeError(`cursor inválido: ${cursor}`);
  const n = Math.max(1, Math.min(LIMITE_MAXIMO_CURSOR, Math.trunc(limite)));
  return sql<T & { cursorTx: string; id: number }>`
    select t.*, t.cursor_tx::text as cursor_tx from ${sql.table(tabela)} as t
     where (t.cursor_tx, t.id) > (${c.tx}::xid8, ${c.id}::bigint)
       and t.cursor_tx < pg_snapshot_xmin(pg_current_snapshot())${filtro ? sql` and (${filtro})` : sql``}
     order by t.cursor_tx, t.id
     limit ${n}`;
}

/** The next page after `cursor` (at most `limite` rows, ≤ 1 000) and the cursor to continue from. */
export async function lerDesde<T extends Record<string, unknown>>(
  db: Pick<Database, 'readOnce'>,
  assinanteId: number,
  tabela: string,
  cursor: Cursor,
  limite: number,
  filtro?: RawBuilder<unknown>,
): Promise<PaginaDesde<T & { cursorTx: string; id: number }>> {
  const linhas = await db.readOnce(assinanteId, consultaDesde<T>(tabela, cursor, limite, filtro));
  const ultima = linhas.at(-1);
  return { linhas, cursor: ultima ? `${ultima.cursorTx}:${ultima.id}` : cursor };
}

/**
 * Where a reader that has just read everything else stands: every transaction below the horizon has ended, so
 * a position just before it (its last possible id) leaves nothing committed behind and nothing to come ahead
 * skipped (a full load takes it first, then reads the tables; changes in between are read twice, never lost).
 */
export async function cursorDoHorizonte(db: Pick<Database, 'readOnce'>, assinanteId: number): Promise<Cursor> {
  const [l] = await db.readOnce(
    assinanteId,
    sql<{ tx: string }>`select (pg_snapshot_xmin(pg_current_snapshot())::text::numeric - 1)::text as tx`,
  );
  return `${l!.tx}:${2n ** 63n - 1n}`;
}

/** Whether a client's cursor names a transaction that has not even started yet (a marker from the future). */
export async function cursorDoFuturo(
  db: Pick<Database, 'readOnce'>,
  assinanteId: number,
  cursor: Cursor,
): Promise<boolean> {
  const c = lerCursor(cursor);
  if (!c) return true;
  const [l] = await db.readOnce(
    assinanteId,
    sql<{
      futuro: boolean;
    }>`select ${c.tx}::numeric >= pg_snapshot_xmax(pg_current_snapshot())::text::numeric as futuro`,
  );
  return l!.futuro;
}
