/**
 * The row counter of a big register (contagem_registro, kept by triggers) must not make concurrent
 * creates wait for each other: with one counter row per tenant and table, an open insert held its
 * lock until commit and every other create of the tenant queued behind it (bench/cauda.ts). The
 * unfiltered total, read from the counter, stays exact after inserts and deletes.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await login(t, 'ana.admin'));
});
afterAll(() => t.close());

/** Two backends as the app role in different counter slices (pid modulo 32). */
async function doisBackends(url: string): Promise<[pg.Client, pg.Client, () => Promise<void>]> {
  const abertos: pg.Client[] = [];
  const fechar = async () => {
    for (const c of abertos) await c.end().catch(() => {});
  };
  const abrir = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    abertos.push(c);
    return { c, pid: (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid };
  };
  const a = await abrir();
  for (let i = 0; i < 5; i++) {
    const b = await abrir();
    if (b.pid % 32 !== a.pid % 32) return [a.c, b.c, fechar];
  }
  await fechar();
  throw new Error('sem dois backends em fatias diferentes');
}

const totalDaLista = async () =>
  ((await t.app.inject({ url: '/api/v1/produto/produtos?count=1', headers })).json() as { total: number }).total;
const contagemReal = async () =>
  (await adminQuery<{ n: number }>(t.ownerUrl, 'select count(*)::int as n from produto where assinante_id = 1'))
    .rows[0]!.n;

describe('register row counter under concurrent creates', () => {
  it('a second create does not wait for an open one, and the unfiltered total stays exact', async () => {
    const [a, b, fechar] = await doisBackends(t.appUrl);
    try {
      const inicio = `begin; select set_config('app.assinante_id', '1', true); set local lock_timeout = '2s'`;
      await a.query(inicio);
      await a.query(`insert into produto (descricao, codigo_interno) values ('Contagem A', 'CONT-A')`);
      await b.query(inicio);
      // with one counter row this waited for A's commit and failed on the lock timeout
      await b.query(`insert into produto (descricao, codigo_interno) values ('Contagem B', 'CONT-B')`);
      await b.query('commit');
      await a.query('commit');
    } finally {
      await fechar();
    }
    expect(await totalDaLista()).toBe(await contagemReal());
    // deletes through another backend leave a slice below zero: the sum is still the count
    const criados = await adminQuery<{ id: number }>(
      t.ownerUrl,
      `select id from produto where codigo_interno in ('CONT-A', 'CONT-B')`,
    );
    for (const { id } of criados.rows) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/produto/produtos/${id}`, headers });
      expect(res.statusCode).toBe(200);
    }
    expect(await totalDaLista()).toBe(await contagemReal());
  });
});
