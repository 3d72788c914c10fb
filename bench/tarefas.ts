/**
 * The job engine, measured on a throw-away embedded PostgreSQL with the demo data:
 * 1. an instance killed (SIGKILL) while holding a job: how long until another instance finishes it
 *    (heartbeat 10 s + supervision JOBS_SUPERVISAO_S + polling), MORTES times;
 * 2. 100 report jobs (PDF, the record-history report) of two tenants queued together — A's 90 first,
 *    then B's 10 — with fair share (JOBS_POR_ASSINANTE=2 of JOBS_CONCORRENCIA=3 workers) and without it
 *    (no per-tenant cap): B's completion positions and each tenant's latency.
 * Usage: cd bench && npx tsx tarefas.ts   (MORTES=3 JOBS_SUPERVISAO_S=2 A=90 B=10)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/database';
import { tarefasDe } from '../apps/server/src/jobs';
import { criarRelatorio } from '../apps/server/src/modules/relatorios/relatorios.store';
import { ouvir } from '../apps/server/src/plugins/events';
import { startRuntime } from '../apps/server/src/runtime';
import '../apps/server/test/jobs/tipos-de-teste';
import { pastaDeDados } from './lib/pasta-dados';

const MORTES = Number(process.env.MORTES ?? 3);
const NA = Number(process.env.A ?? 90);
const NB = Number(process.env.B ?? 10);
process.env.JOBS_SUPERVISAO_S ??= '2';
process.env.JOBS_POLLING_S ??= '1';
const FILHA = path.resolve(import.meta.dirname, '../apps/server/test/jobs/instancia-filha.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function consultaDono<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

async function esperar(db: Database, assinanteId: number, id: string, ok: (s: string, feito: number) => boolean) {
  for (;;) {
    const t = await tarefasDe(db).consultar(assinanteId, id);
    if (t && ok(t.status, t.progresso.feito)) return t;
    await sleep(50);
  }
}

async function novaApp(db: Database, env: Record<string, string> = {}): Promise<FastifyInstance> {
  Object.assign(process.env, env);
  const app = await buildApp({ config: { ...loadConfig(), logLevel: 'warn' }, db, logger: false });
  await app.ready();
  return app;
}

async function morte(db: Database, appUrl: string, assinanteId: number): Promise<number> {
  const filha = spawn(process.execPath, ['--import', 'tsx', FILHA], {
    env: { ...process.env, TESTE_APP_URL: appUrl, TESTE_INSTANCIA_MORRE: '1', JOBS_CONCORRENCIA: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.once('exit', () => filha.kill('SIGKILL'));
  await new Promise<void>((ok) => filha.stdout!.on('data', (c) => String(c).includes('pronta') && ok()));
  const id = await tarefasDe(db).enviar('teste-longo', { ms: 200 }, { assinanteId, usuarioId: null });
  await esperar(db, assinanteId, id, (s, feito) => s === 'PROCESSANDO' && feito >= 2);
  filha.kill('SIGKILL');
  const t0 = performance.now();
  const outra = await novaApp(db, { JOBS_CONCORRENCIA: '1' });
  const fim = await esperar(db, assinanteId, id, (s) => s === 'CONCLUIDO' || s === 'ERRO');
  const s = (performance.now() - t0) / 1000;
  await outra.close();
  if (fim.status !== 'CONCLUIDO') throw new Error(`tarefa terminou em ${fim.status}`);
  return s;
}

interface Tenant {
  id: number;
  usuarioId: number;
  marcaId: number;
}

async function rodada(db: Database, a: Tenant, b: Tenant) {
  const motor = tarefasDe(db);
  const fins = new Map<string, number>();
  const ordem: string[] = [];
  const parar = ouvir(db, (e) => {
    if (e.tipo !== 'tarefa' || e.tarefa.status !== 'CONCLUIDO' || fins.has(e.tarefa.id)) return;
    fins.set(e.tarefa.id, performance.now());
    ordem.push(e.tarefa.id);
  });
  const enfileirar = (t: Tenant, n: number) =>
    db.withTenant(t.id, async (trx) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const r = await criarRelatorio(trx, {
          assinanteId: t.id,
          usuarioId: t.usuarioId,
          tipo: 'HISTORICO_REGISTRO',
          titulo: 'Bench',
          formato: 'PDF',
          parametros: { cadastro: 'marca', id: String(t.marcaId), registro: 'bench' },
          instancia: motor.instancia,
        });
        await motor.enviarNa(
          trx,
          'relatorio',
          { relatorioId: r.id },
          { assinanteId: t.id, usuarioId: t.usuarioId, id: r.id },
        );
        ids.push(r.id);
      }
      return ids;
    });
  const t0 = performance.now();
  const ia = await enfileirar(a, NA);
  const ib = await enfileirar(b, NB);
  while (fins.size < NA + NB) await sleep(50);
  parar();
  const lat = (ids: string[]) => ids.map((id) => (fins.get(id)! - t0) / 1000).sort((x, y) => x - y);
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!.toFixed(1);
  const posB = ib.map((id) => ordem.indexOf(id) + 1).sort((x, y) => x - y);
  const [la, lb] = [lat(ia), lat(ib)];
  return {
    total: ((performance.now() - t0) / 1000).toFixed(1),
    posB: posB.join(','),
    a: `p50 ${pct(la, 50)} s, p95 ${pct(la, 95)} s, last ${la.at(-1)!.toFixed(1)} s`,
    b: `p50 ${pct(lb, 50)} s, p95 ${pct(lb, 95)} s, last ${lb.at(-1)!.toFixed(1)} s`,
  };
}

async function main() {
  const dataDir = pastaDeDados('retaguarda-bench-tarefas-');
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }), port: 0 };
  const runtime = await startRuntime(config, () => {});
  try {
    const { db, target } = runtime;
    await runtime.app.ready(); // starts its job engine
    const tenants = await consultaDono<{ id: number; usuarioId: number; marcaId: number }>(
      target.ownerUrl,
      `select a.id, (select min(u.id) from usuario u where u.assinante_id = a.id) as "usuarioId",
              (select min(m.id) from marca m where m.assinante_id = a.id) as "marcaId"
         from assinante a where 'localhost' = any (a.hosts) or 'mercadao.localhost' = any (a.hosts) order by a.id`,
    );
    const [a, b] = tenants as [Tenant, Tenant];
    // 1. kills: this process's own workers stop, so the child takes the job
    await runtime.app.tarefas.boss.offWork('geral', { wait: true });
    const tempos: number[] = [];
    for (let i = 0; i < MORTES; i++) tempos.push(await morte(db, target.appUrl, a.id));
    console.log(
      `instance killed holding a job → finished by another in: ${tempos.map((s) => `${s.toFixed(1)} s`).join(', ')} ` +
        `(heartbeat 10 s, supervision ${process.env.JOBS_SUPERVISAO_S} s)`,
    );
    await runtime.app.tarefas.encerrar();
    // 2. reports of two tenants, with and without the per-tenant cap
    for (const [rotulo, env] of [
      ['fair share (JOBS_POR_ASSINANTE=2, JOBS_CONCORRENCIA=3)', { JOBS_POR_ASSINANTE: '2', JOBS_CONCORRENCIA: '3' }],
      [
        'no per-tenant cap (JOBS_POR_ASSINANTE=1000, JOBS_CONCORRENCIA=3)',
        { JOBS_POR_ASSINANTE: '1000', JOBS_CONCORRENCIA: '3' },
      ],
    ] as const) {
      const app = await novaApp(db, env);
      const r = await rodada(db, a, b);
      await app.close();
      console.log(`${rotulo}: ${NA} of A then ${NB} of B in ${r.total} s`);
      console.log(`  B's completion positions: ${r.posB}`);
      console.log(`  A latency ${r.a}; B latency ${r.b}`);
    }
  } finally {
    await runtime.close();
  }
}

await main();
process.exit(0);
