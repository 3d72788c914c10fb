/**
 * Login throughput: argon2id cost vs verifications/s on this machine, then end-to-end
 * POST /api/auth logins/s against the real server on a throw-away embedded PostgreSQL.
 * Usage: npm run login -w bench   (BENCH_SECONDS=5 BENCH_CONCURRENCY=8 to change the load)
 */
import fs from 'node:fs';
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { loadConfig } from '../apps/server/src/config';
import { ARGON2_OPTIONS } from '../apps/server/src/plugins/auth/passwords';
import { startRuntime } from '../apps/server/src/runtime';
import { pastaDeDados } from './lib/pasta-dados';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const COSTS = [
  { label: 'OWASP mínimo m=19 MiB t=2 (em uso)', memoryCost: 19_456, timeCost: 2 },
  { label: 'OWASP m=12 MiB t=3', memoryCost: 12_288, timeCost: 3 },
  { label: 'OWASP m=46 MiB t=1', memoryCost: 47_104, timeCost: 1 },
  { label: 'RFC 9106 2ª opção m=64 MiB t=3', memoryCost: 65_536, timeCost: 3 },
];

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `task` with `concurrency` loops for `seconds`; returns ops/s and latency percentiles. */
async function load(task: () => Promise<void>, concurrency: number, seconds: number) {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await task();
      times.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: times.length / elapsed, p50: pct(times, 50), p99: pct(times, 99), n: times.length };
}

async function argonSweep() {
  console.log(
    `\nargon2id (parallelism 1), ${os.cpus().length} núcleos, threadpool ${process.env.UV_THREADPOOL_SIZE ?? 4}`,
  );
  console.log('custo | 1 em série: verificações/s (p50 ms) | concorrência 8: verificações/s (p99 ms)');
  for (const c of COSTS) {
    const opts = { memoryCost: c.memoryCost, timeCost: c.timeCost, parallelism: 1 };
    const h = await hash('Demo@1234', opts);
    const serial = await load(async () => void (await verify(h, 'Demo@1234')), 1, Math.min(3, SECONDS));
    const parallel = await load(async () => void (await verify(h, 'Demo@1234')), 8, Math.min(3, SECONDS));
    console.log(
      `${c.label} | ${serial.perSecond.toFixed(1)} (${serial.p50.toFixed(1)}) | ${parallel.perSecond.toFixed(1)} (${parallel.p99.toFixed(1)})`,
    );
  }
}

async function endToEnd() {
  const dataDir = pastaDeDados('retaguarda-bench-login-');
  const port = Number(process.env.BENCH_PORT ?? 8272);
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }), port };
  const runtime = await startRuntime(config, () => {});
  await runtime.app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}/api/auth`;
  const users = [
    'ana.admin',
    'carlos.fiscal',
    'beatriz.fin',
    'diego.estoque',
    'elisa.compras',
    'fabio.gerente',
    'gabi.consulta',
  ];
  let i = 0;
  let failures = 0;
  const login = async () => {
    const username = users[i++ % users.length];
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Demo@1234' }),
    });
    if (res.status !== 200) failures++;
    await res.arrayBuffer();
  };
  try {
    await load(login, 2, 1); // warm-up
    console.log(
      `\nPOST /api/auth ponta a ponta (argon2 ${ARGON2_OPTIONS.memoryCost / 1024} MiB t=${ARGON2_OPTIONS.timeCost}, sessão gravada, auditoria)`,
    );
    for (const c of [1, CONCURRENCY]) {
      failures = 0;
      const r = await load(login, c, SECONDS);
      console.log(
        `concorrência ${c}: ${r.perSecond.toFixed(1)} logins/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.n} logins, ${failures} falhas`,
      );
    }
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await argonSweep();
await endToEnd();
