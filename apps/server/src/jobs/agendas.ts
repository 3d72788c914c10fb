/**
 * Recurring work ("agendas") on pg-boss, in the language of `defineJob`: a module declares at module level
 * `defineSchedule({ tipo, fila, cron | aCadaSegundos, executar })` and every app instance's engine keeps it
 * scheduled; ONE instance runs each occurrence. No tenant and no `tarefa` row: a sweep works across tenants
 * (through SECURITY DEFINER functions or `withTenant` per tenant) and logs its failures.
 *
 * - `cron` (minute resolution, UTC): pg-boss `schedule()`. Its cron pass is claimed per interval by one
 *   instance (`version.cron_on` moved by a conditional UPDATE), and each occurrence is filed in the
 *   `__pgboss__send-it` queue under a singleton key and a 60-s slot (unique index), so two passes, two
 *   instances or a replay still make one job; the job goes to `fila` and one worker fetches it.
 * - `aCadaSegundos` (any period; 0 = off): a delayed job per period. Each instance arms the next
 *   occurrence at start, and each run arms the next one before it works; the job carries a pg-boss
 *   throttle slot (`singletonSeconds` + key, unique index), so however many instances arm a period, it
 *   holds one job, run a period after it was armed (the first one a period after start, as the old sweeps).
 *
 * Both read their setting when the engine starts (a function reads the environment then).
 */
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Database } from '../db/database';
import type { NomeFila } from './filas';

export interface ContextoAgenda {
  db: Database;
  /** aborted when the instance stops or pg-boss expires the job */
  sinal: AbortSignal;
  log(msg: string, err?: unknown): void;
}

type Valor<T> = T | (() => T);

export interface DefinicaoAgenda {
  /** one name across the schedule's key and its jobs ("workflows.retencao-chaves") */
  tipo: string;
  fila: NomeFila;
  /** a cron expression (UTC); null turns it off */
  cron?: Valor<string | null>;
  /** a period in seconds; 0 turns it off */
  aCadaSegundos?: Valor<number>;
  /** the work; a throw is retried by pg-boss (the queue's retryLimit) and then logged */
  executar(ctx: ContextoAgenda): Promise<unknown>;
}

/** What an agenda's pg-boss job carries (`s`: the period that armed it, for `aCadaSegundos`). */
export interface DadosDaAgenda {
  agenda: string;
  s?: number;
}

const agendas = new Map<string, DefinicaoAgenda>();

export function defineSchedule(def: DefinicaoAgenda): DefinicaoAgenda {
  if (!def.cron === !def.aCadaSegundos && def.aCadaSegundos !== 0)
    throw new Error(`agenda ${def.tipo}: informe cron ou aCadaSegundos`);
  agendas.set(def.tipo, def);
  return def;
}

export const agendaDe = (tipo: string) => agendas.get(tipo);
export const ehAgenda = (dados: unknown): dados is DadosDaAgenda =>
  typeof dados === 'object' && dados !== null && typeof (dados as DadosDaAgenda).agenda === 'string';

const ler = <T>(v: Valor<T> | undefined): T | undefined => (typeof v === 'function' ? (v as () => T)() : v);

/** The period in force (whole seconds ≥ 1, or 0 = off). */
export function periodoDe(def: DefinicaoAgenda): number {
  const s = Number(ler(def.aCadaSegundos));
  return Number.isInteger(s) && s > 0 ? s : 0;
}

const chave = (tipo: string, s: number) => `agenda:${tipo}:${s}`;

/** Arms the next occurrence of a periodic agenda: one job per slot of `s` seconds, whoever sends it. */
export async function armar(boss: PgBoss, def: DefinicaoAgenda, s = periodoDe(def)): Promise<void> {
  if (!s) return;
  const proximo = (Math.floor(Date.now() / (s * 1000)) + 1) * s * 1000;
  const dados: DadosDaAgenda = { agenda: def.tipo, s };
  await boss.send(def.fila, dados as unknown as object, {
    singletonKey: chave(def.tipo, s),
    singletonSeconds: s,
    startAfter: new Date(proximo),
  });
}

/** Keeps every declared agenda whose queue this instance works scheduled (engine start). */
export async function agendarTodas(boss: PgBoss, filas: readonly NomeFila[]): Promise<void> {
  for (const def of agendas.values()) {
    if (!filas.includes(def.fila)) continue;
    if (def.cron !== undefined) {
      const cron = ler(def.cron);
      if (cron) await boss.schedule(def.fila, cron, { agenda: def.tipo }, { key: def.tipo, tz: 'UTC' });
      else await boss.unschedule(def.fila, def.tipo);
    } else await armar(boss, def);
  }
}

/** Runs one occurrence: arms the next one first (a failure below never breaks the chain), then the work. */
export async function executarAgenda(
  boss: PgBoss,
  db: Database,
  log: (msg: string, err?: unknown) => void,
  job: JobWithMetadata<DadosDaAgenda>,
): Promise<unknown> {
  const def = agendaDe(job.data.agenda);
  if (!def) throw new Error(`agenda desconhecida: ${job.data.agenda}`); // a newer build's: retried
  if (job.data.s !== undefined) {
    const s = periodoDe(def);
    if (!s) return { desligada: true };
    if (job.retryCount === 0) await armar(boss, def, s);
  }
  try {
    return (await def.executar({ db, sinal: job.signal, log })) ?? null;
  } catch (err) {
    log(`agenda ${def.tipo} falhou (tentativa ${job.retryCount + 1})`, err);
    throw err;
  }
}
