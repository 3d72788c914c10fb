/**
 * Migrating an existing database to per-tenant numbering (0301): a database built at 0300 with the demo
 * data (codes given by the old shared sequences) keeps every row, every key and reference, and every API
 * answer; after it, each tenant's next record continues that tenant's own highest code.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase, type Database } from '../../src/db/database';
import { APP_ROLE, migrate } from '../../src/db/migrate';
import { seed } from '../../src/db/seed';
import { setUpRole } from '../../src/db/target';
import { adminQuery, nomeBancoDoTeste, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

const ANTES = '0300_chaves_por_assinante.sql';

const { serverUrl, appPassword } = inject('testDb');
const nome = nomeBancoDoTeste();
function url(database: string, user?: string, password?: string) {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  if (user) {
    u.username = user;
    u.password = password ? encodeURIComponent(password) : '';
  }
  return u.toString();
}
const ownerUrl = url(nome);

let app: FastifyInstance;
let db: Database;
let t: TestApp;
const tenants: { host: string; id: number; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  await adminQuery(url('postgres'), `create database ${nome}`);
  await setUpRole(ownerUrl, appPassword);
  await migrate(ownerUrl, () => {}, ANTES);
  await seed(ownerUrl, { demo: true });
  const appUrl = url(nome, APP_ROLE, appPassword);
  db = createDatabase(appUrl);
  app = await buildApp({ config: { ...loadConfig(), logLevel: 'silent' }, db, logger: false });
  await app.ready();
  t = { app, db, ownerUrl, appUrl, close: async () => {} };
  for (const [username, host] of [
    ['ana.admin', 'localhost'],
    ['marta.admin', 'mercadao.localhost'],
  ] as const) {
    const { headers } = await login(t, username, host);
    const { rows } = await adminQuery<{ id: number }>(ownerUrl, 'select id from assinante where $1 = any (hosts)', [
      host,
    ]);
    tenants.push({ host, id: rows[0]!.id, headers });
  }
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  await adminQuery(url('postgres'), `drop database if exists ${nome} with (force)`);
});

/** Every tenant table: its row count and a hash of its rows in primary-key order; keys and references. */
async function fotografiaDoBanco() {
  const { rows: tabelas } = await adminQuery<{ tabela: string; chave: string | null }>(
    ownerUrl,
    `select c.oid::regclass::text as tabela,
            (select string_agg(format('t.%I', a.attname), ', ' order by k.ord)
               from pg_index i, unnest(i.indkey) with ordinality k(attnum, ord)
               join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary) as chave
       from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'assinante_id')
        and c.relname <> 'numeracao_assinante' -- new in 0301 (codes of deleted records)
      order by 1`,
  );
  const linhas: Record<string, string> = {};
  for (const { tabela, chave } of tabelas) {
    const { rows } = await adminQuery<{ n: number; h: string | null }>(
      ownerUrl,
      `select count(*)::int as n, md5(string_agg(t::text, E'\\n' order by ${chave ?? 't::text'})) as h from ${tabela} t`,
    );
    linhas[tabela] = `${rows[0]!.n} ${rows[0]!.h}`;
  }
  const { rows: restricoes } = await adminQuery<{ r: string }>(
    ownerUrl,
    `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as r
       from pg_constraint where connamespace = 'public'::regnamespace and contype in ('p', 'u', 'f')
        and conrelid::regclass::text <> 'numeracao_assinante' order by 1`,
  );
  return { linhas, restricoes: restricoes.map((r) => r.r) };
}

/** A few answers of the API per tenant: product and supplier lists, one product by id. */
async function respostasDaApi() {
  const respostas: Record<string, unknown> = {};
  for (const { host, headers } of tenants) {
    for (const rota of [
      '/api/v1/produto/produtos?sort=id&count=100',
      '/api/v1/pessoa/fornecedores?sort=id&count=100',
    ]) {
      const res = await app.inject({ url: rota, headers });
      expect(res.statusCode, rota).toBe(200);
      respostas[`${host} ${rota}`] = res.json();
    }
    const lista = respostas[`${host} /api/v1/produto/produtos?sort=id&count=100`] as { items: { id: number }[] };
    const rota = `/api/v1/produto/produtos/${lista.items[0]!.id}`;
    const res = await app.inject({ url: rota, headers });
    expect(res.statusCode, rota).toBe(200);
    respostas[`${host} ${rota}`] = res.json();
  }
  return respostas;
}

describe('migrating the demo data to per-tenant numbering', () => {
  it('keeps every row, key, reference and API answer; new codes continue each tenant', async () => {
    const api = await respostasDaApi();
    const banco = await fotografiaDoBanco();
    // the old shared sequences interleaved the tenants' codes
    const { rows: antes } = await adminQuery<{ assinante_id: number; maior: number }>(
      ownerUrl,
      'select assinante_id, max(id)::int as maior from marca group by 1 order by 1',
    );
    expect(antes).toHaveLength(2);

    expect(await migrate(ownerUrl)).toContain('0301_numeracao_por_assinante.sql');

    const depois = await fotografiaDoBanco();
    expect(depois.restricoes).toEqual(banco.restricoes);
    expect(depois.linhas).toEqual(banco.linhas);
    expect(await respostasDaApi()).toEqual(api);

    for (const { id, headers } of tenants) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/produto/marcas',
        headers,
        payload: { descricao: 'Marca depois da migração' },
      });
      expect(res.statusCode).toBe(201);
      const codigo = Number(res.headers.location?.toString().split('/').pop());
      expect(codigo).toBe(antes.find((a) => a.assinante_id === id)!.maior + 1);
    }
  });
});
