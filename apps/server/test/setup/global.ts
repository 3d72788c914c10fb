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
    testDb: { serverUrl: string; template: string; appPassword: string | undefined; lane: 'embedded' | 'external' };
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
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
  project.provide('testDb', { serverUrl, template, appPassword, lane: external ? 'external' : 'embedded' });
  console.log(`[test] banco de testes: ${external ? 'PostgreSQL externo' : 'PostgreSQL embutido'}`);

  return async () => {
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
    await client.connect();
    // this run's databases only (named after its template): another run may share an external server
    const { rows } = await client.query('select datname from pg_database where starts_with(datname, $1)', [template]);
    for (const { datname } of rows)
      await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
    await client.end();
    await embedded?.stop();
  };
}
