/**
 * The server as a process: second start on the same data refused, recovery after SIGKILL
 * (orphan postmaster, no committed data lost), and database outage → 503 then recovery.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { startEmbeddedPostgres } from '../../src/db/embedded';
import { adminQuery } from '../helpers/app';

const SERVER = path.join(REPO_ROOT, 'apps/server/src/server.ts');
const dirs: string[] = [];
const procs: ChildProcess[] = [];

/** Free ports: other test runs may be using the same machine concurrently. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-life-'));
  fs.chmodSync(d, 0o755);
  dirs.push(d);
  return d;
}

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
} {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  procs.push(child);
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exit };
}

async function waitStatus(port: number, expected: number, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < end) {
    try {
      last = (await fetch(`http://127.0.0.1:${port}/api/v1/status`, { method: 'HEAD' })).status;
      if (last === expected) return;
    } catch {
      last = -1;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`status ${expected} não alcançado (último: ${last})`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(async () => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
  for (const d of dirs) {
    const pidFile = path.join(d, 'pg/postmaster.pid');
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (alive(pid)) process.kill(pid, 'SIGQUIT');
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('server life cycle on the embedded PostgreSQL', () => {
  it('refuses a second start on the same data, survives SIGKILL without losing committed data', async () => {
    const dataDir = tempDir();
    const [p1, p2, p3] = [await freePort(), await freePort(), await freePort()];
    const first = startServer({ DATA_DIR: dataDir, PORT: String(p1) });
    await waitStatus(p1, 200).catch((err) => {
      throw new Error(`${err.message}\n${first.output()}`);
    });

    const second = startServer({ DATA_DIR: dataDir, PORT: String(p2) });
    expect(await second.exit).toBe(1);
    expect(second.output()).toMatch(/já está usando o diretório de dados/);
    await waitStatus(p1, 200); // the first one is untouched

    // commit a row through the embedded server, then kill the app without any clean-up
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    const pgPid = Number(fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0]);
    const pgPort = Number(fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[3]);
    const owner = `postgres://postgres:${encodeURIComponent(secrets.superPassword)}@127.0.0.1:${pgPort}/retaguarda`;
    await adminQuery(owner, `insert into permissao (codigo, descricao) values ('PERM_TESTE_SIGKILL', 'teste')`);
    first.child.kill('SIGKILL');
    await first.exit;
    expect(alive(pgPid)).toBe(true); // the orphan postmaster lives on

    const third = startServer({ DATA_DIR: dataDir, PORT: String(p3) });
    await waitStatus(p3, 200).catch((err) => {
      throw new Error(`${err.message}\n${third.output()}`);
    });
    expect(alive(pgPid)).toBe(false); // detected and stopped cleanly
    const newPort = Number(fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[3]);
    const { rows } = await adminQuery(
      owner.replace(`:${pgPort}/`, `:${newPort}/`),
      `select 1 from permissao where codigo = 'PERM_TESTE_SIGKILL'`,
    );
    expect(rows).toHaveLength(1);
    third.child.kill('SIGTERM');
    expect(await third.exit).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pg/postmaster.pid'))).toBe(false); // stopped with the app
  }, 120_000);

  it('answers 503 while the database is down and recovers by itself', async () => {
    const pgData = tempDir();
    const pgPort = await freePort();
    const appPort = await freePort();
    let pgServer = await startEmbeddedPostgres({ dataDir: pgData, port: pgPort, log: () => {} });
    const url = pgServer.ownerUrl('retaguarda_life');
    await adminQuery(pgServer.ownerUrl(), 'create database retaguarda_life');
    const secrets = JSON.parse(fs.readFileSync(path.join(pgData, 'secrets.json'), 'utf8'));
    const app = startServer({ DATABASE_URL: url, APP_DB_PASSWORD: secrets.appPassword, PORT: String(appPort) });
    await waitStatus(appPort, 200);

    await pgServer.stop();
    await waitStatus(appPort, 503, 15_000);
    const api = await fetch(`http://127.0.0.1:${appPort}/api/v1/assinante`);
    expect(api.status).toBe(503);
    expect(((await api.json()) as { message: string }).message).toMatch(/banco de dados está indisponível/);

    pgServer = await startEmbeddedPostgres({ dataDir: pgData, port: pgPort, log: () => {} });
    await waitStatus(appPort, 200, 15_000);
    const again = await fetch(`http://127.0.0.1:${appPort}/api/v1/assinante`);
    expect(again.status).toBe(200);
    app.child.kill('SIGTERM');
    await app.exit;
    await pgServer.stop();
  }, 120_000);
});
