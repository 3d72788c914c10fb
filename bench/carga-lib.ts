/**
 * Shared by the load and fault scripts: a scratch database on a PostgreSQL server, app instances
 * started from the server's source (each its own process), sign-in, timings and percentiles.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const repo = path.resolve(import.meta.dirname, '..');

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** Drops and creates `db` on the server of `serverUrl` (a superuser URL). */
export async function freshDatabase(serverUrl: string, db: string): Promise<string> {
  const c = new pg.Client({ connectionString: withDb(serverUrl, 'postgres') });
  await c.connect();
  await c.query(`drop database if exists ${c.escapeIdentifier(db)} with (force)`);
  await c.query(`create database ${c.escapeIdentifier(db)}`);
  await c.end();
  return withDb(serverUrl, db);
}

export interface Instance {
  port: number;
  base: string;
  child: ChildProcess;
  log: string;
}

/** The server from its source (tsx), or the shipped bundle `npm start` runs (after `npm run build`). */
export const FONTE = ['--import', 'tsx', path.join(repo, 'apps/server/src/server.ts')];
export const BUNDLE = path.join(repo, 'apps/server/dist/server.mjs');

/** Starts one app instance (migrates and seeds the demo data on an empty database) and waits for it. */
export async function startInstance(port: number, env: Record<string, string>, args = FONTE): Promise<Instance> {
  const log = `/tmp/retaguarda-carga-${port}.log`;
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, args, {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', out, out],
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`instância ${port} terminou (veja ${log})`);
    try {
      if ((await fetch(`${base}/api/v1/status`, { method: 'HEAD' })).status === 200) return { port, base, child, log };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`instância ${port} não respondeu (veja ${log})`);
}

export async function stopInstance(i: Instance): Promise<void> {
  if (i.child.exitCode !== null) return;
  const exited = new Promise((r) => i.child.once('exit', r));
  i.child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Sessao {
  access: string;
  refresh: string;
}

export async function entrar(base: string, username: string, password = 'Demo@1234'): Promise<Sessao> {
  const res = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const b = (await res.json()) as { accessToken: string; refreshToken: string };
  return { access: b.accessToken, refresh: b.refreshToken };
}

export function percentil(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** p50/p99 (ms) of a list of durations. */
export function resumo(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: Math.round(percentil(s, 50)), p99: Math.round(percentil(s, 99)) };
}

export function salvar(nome: string, dados: unknown): string {
  const dir = path.join(repo, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${nome}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(dados, null, 2)}\n`);
  return file;
}
