/** Builds the real app on a fresh database (cloned from the migrated, seeded template). */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase, type Database } from '../../src/db/database';
import { APP_ROLE } from '../../src/db/migrate';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** Superuser URL of this test's database (for assertions that must bypass RLS). */
  ownerUrl: string;
  /** URL of this test's database as the application role. */
  appUrl: string;
  close(): Promise<void>;
}

function urlFor(base: string, database: string, user?: string, password?: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  if (user) {
    u.username = user;
    u.password = password ? encodeURIComponent(password) : '';
  }
  return u.toString();
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<T>(text, params);
  } finally {
    await client.end();
  }
}

/**
 * A query as the application role with the tenant set, on the owner's connection (SET LOCAL ROLE): RLS
 * names the tenant, as in the app. Codes repeat across tenants (per-tenant numbering), so a query that
 * picks rows by id must name its tenant: this, or an explicit `assinante_id` filter in adminQuery.
 */
export async function tenantQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  ownerUrl: string,
  assinanteId: number,
  text: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(`begin; set local role ${APP_ROLE}`);
    await client.query(`select set_config('app.assinante_id', $1, true)`, [String(assinanteId)]);
    const res = await client.query<T>(text, params);
    await client.query('commit');
    return res;
  } finally {
    await client.end();
  }
}

/**
 * Moves a tenant's next codes above `ultimo` in every per-tenant numbered table (migration 0301), so the
 * rows a test creates there hold codes no other demo tenant has: an id of one tenant presented to the other
 * must still reach nothing (with small codes it would name the other tenant's own record).
 */
export async function codigosAcimaDe(ownerUrl: string, assinanteId: number, ultimo: number): Promise<void> {
  await adminQuery(
    ownerUrl,
    `insert into numeracao_assinante (assinante_id, tabela, ultimo)
     select $1, t.event_object_table, $2 from information_schema.triggers t
      where t.trigger_name = 'numeracao_assinante' group by t.event_object_table
     on conflict (assinante_id, tabela) do update set ultimo = excluded.ultimo`,
    [assinanteId, ultimo],
  );
}

/**
 * A name for a database of this test run: prefixed by the run's template, so the run's teardown drops
 * its own databases and never another run's on a shared external server.
 */
export function nomeBancoDoTeste(): string {
  return `${inject('testDb').template}_${crypto.randomBytes(5).toString('hex')}`;
}

export async function createTestApp(opts: { beforeReady?: (app: FastifyInstance) => void } = {}): Promise<TestApp> {
  const { serverUrl, template, appPassword } = inject('testDb');
  const name = nomeBancoDoTeste();
  await adminQuery(urlFor(serverUrl, 'postgres'), `create database ${name} template ${template}`);
  const appUrl = urlFor(serverUrl, name, APP_ROLE, appPassword);
  const db = createDatabase(appUrl);
  const app = await buildApp({ config: { ...loadConfig(), logLevel: 'silent' }, db, logger: false });
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    appUrl,
    ownerUrl: urlFor(serverUrl, name),
    async close() {
      await app.close();
      await db.close();
      await adminQuery(urlFor(serverUrl, 'postgres'), `drop database if exists ${name} with (force)`);
    },
  };
}
