/**
 * Which PostgreSQL the app runs on: the embedded server under DATA_DIR (default) or the
 * server of DATABASE_URL. Either way the owner URL runs migrations and set-up, and the
 * app itself connects as the non-superuser role `retaguarda_app`, so RLS always applies.
 */
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres, readSecrets } from './embedded';
import { APP_ROLE, ensureAppRole } from './migrate';

export interface DatabaseTarget {
  kind: 'embedded' | 'external';
  ownerUrl: string;
  appUrl: string;
  stop(): Promise<void>;
}

export const DEFAULT_DATABASE = 'retaguarda';

function withCredentials(url: string, user: string, password: string | undefined): string {
  const u = new URL(url);
  u.username = user;
  u.password = password ? encodeURIComponent(password) : '';
  return u.toString();
}

/** Creates `database` on the server of `ownerUrl` when it does not exist yet. */
export async function ensureDatabase(ownerUrl: string, database: string, template?: string): Promise<void> {
  const admin = new URL(ownerUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      const from = template ? ` template ${client.escapeIdentifier(template)}` : '';
      await client.query(`create database ${client.escapeIdentifier(database)}${from}`);
    }
  } finally {
    await client.end();
  }
}

export async function setUpRole(ownerUrl: string, password: string | undefined): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await ensureAppRole(client, password);
  } finally {
    await client.end();
  }
}

export async function openDatabaseTarget(config: Config, log: (m: string) => void): Promise<DatabaseTarget> {
  if (config.databaseUrl) {
    const ownerUrl = config.databaseUrl;
    const database = new URL(ownerUrl).pathname.slice(1) || DEFAULT_DATABASE;
    await ensureDatabase(ownerUrl, database);
    const password = process.env.APP_DB_PASSWORD;
    if (!config.databaseAppUrl) await setUpRole(ownerUrl, password);
    return {
      kind: 'external',
      ownerUrl,
      appUrl: config.databaseAppUrl ?? withCredentials(ownerUrl, APP_ROLE, password),
      stop: async () => {},
    };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  const secrets = readSecrets(config.dataDir);
  const ownerUrl = embedded.ownerUrl(DEFAULT_DATABASE);
  await ensureDatabase(ownerUrl, DEFAULT_DATABASE);
  await setUpRole(ownerUrl, secrets.appPassword);
  return {
    kind: 'embedded',
    ownerUrl,
    appUrl: withCredentials(ownerUrl, APP_ROLE, secrets.appPassword),
    stop: () => embedded.stop(),
  };
}
