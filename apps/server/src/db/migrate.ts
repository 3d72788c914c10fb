/** Numbered SQL migrations (apps/server/db/migrations/NNNN_name.sql), applied once each, in order. */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../config';
import { instalarEsquemaDeTarefas } from '../jobs/esquema';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/db/migrations');
const GRANTS_FILE = path.join(REPO_ROOT, 'apps/server/db/grants.sql');
export const APP_ROLE = 'retaguarda_app';

export function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/** Creates the application's non-superuser login role (RLS applies to it), or resets its password. */
export async function ensureAppRole(client: pg.Client, password: string | undefined): Promise<void> {
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
  const pw = password === undefined ? '' : ` password ${client.escapeLiteral(password)}`;
  if (!rowCount) {
    await client
      .query(`create role ${APP_ROLE} login nosuperuser nobypassrls nocreatedb nocreaterole${pw}`)
      .catch((err: { code?: string }) => {
        if (err.code !== '42710') throw err; // created concurrently by another database's set-up
      });
  } else if (password !== undefined) {
    await client.query(`alter role ${APP_ROLE} login nosuperuser nobypassrls${pw}`);
  }
}

/** `ate`: apply only the files up to this one (tests that migrate a database holding older data). */
export async function migrate(ownerUrl: string, log: (m: string) => void = () => {}, ate?: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    // one migrator at a time, whatever the number of app instances starting together
    await client.query('select pg_advisory_lock(724001)');
    await client.query(`create table if not exists schema_migrations (
      versao text primary key, aplicada_em timestamptz not null default now())`);
    const done = new Set((await client.query('select versao from schema_migrations')).rows.map((r) => r.versao));
    for (const file of migrationFiles()) {
      if (ate !== undefined && file > ate) break;
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query('insert into schema_migrations (versao) values ($1)', [file]);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw new Error(`Falha ao aplicar a migração ${file}: ${(err as Error).message}`);
      }
      applied.push(file);
      log(`Migração aplicada: ${file}`);
    }
    // the job engine's schema and queues (pg-boss), installed by the owner before the grants name them
    await instalarEsquemaDeTarefas(ownerUrl);
    await client.query(fs.readFileSync(GRANTS_FILE, 'utf8'));
  } finally {
    await client.query('select pg_advisory_unlock(724001)').catch(() => {});
    await client.end();
  }
  return applied;
}
