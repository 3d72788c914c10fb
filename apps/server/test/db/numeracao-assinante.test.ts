/**
 * Per-tenant numbering (migration 0301): each tenant's records get that tenant's next code, whatever
 * the other tenants create at the same time; concurrent creates never share or skip a code; a create
 * that fails gives its number back; a deleted record's code is not given again; a bulk numbering holds
 * the tenant's single creates of that table until it commits.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let bela: Record<string, string>;
let merc: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  bela = (await login(t, 'ana.admin')).headers;
  merc = (await login(t, 'marta.admin', 'mercadao.localhost')).headers;
});
afterAll(() => t.close());

const maiorCodigo = async (host: string) =>
  (
    await adminQuery<{ m: number }>(
      t.ownerUrl,
      `select coalesce(max(m.id), 0)::int as m from marca m join assinante a on a.id = m.assinante_id
        where $1 = any (a.hosts)`,
      [host],
    )
  ).rows[0]!.m;

async function criarMarca(headers: Record<string, string>, descricao: string, app = t.app) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/produto/marcas', headers, payload: { descricao } });
  return { status: res.statusCode, id: Number(res.headers.location?.toString().split('/').pop()) };
}

describe('per-tenant numbering', () => {
  it('100 concurrent creates in two tenants: each tenant gets its own consecutive codes', async () => {
    const antesBela = await maiorCodigo('localhost');
    const antesMerc = await maiorCodigo('mercadao.localhost');
    const pedidos = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0 ? criarMarca(bela, `Marca concorrente B${i}`) : criarMarca(merc, `Marca concorrente M${i}`),
    );
    const res = await Promise.all(pedidos);
    expect(res.map((r) => r.status)).toEqual(Array(100).fill(201));
    const codigos = (resto: number) =>
      res
        .filter((_, i) => i % 2 === resto)
        .map((r) => r.id)
        .sort((a, b) => a - b);
    expect(codigos(0)).toEqual(Array.from({ length: 50 }, (_, i) => antesBela + 1 + i));
    expect(codigos(1)).toEqual(Array.from({ length: 50 }, (_, i) => antesMerc + 1 + i));
    // the same code in both tenants names two different records, each seen by its own tenant only
    const comum = antesBela + 1 > antesMerc + 1 ? antesBela + 1 : antesMerc + 1;
    const ler = (h: Record<string, string>) => t.app.inject({ url: `/api/v1/produto/marcas/${comum}`, headers: h });
    const [b, m] = [await ler(bela), await ler(merc)];
    expect([b.statusCode, m.statusCode]).toEqual([200, 200]);
    expect(b.json().descricao).toMatch(/^Marca concorrente B/);
    expect(m.json().descricao).toMatch(/^Marca concorrente M/);
  });

  it('two app instances (their own pools) creating at once for one tenant: consecutive codes, none twice', async () => {
    const db2 = createDatabase(t.appUrl);
    const app2 = await buildApp({ config: { ...loadConfig(), logLevel: 'silent' }, db: db2, logger: false });
    await app2.ready();
    try {
      const antes = await maiorCodigo('localhost');
      const res = await Promise.all(
        Array.from({ length: 60 }, (_, i) => criarMarca(bela, `Marca em duas instâncias ${i}`, i % 2 ? app2 : t.app)),
      );
      expect(res.map((r) => r.status)).toEqual(Array(60).fill(201));
      expect(res.map((r) => r.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => antes + 1 + i));
    } finally {
      await app2.close();
      await db2.close();
    }
  });

  it('a create that fails gives its code back; the next one takes it', async () => {
    const antes = await maiorCodigo('localhost');
    expect((await criarMarca(bela, 'Marca única devolve')).id).toBe(antes + 1);
    // the same description again: refused (409) after its insert took a number, rolled back with it
    expect((await criarMarca(bela, 'Marca única devolve')).status).toBe(409);
    expect((await criarMarca(bela, 'Marca depois da recusa')).id).toBe(antes + 2);
  });

  it("a deleted record's code is never given again", async () => {
    const { id } = await criarMarca(bela, 'Marca que será excluída');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/produto/marcas/${id}`, headers: bela });
    expect(del.statusCode).toBe(200);
    expect(await maiorCodigo('localhost')).toBe(id - 1);
    expect((await criarMarca(bela, 'Marca depois da exclusão')).id).toBe(id + 1);
  });

  it('a bulk numbering (a transaction of many rows) and a concurrent create: consecutive codes, none twice', async () => {
    const antes = await maiorCodigo('localhost');
    const lote = new pg.Client({ connectionString: t.appUrl });
    await lote.connect();
    try {
      await lote.query(`begin; select set_config('app.assinante_id', '1', true)`);
      const { rows } = await lote.query<{ id: number }>(
        `insert into marca (descricao) select 'Marca em lote ' || g from generate_series(1, 40) g returning id`,
      );
      expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 40 }, (_, i) => antes + 1 + i));
      // past 16 codes the transaction numbers in bulk: a single create of the tenant waits for its commit
      let pronto = false;
      const criacao = criarMarca(bela, 'Marca durante o lote').then((r) => {
        pronto = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(pronto).toBe(false);
      // the other tenant does not wait
      expect((await criarMarca(merc, 'Marca do Mercadão durante o lote')).status).toBe(201);
      await lote.query('commit');
      expect(await criacao).toEqual({ status: 201, id: antes + 41 });
    } finally {
      await lote.end();
    }
  });

  it('a new tenant numbers its records from 1', async () => {
    const { rows } = await adminQuery<{ id: number }>(
      t.ownerUrl,
      `insert into assinante (nome, tipo_cliente, tema, hosts) values ('Numeração Nova', 'TODOS', 'green', '{numeracao.localhost}')
       returning id`,
    );
    const novo = rows[0]!.id;
    const { rows: marcas } = await adminQuery<{ id: number }>(
      t.ownerUrl,
      `insert into marca (assinante_id, descricao) values ($1, 'Primeira'), ($1, 'Segunda') returning id`,
      [novo],
    );
    expect(marcas.map((m) => m.id)).toEqual([1, 2]);
  });
});
