/**
 * Backup and restore drill with the real scripts (Debian's PostgreSQL 15 pg_dump/pg_restore):
 * dump a database that has data written through the API → restore into a fresh database →
 * every table has the same row count and checksum, every sequence the same value, and the app
 * serves the restored database.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { adminQuery, createTestApp, nomeBancoDoTeste, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

const ROOT = path.resolve(__dirname, '../../../..');
let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-backup-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const withDb = (url: string, db: string) => Object.assign(new URL(url), { pathname: `/${db}` }).toString();

/** Row count + checksum of every table and the value of every sequence, read as the superuser. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const { rows: tables } = await adminQuery<{ t: string }>(
    url,
    `select quote_ident(relname) t from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { t: tb } of tables) {
    const { rows } = await adminQuery(
      url,
      `select count(*) || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0) s from ${tb} x`,
    );
    out[tb] = rows[0]!.s;
  }
  const { rows: seqs } = await adminQuery<{ n: string; v: string }>(
    url,
    `select sequencename n, coalesce(last_value, 0)::text v from pg_sequences where schemaname = 'public'`,
  );
  for (const s of seqs) out[`seq:${s.n}`] = s.v;
  return out;
}

const run = (script: string, args: string[], url: string) =>
  execFileSync('bash', [path.join(ROOT, 'scripts', script), ...args], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

it('dump → restore into a fresh database → same rows, checksums and sequences', async () => {
  const { headers } = await login(t, 'ana.admin');
  for (const descricao of ['Marca do backup', 'Marca com acentuação ç ã é', "Marca 'aspas'"]) {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/produto/marcas', headers, payload: { descricao } });
    expect(r.statusCode, r.body).toBe(201);
  }
  // the source must hold still between the dump and its fingerprint: a job the writes enqueued (or a sweep)
  // that runs late on a loaded machine would change a row or a sequence in between
  await t.app.tarefas.encerrar();
  const arquivo = path.join(dir, 'retaguarda.dump');
  expect(run('backup.sh', [arquivo], t.ownerUrl)).toMatch(/backup gravado/);
  expect(fs.statSync(arquivo).size).toBeGreaterThan(10_000);

  const destino = withDb(t.ownerUrl, nomeBancoDoTeste());
  expect(() => run('restore.sh', [arquivo], destino)).toThrow(); // refuses without --confirmar
  expect(run('restore.sh', [arquivo, '--confirmar'], destino)).toMatch(/restaurado/);

  const [antes, depois] = [await fingerprint(t.ownerUrl), await fingerprint(destino)];
  expect(Object.keys(antes).length).toBeGreaterThan(50);
  expect(depois).toEqual(antes);

  // the app, as its own role, serves the restored database (grants and row-level security came back)
  const appUrl = Object.assign(new URL(t.appUrl), { pathname: new URL(destino).pathname }).toString();
  const db = createDatabase(appUrl);
  const app = await buildApp({ config: { ...loadConfig(), logLevel: 'silent' }, db, logger: false });
  try {
    await app.ready();
    const auth = await app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { username: 'ana.admin', password: 'Demo@1234' },
    });
    expect(auth.statusCode).toBe(200);
    const list = await app.inject({
      url: `/api/v1/produto/marcas?q=${encodeURIComponent('descricao==Marca do backup')}`,
      headers: { authorization: `Bearer ${auth.json().accessToken}` },
    });
    expect(list.json().total).toBe(1);
  } finally {
    await app.close();
    await db.close();
  }
}, 120_000);
