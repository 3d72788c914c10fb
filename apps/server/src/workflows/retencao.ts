/**
 * Retention of Idempotency-Key answers: a client retries a command for minutes or hours, so a key sent in the
 * header is kept RETENCAO_CHAVES_DIAS days, then an hourly sweep (a pg-boss schedule: one instance runs each
 * occurrence) removes it, in batches. Natural keys (a document's own number) are kept for ever: forgetting one
 * would let the same document be posted twice (migration 0304).
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { defineSchedule } from '../jobs';

export const RETENCAO_CHAVES_DIAS = 30;
const LOTE = 10_000;

/** Removes the header keys older than `dias`, batch after batch; how many it removed. */
export async function expirarChavesDeIdempotencia(db: Database, dias = RETENCAO_CHAVES_DIAS): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await sql<{ n: number }>`select app_idempotencia_expiradas(${dias}, ${LOTE}) as n`.execute(
      db.kysely,
    );
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < LOTE) return total;
  }
}

export const agendaRetencaoDeChaves = defineSchedule({
  tipo: 'workflows.retencao-chaves',
  fila: 'geral',
  cron: '7 * * * *',
  executar: ({ db }) => expirarChavesDeIdempotencia(db),
});
