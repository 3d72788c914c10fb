/**
 * Test database lane: the embedded PostgreSQL (default) or the server of TEST_DATABASE_URL.
 * One migrated + seeded template database; each test file clones its own from it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgres, readSecrets, startEmbeddedPostgres } from '../../src/db/embedded';
import { migrate } from '../../src/db/migrate';
import { seed } from '../../src/db/seed';
import { ensureDatabase, setUpRole } from '../../src/db/target';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

type Preparado = { provided: TestDbInfo; teardown: () => Promise<void> };
type TestDbInfo = {
  serverUrl: string;
  template: string;
  appPassword: string | undefined;
  lane: 'embedded' | 'external';
};
/**
 * The server tests run as two projects (files that may share the machine, and timing-sensitive ones that run alone
 * after them): both use ONE database server and template, prepared by whichever project starts first and
 * stopped when the last one ends. Global setups run in vitest's main process, so `globalThis` is shared.
 */
const compartilhado = globalThis as { __rtgTestDb?: Promise<Preparado>; __rtgTestDbUsos?: number };

export default async function setup(project: TestProject) {
  compartilhado.__rtgTestDbUsos = (compartilhado.__rtgTestDbUsos ?? 0) + 1;
  compartilhado.__rtgTestDb ??= preparar();
  const { provided, teardown } = await compartilhado.__rtgTestDb;
  project.provide('testDb', provided);
  return async () => {
    compartilhado.__rtgTestDbUsos = (compartilhado.__rtgTestDbUsos ?? 1) - 1;
    if (compartilhado.__rtgTestDbUsos > 0) return;
    compartilhado.__rtgTestDb = undefined;
    await teardown();
  };
}

async function preparar(): Promise<Preparado> {
  const template = `rtg_tpl_${crypto.randomBytes(4).toString('hex')}`;
  let embedded: EmbeddedPostgres | undefined;
  let serverUrl: string;
  let appPassword: string | undefined;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    serverUrl = external;
    appPassword = process.env.APP_DB_PASSWORD;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-test-'));
    fs.chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true, log: () => {} });
    serverUrl = embedded.ownerUrl();
    appPassword = readSecrets(dataDir).appPassword;
  }
  const templateUrl = withDatabase(serverUrl, template);
  await ensureDatabase(templateUrl, template);
  await setUpRole(templateUrl, appPassword);
  await migrate(templateUrl);
  await seed(templateUrl, { demo: true });
  console.log(`[test] banco de testes: ${external ? 'PostgreSQL externo' : 'PostgreSQL embutido'}`);

  const provided: TestDbInfo = { serverUrl, template, appPassword, lane: external ? 'external' : 'embedded' };
  const teardown = async () => {
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
    await client.connect();
    // this run's databases only (named after its template): another run may share an external server
    const { rows } = await client.query('select datname from pg_database where starts_with(datname, $1)', [template]);
    for (const { datname } of rows)
      await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
    await client.end();
    await embedded?.stop();
  };
  return { provided, teardown };
}
