/**
 * The locks and the closed-period guard of a posting (README.md "Concurrency", "Closed periods"). Every
 * posting function calls `abrirLancamento` before its statement: it takes each scope's balance key
 * (exclusive), then each scope's closing key (shared, so a closing waits for the posting and a posting for a
 * closing in progress), always in that order and sorted — the same order a command's `lock:` and these
 * checks take them, so no two postings deadlock — and refuses a date on or before a scope's closing date
 * with the area's message. A caller that must not fail (a POS upload parks the document instead; the demo
 * history skips the day) asks first with `verificarPeriodo` / `periodoAberto`, which take the same locks.
 */
import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { travar, travarCompartilhado } from '../workflows/trava';
import type { Ledger } from './definicao';

/** A date in a period closed up to `fechadoAte` (null: never closed). */
export const fechadoEm = (fechadoAte: string | null, data: string): boolean =>
  fechadoAte !== null && data <= fechadoAte;

/**
 * Locks the scopes for posting (balance keys exclusive, then closing keys shared) and answers each scope's
 * closing date (null: open). The tenant is the transaction's (`app_assinante()`).
 */
export async function travarEscopos(
  trx: Tx,
  ledger: Ledger,
  escopos: readonly number[],
): Promise<Map<number, string | null>> {
  const unicos = [...new Set(escopos)];
  await travar(trx, null, unicos.map(ledger.chaveDoEscopo));
  const fechados = new Map<number, string | null>(unicos.map((e) => [e, null]));
  const p = ledger.periodo;
  if (!p || !unicos.length) return fechados;
  await travarCompartilhado(trx, null, unicos.map(p.chave));
  const { rows } = await sql<{ escopo: number; fechadoAte: string }>`
    select ${sql.ref(p.colunaEscopo)} as escopo, to_char(${sql.ref(p.colunaData)}, 'YYYY-MM-DD') as fechado_ate
      from ${sql.table(p.tabela)}
     where ${sql.ref(p.colunaEscopo)} = any(${unicos}::int4[]) and ${sql.ref(p.colunaData)} is not null`.execute(trx);
  for (const r of rows) fechados.set(r.escopo, r.fechadoAte);
  return fechados;
}

export interface SituacaoDoPeriodo {
  aberto: boolean;
  /** the scope's closing date (null: never closed) */
  fechadoAte: string | null;
}

/** Whether `data` is open in the scope, and its closing date — without throwing (the locks are taken). */
export async function verificarPeriodo(
  trx: Tx,
  ledger: Ledger,
  escopo: number,
  data: string,
): Promise<SituacaoDoPeriodo> {
  const fechadoAte = (await travarEscopos(trx, ledger, [escopo])).get(escopo) ?? null;
  return { aberto: !fechadoEm(fechadoAte, data), fechadoAte };
}

export const periodoAberto = async (trx: Tx, ledger: Ledger, escopo: number, data: string): Promise<boolean> =>
  (await verificarPeriodo(trx, ledger, escopo, data)).aberto;

/** What every posting calls first: the locks, then the area's refusal of the earliest date in a closed period. */
export async function abrirLancamento(
  trx: Tx,
  ledger: Ledger,
  linhas: readonly { escopo: number; data: string }[],
  campo = 'data',
): Promise<void> {
  const primeira = new Map<number, string>();
  for (const l of linhas) {
    const d = primeira.get(l.escopo);
    if (d === undefined || l.data < d) primeira.set(l.escopo, l.data);
  }
  const fechados = await travarEscopos(trx, ledger, [...primeira.keys()]);
  for (const [escopo, data] of [...primeira].sort((a, b) => a[0] - b[0])) {
    const fechadoAte = fechados.get(escopo) ?? null;
    if (fechadoEm(fechadoAte, data)) throw await ledger.periodo!.recusa(trx, escopo, fechadoAte!, campo);
  }
}

/** The refusal alone (a command's early step, before it reads its items): throws as the posting would. */
export async function assertPeriodoAberto(
  trx: Tx,
  ledger: Ledger,
  escopo: number,
  data: string,
  campo = 'data',
): Promise<void> {
  await abrirLancamento(trx, ledger, [{ escopo, data }], campo);
}
