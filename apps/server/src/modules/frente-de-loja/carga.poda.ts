/**
 * Pruning the POS change feed's log (migration 0446): an hourly sweep (a pg-boss schedule: one instance runs each
 * occurrence) deletes, in batches, the changes older than RETENCAO_CARGA_DIAS that no active device still needs
 * (none of the row's store, or of any store for a tenant-wide row, confirmed a marker before it). A blocked or
 * revoked device keeps nothing; a terminal offline for weeks keeps what follows its confirmed marker. A marker
 * before what was pruned is refused (422: take the full load again), never answered with a silent gap.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { defineSchedule } from '../../jobs';

export const RETENCAO_CARGA_DIAS = 7;
const LOTE = 10_000;

/** Removes what may go, batch after batch; how many changes it removed. */
export async function podarCarga(db: Database, dias = RETENCAO_CARGA_DIAS): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await sql<{ n: number }>`select app_carga_podar(${dias}, ${LOTE}) as n`.execute(db.kysely);
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < LOTE) return total;
  }
}

export const agendaPodaDaCarga = defineSchedule({
  tipo: 'frente-de-loja.carga-poda',
  fila: 'geral',
  cron: '23 * * * *',
  executar: ({ db }) => podarCarga(db),
});
