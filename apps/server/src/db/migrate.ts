/** Numbered SQL migrations (apps/server/db/migrations/NNNN_name.sql), applied once each, in order. */
import { execFile } from 'node:child_process';
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

/**
 * A migration that rewrites existing data or keys in place starts with this line: on a database that already
 * holds applied migrations it runs only after a dump by scripts/backup.sh (nothing is applied when the dump
 * fails). A fresh database has nothing to lose and takes no dump; MIGRACAO_SEM_BACKUP=1 skips it for an
 * operator who has just taken their own.
 */
const MARCA_BACKUP = /^-- @backup-antes\b/m;
const BACKUP_SCRIPT = path.join(REPO_ROOT, 'scripts/backup.sh');

export interface OpcoesMigracao {
  /** apply only the files up to this one (tests that migrate a database holding older data) */
  ate?: string;
  /** where the dump taken before a migration marked @backup-antes goes (default backups/ of the running code) */
  backupDir?: string;
}

/** Dumps the database with the backup script the operator uses; resolves to the file written. */
function backupAntes(ownerUrl: string, versao: string, dir: string): Promise<string> {
  const quando = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const arquivo = path.join(dir, `retaguarda-antes-${versao.replace(/\.sql$/, '')}-${quando}.dump`);
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      [BACKUP_SCRIPT, arquivo],
      { env: { ...process.env, DATABASE_URL: ownerUrl }, maxBuffer: 1 << 20 },
      (err, _out, stderr) => {
        if (err) reject(new Error(`O backup anterior à migração ${versao} falhou: ${stderr.trim() || err.message}`));
        else resolve(arquivo);
      },
    );
  });
}

export async function migrate(
  ownerUrl: string,
  log: (m: string) => void = () => {},
  opcoes: OpcoesMigracao = {},
): Promise<string[]> {
  const { ate, backupDir = path.join(REPO_ROOT, 'backups') } = opcoes;
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    // one migrator at a time, whatever the number of app instances starting together
    await client.query('select pg_advisory_lock(724001)');
    await client.query(`create table if not exists schema_migrations (
      versao text primary key, aplicada_em timestamptz not null default now())`);
    const done = new Set((await client.query('select versao from schema_migrations')).rows.map((r) => r.versao));
    const pendentes = migrationFiles()
      .filter((f) => !done.has(f) && (ate === undefined || f <= ate))
      .map((file) => ({ file, sql: fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8') }));
    const exige = pendentes.find((m) => MARCA_BACKUP.test(m.sql));
    if (exige && done.size > 0 && process.env.MIGRACAO_SEM_BACKUP !== '1') {
      // the advisory lock held here does not stop pg_dump (its own connection, shared locks only)
      log(`Backup antes da migração ${exige.file}…`);
      log(`Backup gravado em ${await backupAntes(ownerUrl, exige.file, backupDir)}`);
    }
    for (const { file, sql } of pendentes) {
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
