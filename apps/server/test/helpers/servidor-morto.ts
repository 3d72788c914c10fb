/**
 * Kill -9 tests: the real server in a child process on a database of its own (a copy of the template), a
 * signed-in token, and the moment to kill it — once a command's transaction has written (it holds an xid) — and
 * the wait for PostgreSQL to abort that transaction after the connection dies.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { adminQuery, nomeBancoDoTeste } from './app';
import { DEMO_SENHA } from './auth';

const SERVER = path.join(REPO_ROOT, 'apps/server/src/server.ts');

async function portaLivre(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function servidorEmProcesso() {
  const { serverUrl, template, appPassword } = inject('testDb');
  const nome = nomeBancoDoTeste();
  const url = (db: string) => {
    const u = new URL(serverUrl);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const procs: ChildProcess[] = [];
  const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await adminQuery<T>(url(nome), text, params)).rows;
  /** how many of the app's sessions on this database are inside a transaction that has written */
  const escrevendo = async () =>
    (
      await q<{ n: number }>(
        `select count(*)::int n from pg_stat_activity
          where datname = $1 and usename = 'retaguarda_app' and backend_xid is not null`,
        [nome],
      )
    )[0]!.n;

  return {
    nome,
    q,
    criarBanco: () => adminQuery(url('postgres'), `create database ${nome} template ${template}`),

    async iniciar(): Promise<{ child: ChildProcess; base: string }> {
      const port = await portaLivre();
      const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
        env: {
          ...process.env,
          LOG_LEVEL: 'warn',
          DATABASE_URL: url(nome),
          APP_DB_PASSWORD: appPassword ?? '',
          PORT: String(port),
        },
        stdio: 'ignore',
      });
      procs.push(child);
      const base = `http://127.0.0.1:${port}`;
      const fim = Date.now() + 90_000;
      while (Date.now() < fim) {
        const s = await fetch(`${base}/api/v1/status`, { method: 'HEAD' }).then(
          (r) => r.status,
          () => 0,
        );
        if (s === 200) return { child, base };
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('o servidor não subiu');
    },

    async token(base: string, usuario = 'ana.admin'): Promise<string> {
      const r = await fetch(`${base}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: usuario, password: DEMO_SENHA }),
      });
      return ((await r.json()) as { accessToken: string }).accessToken;
    },

    /** Waits (up to 30 s) until a command's transaction has written; false when it never did. */
    async esperarEscrita(): Promise<boolean> {
      for (let i = 0; i < 6000; i++) {
        if ((await escrevendo()) > 0) return true;
        await new Promise((r) => setTimeout(r, 5));
      }
      return false;
    },

    /** PostgreSQL notices the closed connection and aborts the transaction: waits (up to 10 s) for that. */
    async esperarAborto(): Promise<void> {
      for (let i = 0; i < 200 && (await escrevendo()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    },

    async encerrar(): Promise<void> {
      for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
      await adminQuery(url('postgres'), `drop database if exists ${nome} with (force)`);
    },
  };
}
