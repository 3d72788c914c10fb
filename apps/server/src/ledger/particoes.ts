/**
 * Monthly partitions of the big ledgers. The app role cannot create tables, so each ledger's migration
 * ships a SECURITY DEFINER function `app_<ledger>_particoes(de, ate)` (idempotent) and the server calls
 * it at start for the months ahead; rows outside every partition land in the ledger's default partition.
 * Only months from the current one on are created (a past month may already hold rows in the default).
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';

export const MESES_A_FRENTE = 24;

export async function garantirParticoes(
  db: Database,
  funcao: string,
  log: (m: string) => void = () => {},
): Promise<void> {
  if (!/^app_[a-z_]+_particoes$/.test(funcao)) throw new Error(`função de partições inválida: ${funcao}`);
  try {
    const { rows } = await sql<{ n: number }>`select ${sql.raw(funcao)}(current_date,
      (current_date + ${sql.lit(`${MESES_A_FRENTE} months`)}::interval)::date) as n`.execute(db.kysely);
    if (rows[0]?.n) log(`${funcao}: ${rows[0].n} partições criadas`);
  } catch (err) {
    // two instances starting together: the other one created them (the default partition covers a gap)
    log(`${funcao}: ${(err as Error).message}`);
  }
}
