/**
 * Start-up and memory figures of the embedded mode:
 * first start on an empty DATA_DIR (install excluded), warm restart on existing data
 * (time to first 200 on /app/), and idle RSS/PSS of the server and of the embedded PostgreSQL.
 * Usage: npm run bench  (after `npm run build`: the web app and the server bundle that `npm start` runs)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pastaDeDados } from './lib/pasta-dados';

const repo = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 8271);
const dataDir = pastaDeDados('retaguarda-bench-');

function start(): ChildProcess {
  return spawn(process.execPath, [path.join(repo, 'apps/server/dist/server.mjs')], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
}

async function firstOk(t0: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(`http://localhost:${port}/app/`);
      if (res.status === 200) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function children(pid: number): number[] {
  const out: number[] = [];
  for (const p of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(p), ...children(Number(p)));
    } catch {
      // process ended
    }
  }
  return out;
}

function memory(pid: number): { rss: number; pss: number; comm: string } {
  const comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
  return { rss: kb('Rss') / 1024, pss: kb('Pss') / 1024, comm };
}

const mb = (n: number) => `${n.toFixed(1)} MB`;

let child = start();
const first = await firstOk(performance.now());
await stop(child);

const warmRuns: number[] = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  child = start();
  warmRuns.push(await firstOk(t0));
  if (i < 2) await stop(child);
}
await new Promise((r) => setTimeout(r, 5_000)); // idle
const tree = [child.pid!, ...children(child.pid!)].map(memory);
const node = tree.filter((p) => p.comm !== 'postgres');
const pg = tree.filter((p) => p.comm === 'postgres');
const sum = (xs: typeof tree, k: 'rss' | 'pss') => xs.reduce((a, p) => a + p[k], 0);
await stop(child);
fs.rmSync(dataDir, { recursive: true, force: true });

const result = {
  firstStartMs: Math.round(first),
  warmRestartMs: warmRuns.map(Math.round),
  idle: {
    serverRssMB: +sum(node, 'rss').toFixed(1),
    postgresRssMB: +sum(pg, 'rss').toFixed(1),
    postgresPssMB: +sum(pg, 'pss').toFixed(1),
    postgresProcesses: pg.length,
  },
};
console.log('Primeira inicialização (sem instalação), até o 1º 200 em /app/:', `${result.firstStartMs} ms`);
console.log('Reinício a quente (3 execuções):', result.warmRestartMs.map((n) => `${n} ms`).join(', '));
console.log('RSS ocioso do servidor (node):', mb(result.idle.serverRssMB));
console.log(
  `RSS ocioso do PostgreSQL embutido (${pg.length} processos, soma):`,
  mb(result.idle.postgresRssMB),
  `| PSS: ${mb(result.idle.postgresPssMB)}`,
);
console.log('Total (servidor RSS + PostgreSQL PSS):', mb(result.idle.serverRssMB + result.idle.postgresPssMB));
fs.mkdirSync(path.join(repo, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(repo, 'bench/results/startup.json'), `${JSON.stringify(result, null, 2)}\n`);
