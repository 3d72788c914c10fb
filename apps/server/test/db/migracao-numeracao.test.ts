/**
 * Migrating an existing database to tenant-scoped keys (0300) and per-tenant numbering (0301): a database
 * built before them with the demo data (codes given by the old shared sequences) is dumped by the backup
 * script first, then keeps every row, every key and reference (now led by assinante_id) and every API
 * answer; after it, each tenant's next record continues that tenant's own highest code.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/** the last migration before the tenant keys */
const ANTES = '0260_atualizacao_tarefa.sql';
/**
 * the last of the tenant keys' migrations: rows, keys and references are compared there, since later
 * migrations add tables, turn some into views and drop references on purpose; the API answers and the
 * codes are checked after migrating on to the latest, which the app's code needs
 */
const CHAVES = '0305_indices_redundantes.sql';
const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-migracao-'));

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
  await migrate(ownerUrl, () => {}, { ate: ANTES });
  // the workflows' demo data needs later tables and functions (the stock ledger's lock and ocorrido_em, plans,
  // devices, orders, the bank ledger); the stock ledger was born keyed by assinante_id (0122), so the tenant keys
  // leave it as it is
  await seed(ownerUrl, { demo: true, fluxos: false });
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
  // the database must hold still between the two pictures: the fiscal recount's sweep and the other
  // schedules would otherwise rewrite rows (coverage, inconsistencies, tasks) whenever a loaded machine
  // runs them late, in between (failed once in CI); nothing this test asks of the API needs a job
  await app.tarefas.encerrar();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  await adminQuery(url('postgres'), `drop database if exists ${nome} with (force)`);
  fs.rmSync(backups, { recursive: true, force: true });
});

/**
 * Columns that change by themselves between the two pictures, whatever the migration: a session's last
 * activity (the API answers read in between touch it) and when a product inconsistency was detected (the
 * fiscal recount the app starts detects again).
 */
const VOLATEIS: Record<string, string[]> = {
  sessao: ['ultima_atividade'],
  inconsistencia_produto: ['id', 'detectada_em'],
};

/** a key's columns without assinante_id: what the key meant before the tenant keys */
const semAssinante = (colunas: string[]) => colunas.filter((c) => c !== 'assinante_id').join(',');

/**
 * Every tenant table: its row count and a hash of its rows (over `colunas`, the columns it had before, in the
 * rows' own text order: a primary key that gained assinante_id orders uuids differently); its primary key,
 * unique keys and references with assinante_id taken out.
 */
async function fotografiaDoBanco(colunas?: Record<string, string[]>) {
  const { rows: tabelas } = await adminQuery<{ tabela: string; chave: string[]; cols: string[] }>(
    ownerUrl,
    `select c.oid::regclass::text as tabela,
            (select array_agg(a.attname::text order by k.ord)
               from pg_index i, unnest(i.indkey) with ordinality k(attnum, ord)
               join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary) as chave,
            (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as cols
       from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'assinante_id')
        and c.relname <> 'numeracao_assinante' -- new in 0301 (codes of deleted records)
      order by 1`,
  );
  const linhas: Record<string, string> = {};
  const chaves: Record<string, string> = {};
  for (const { tabela, chave, cols } of tabelas) {
    const volateis = VOLATEIS[tabela] ?? [];
    const lista = (colunas?.[tabela] ?? cols)
      .filter((c) => !volateis.includes(c))
      .map((c) => `t.${JSON.stringify(c)}`)
      .join(', ');
    const { rows } = await adminQuery<{ n: number; h: string | null }>(
      ownerUrl,
      `select count(*)::int as n, md5(string_agg(r, E'\\n' order by r)) as h from (select row(${lista})::text as r from ${tabela} t) x`,
    );
    linhas[tabela] = `${rows[0]!.n} ${rows[0]!.h}`;
    chaves[tabela] = semAssinante(chave ?? []);
  }
  const { rows: restricoes } = await adminQuery<{
    tipo: string;
    tabela: string;
    cols: string[];
    ref: string | null;
    refcols: string[] | null;
    acao: string;
  }>(
    ownerUrl,
    `select k.contype::text as tipo, k.conrelid::regclass::text as tabela, k.confrelid::regclass::text as ref,
            k.confdeltype::text as acao,
            (select array_agg(a.attname::text order by x.o) from unnest(k.conkey) with ordinality x(n, o)
               join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.n) as cols,
            (select array_agg(a.attname::text order by x.o) from unnest(k.confkey) with ordinality x(n, o)
               join pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.n) as refcols
       from pg_constraint k
      where k.connamespace = 'public'::regnamespace and k.contype in ('u', 'f') and k.conparentid = 0
        and k.conrelid::regclass::text <> 'numeracao_assinante'`,
  );
  const referencias = restricoes
    .filter((r) => r.tipo === 'f')
    .map((r) => `${r.tabela}(${semAssinante(r.cols)}) -> ${r.ref}(${semAssinante(r.refcols ?? [])}) ${r.acao}`)
    .sort();
  const unicas = restricoes
    .filter((r) => r.tipo === 'u')
    .map((r) => `${r.tabela}(${semAssinante(r.cols)})`)
    .sort();
  return { linhas, chaves, referencias, unicas, colunas: Object.fromEntries(tabelas.map((t) => [t.tabela, t.cols])) };
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

describe('migrating the demo data to tenant keys and per-tenant numbering', () => {
  it('refuses to migrate when the backup taken first fails, and applies nothing', async () => {
    const naoEhPasta = path.join(backups, 'arquivo');
    fs.writeFileSync(naoEhPasta, '');
    await expect(migrate(ownerUrl, () => {}, { backupDir: path.join(naoEhPasta, 'sub') })).rejects.toThrow(
      /backup anterior à migração 0300_chaves_por_assinante\.sql falhou/,
    );
    const { rows } = await adminQuery<{ v: string }>(ownerUrl, 'select max(versao) as v from schema_migrations');
    expect(rows[0]!.v).toBe(ANTES);
  });

  it('dumps first, then keeps every row, key, reference and API answer; new codes continue each tenant', async () => {
    const api = await respostasDaApi();
    const banco = await fotografiaDoBanco();
    // the old shared sequences interleaved the tenants' codes
    const { rows: antes } = await adminQuery<{ assinante_id: number; maior: number }>(
      ownerUrl,
      'select assinante_id, max(id)::int as maior from marca group by 1 order by 1',
    );
    expect(antes).toHaveLength(2);

    const log: string[] = [];
    const t0 = performance.now();
    const aplicadas = await migrate(ownerUrl, (m) => log.push(m), { backupDir: backups, ate: CHAVES });
    console.log(`migração da demonstração (${aplicadas.length} arquivos): ${Math.round(performance.now() - t0)} ms`);
    expect(aplicadas).toEqual(
      expect.arrayContaining(['0300_chaves_por_assinante.sql', '0301_numeracao_por_assinante.sql']),
    );

    // the dump came first, by the backup script, and is a readable pg_dump archive of this database
    const dump = fs.readdirSync(backups).find((f) => f.startsWith('retaguarda-antes-0300_chaves_por_assinante-'));
    expect(dump, log.join('\n')).toBeDefined();
    expect(log.findIndex((m) => m.startsWith('Backup gravado'))).toBeLessThan(
      log.indexOf('Migração aplicada: 0300_chaves_por_assinante.sql'),
    );
    const indice = execFileSync('/usr/lib/postgresql/15/bin/pg_restore', ['--list', path.join(backups, dump!)], {
      encoding: 'utf8',
    });
    expect(indice).toMatch(/TABLE DATA public produto /);
    expect(indice).toMatch(/TABLE DATA public marca /);

    const depois = await fotografiaDoBanco(banco.colunas);
    expect(depois.linhas).toEqual(banco.linhas);
    expect(depois.referencias).toEqual(banco.referencias);
    expect(depois.chaves).toEqual(banco.chaves);
    // a unique key that became the primary key once assinante_id led both was dropped as redundant
    for (const u of banco.unicas) {
      const tabela = u.slice(0, u.indexOf('('));
      if (!depois.unicas.includes(u)) expect(`${tabela}(${depois.chaves[tabela]})`).toBe(u);
    }
    // every key and reference now leads with the tenant
    const { rows: semTenant } = await adminQuery<{ r: string }>(
      ownerUrl,
      `select k.conrelid::regclass::text || ' ' || k.conname as r
         from pg_constraint k
        where k.connamespace = 'public'::regnamespace and k.contype in ('p', 'u', 'f')
          and exists (select 1 from pg_attribute a where a.attrelid = k.conrelid and a.attname = 'assinante_id')
          and (k.contype <> 'f' or exists (select 1 from pg_attribute a where a.attrelid = k.confrelid and a.attname = 'assinante_id'))
          and not exists (select 1 from pg_attribute a where a.attrelid = k.conrelid and a.attnum = any (k.conkey)
                             and a.attname = 'assinante_id')`,
    );
    expect(semTenant.map((r) => r.r)).toEqual([]);
    await migrate(ownerUrl, (m) => log.push(m), { backupDir: backups });
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
  }, 90_000); // a dump and restore of the whole demo (it grows with every workflow's demo data)
});
