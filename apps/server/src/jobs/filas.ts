/**
 * The pg-boss queues (created by the migration step as the owner role, see esquema.ts) and the
 * engine's settings. One queue per kind of work that needs its own limits; every job carries its
 * tenant as the pg-boss group, and workers fetch with `groupConcurrency`, so one tenant holds about
 * POR_ASSINANTE jobs of a queue at once across every instance and the other slots go to the others (fair
 * share: a tenant with 100 queued reports does not push another's 5 to the end). The group's active jobs
 * are counted at fetch time, so two fetches at the same instant may both take one (one over, briefly).
 */
import type { Queue } from 'pg-boss';

export const ESQUEMA = 'pgboss';
/** jobs that pg-boss failed for good (expired or lost after their last retry): their rows are closed here. */
export const FILA_FALHAS = 'tarefa-falhou';

type Fila = Omit<Queue, 'name'>;

/** A dead instance's job is noticed after a missed heartbeat (pg-boss's minimum is 10 s), then retried. */
const BASE: Fila = {
  policy: 'standard',
  retryLimit: 2,
  retryDelay: 1,
  heartbeatSeconds: 10,
  deleteAfterSeconds: 7 * 24 * 3600,
  deadLetter: FILA_FALHAS,
  // a new job wakes the workers at once (LISTEN/NOTIFY); polling stays as the backstop
  notify: true,
};

export const FILAS = {
  /** reports (PDF/XLSX): minutes at most */
  relatorio: { ...BASE, expireInSeconds: 30 * 60 },
  /** everything else (imports, generators, after-commit work of the workflows) */
  geral: { ...BASE, expireInSeconds: 60 * 60 },
  /**
   * the administrator's self-update: never retried by itself (an update must not run twice unasked);
   * a job lost with its instance goes straight to the dead letter, which records the attempt as failed.
   * The expiry covers UPDATE_TIMEOUT_MS (15 min by default) with room to verify and hand over.
   */
  atualizacao: { ...BASE, retryLimit: 0, expireInSeconds: 30 * 60 },
  /**
   * the demo history generator (long: a year of movements in chunks, idempotent by day, so a retry
   * continues); its own queue so the command-line tool can work it without fetching anyone else's jobs
   */
  demo: { ...BASE, expireInSeconds: 3 * 3600 },
  /**
   * order status notifications to a store's delivery app (venda/pedido.webhook.ts): a receiver down for a
   * while must still get them, so more retries with a growing delay (5 s, 10 s, 20 s… up to 10 min)
   */
  webhook: { ...BASE, retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 60 },
  /**
   * NFC-e exchanges with SEFAZ (fiscal/nfce-sefaz.tarefas.ts): no answer or a service down (108/109) is a failed
   * attempt retried with a growing delay (2 s, 4 s, 8 s… up to 5 min); 656 "consumo indevido" is never retried
   * (the store is kept away for an hour instead); a store's contingency resend may take minutes
   */
  sefaz: { ...BASE, retryLimit: 5, retryDelay: 2, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 30 * 60 },
} satisfies Record<string, Fila>;

export type NomeFila = keyof typeof FILAS;

const inteiro = (v: string | undefined, padrao: number, min = 0) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n >= min ? n : padrao;
};

/** Engine settings from the environment (README's configuration table). */
export function ajustesDoMotor(env: NodeJS.ProcessEnv = process.env) {
  return {
    /** workers per queue in this instance (0: this instance only enqueues) */
    concorrencia: inteiro(env.JOBS_CONCORRENCIA, 3),
    /** jobs of one tenant running at once per queue, across every instance */
    porAssinante: inteiro(env.JOBS_POR_ASSINANTE, 2, 1),
    /** the queues this instance works (default: all; the demo CLI works its own only) */
    filas: Object.keys(FILAS) as NomeFila[],
    /** how often an instance looks for expired jobs and lost heartbeats (seconds) */
    supervisaoS: inteiro(env.JOBS_SUPERVISAO_S, 10, 1),
    /** how often an instance tries the agendas' cron pass (seconds, 1–45; one instance wins each interval) */
    agendaS: Math.min(inteiro(env.JOBS_AGENDA_S, 30, 1), 45),
    /** how often an idle worker polls (seconds) */
    pollingS: inteiro(env.JOBS_POLLING_S, 2, 1),
    /** pg-boss's own connections (kept apart from the request pool) */
    poolMax: inteiro(env.JOBS_POOL_MAX, 4, 2),
  };
}
export type AjustesDoMotor = ReturnType<typeof ajustesDoMotor>;
