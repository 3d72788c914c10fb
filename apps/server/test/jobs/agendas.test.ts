/**
 * Scheduled sweeps on pg-boss (jobs/agendas.ts) with two app instances on one database: each sweep runs once
 * per occurrence — the cron ones (Idempotency-Key retention, report expiry: one job per occurrence slot,
 * whichever instance's cron pass files it) and the periodic one (fiscal recount sweep: one job per period,
 * however many instances arm it) — and does its work (an expired key is gone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase, type Database } from '../../src/db/database';
import type { Motor } from '../../src/jobs';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';

const RETENCAO = 'workflows.retencao-chaves';
const RELATORIOS = 'relatorios.expiracao';
const VARREDURA = 'fiscal.cenarios.varredura';
const PERIODO_S = 2;

let t: TestApp;
let db2: Database;
let app2: Awaited<ReturnType<typeof buildApp>>;
const env = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, {
    FISCAL_RECONTAGEM_VARREDURA_S: String(PERIODO_S),
    JOBS_AGENDA_S: '1',
    JOBS_POLLING_S: '1',
  });
  t = await createTestApp();
  db2 = createDatabase(t.appUrl);
  app2 = await buildApp({ config: { ...loadConfig(), logLevel: 'silent' }, db: db2, logger: false });
  await app2.ready();
});
afterAll(async () => {
  process.env = env;
  await app2?.close();
  await db2?.close();
  await t?.close();
});

interface Execucao {
  agenda: string;
  estado: string;
  criado: Date;
  slot: string | null;
}

const execucoes = async () =>
  (
    await adminQuery<Execucao>(
      t.ownerUrl,
      `select data->>'agenda' as agenda, state as estado, created_on as criado, singleton_on::text as slot
         from pgboss.job where name = 'geral' and data ? 'agenda' order by created_on`,
    )
  ).rows;

/** occurrences the cron passes filed (one send-it job per schedule key and 60-s slot) */
const ocorrencias = async (chave: string) =>
  (
    await adminQuery<{ n: number }>(
      t.ownerUrl,
      `select count(distinct data->>'slot')::int as n from pgboss.job
        where name = '__pgboss__send-it' and data->>'key' = $1`,
      [chave],
    )
  ).rows[0]!.n;

async function esperar<T>(ler: () => Promise<T>, ok: (v: T) => boolean, ms = 45_000): Promise<T> {
  const fim = Date.now() + ms;
  let v = await ler();
  while (!ok(v)) {
    if (Date.now() > fim) throw new Error(`não chegou: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
    v = await ler();
  }
  return v;
}

const concluidas = (xs: Execucao[], agenda: string) =>
  xs.filter((x) => x.agenda === agenda && x.estado === 'completed');

describe('agendas (pg-boss) com duas instâncias', () => {
  it('each scheduled sweep runs once per occurrence, and does its work', async () => {
    // an Idempotency-Key answer past its retention: the retention sweep removes it
    await adminQuery(
      t.ownerUrl,
      `insert into comando_idempotencia (assinante_id, nome_comando, chave, hash_entrada, status_http, resposta, criado_em)
       select id, 'teste.agenda', 'chave-velha', 'h', 201, '{}'::jsonb, now() - interval '40 days'
         from assinante order by id limit 1`,
    );
    // the hourly sweeps every minute, so an occurrence is due at once (same schedule rows: key = tipo)
    const motor = (app: { tarefas: Motor }) => app.tarefas;
    for (const agenda of [RETENCAO, RELATORIOS])
      await motor(t.app).boss.schedule('geral', '* * * * *', { agenda }, { key: agenda, tz: 'UTC' });

    const xs = await esperar(
      execucoes,
      (v) => [RETENCAO, RELATORIOS].every((a) => concluidas(v, a).length >= 1) && concluidas(v, VARREDURA).length >= 3,
      75_000, // a cron occurrence may fall due only at the next minute on a loaded machine
    );
    // cron: at most one job per occurrence, though both instances run cron passes each second (an occurrence
    // filed by the pass just now may not have its job yet: never more jobs than occurrences)
    for (const agenda of [RETENCAO, RELATORIOS]) {
      const jobs = xs.filter((x) => x.agenda === agenda).length;
      expect(jobs).toBeGreaterThanOrEqual(1);
      expect(jobs).toBeLessThanOrEqual(await ocorrencias(agenda));
    }
    // periodic: one job per period (slot), armed by both instances at start and by each run
    const periodicas = xs.filter((x) => x.agenda === VARREDURA);
    expect(new Set(periodicas.map((x) => x.slot)).size).toBe(periodicas.length);
    const primeira = periodicas[0]!.criado.getTime();
    const ultima = periodicas.at(-1)!.criado.getTime();
    expect(periodicas.length).toBeLessThanOrEqual(Math.floor((ultima - primeira) / (PERIODO_S * 1000)) + 2);

    const chaves = await adminQuery(t.ownerUrl, `select 1 from comando_idempotencia where chave = 'chave-velha'`);
    expect(chaves.rowCount).toBe(0);
  }, 90_000); // covers the wait above (75 s): the test's default 30 s cut it short in CI
});
