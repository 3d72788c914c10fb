/**
 * VENCIDO when a due date passes: a daily sweep across tenants (migration 0522's security-definer function),
 * run shortly after midnight in Brasília; idempotent, so a retry or a late run does no harm.
 */
import { hojeNaZona, ZONA_PADRAO } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { defineSchedule } from '../../jobs';

/** How many agreements became VENCIDO on `hoje` (default: today in the default zone). */
export async function vencerAcordos(db: Database, hoje = hojeNaZona(ZONA_PADRAO)): Promise<number> {
  const { rows } = await sql<{ n: number }>`select app_acordos_vencer(${hoje}::date) as n`.execute(db.kysely);
  return rows[0]?.n ?? 0;
}

export const agendaVencimentoAcordos = defineSchedule({
  tipo: 'compras.acordos-vencimento',
  fila: 'geral',
  // 03:10 UTC = 00:10 in Brasília
  cron: '10 3 * * *',
  executar: ({ db }) => vencerAcordos(db),
});
