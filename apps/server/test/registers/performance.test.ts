/**
 * What keeps the register engine fast without weakening a rule: round trips per list request,
 * the exact total riding with the page, the trigram index usable under forced RLS, and the tenant
 * setting that never outlives its transaction.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await login(t, 'ana.admin'));
});
afterAll(() => t.close());

const MARCAS = '/api/v1/produto/marcas';

describe('register engine speed', () => {
  it('a list costs 2 round trips: the session check, then tenant + page + exact total in one message', async () => {
    await t.app.inject({ url: `${MARCAS}?count=1`, headers }); // warm-up (identity settings, caches)
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const res = await t.app.inject({ url: `${MARCAS}?q=ativo==true&sort=descricao&count=2`, headers });
      expect(res.statusCode).toBe(200);
      expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('a rights change counts from the very next request, with nothing but the database between', async () => {
    const gabi = await login(t, 'gabi.consulta');
    const ver = () => t.app.inject({ url: `${MARCAS}?count=1`, headers: gabi.headers });
    expect((await ver()).statusCode).toBe(200);
    expect((await ver()).statusCode).toBe(200); // the rights are now held by this process
    // another instance (or the admin CLI) takes gabi out of her group: no message reaches this process
    const { rows } = await adminQuery<{ grupo_id: number; usuario_id: number }>(
      t.ownerUrl,
      `delete from grupo_membro gm using usuario u where u.id = gm.usuario_id and u.username = 'gabi.consulta'
        and u.assinante_id = 1 returning gm.grupo_id, gm.usuario_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect((await ver()).statusCode).toBe(403);
    for (const r of rows)
      await adminQuery(t.ownerUrl, 'insert into grupo_membro (assinante_id, grupo_id, usuario_id) values (1, $1, $2)', [
        r.grupo_id,
        r.usuario_id,
      ]);
    expect((await ver()).statusCode).toBe(200);
    // a group switched off takes its permissions with it
    const grupos = rows.map((r) => r.grupo_id);
    await adminQuery(t.ownerUrl, `update grupo set status_de_ativacao = 'INATIVO' where id = any($1)`, [grupos]);
    expect((await ver()).statusCode).toBe(403);
  });

  it('the total stays exact on a filtered page, an unfiltered one and past the end', async () => {
    const { rows } = await adminQuery<{ n: number; ativos: number }>(
      t.ownerUrl,
      `select count(*)::int as n, count(*) filter (where ativo)::int as ativos from marca where assinante_id = 1`,
    );
    const all = (await t.app.inject({ url: `${MARCAS}?count=1`, headers })).json();
    expect(all.total).toBe(rows[0]!.n);
    expect(all.count).toBe(1);
    const ativos = (await t.app.inject({ url: `${MARCAS}?q=ativo==true&count=1`, headers })).json();
    expect(ativos.total).toBe(rows[0]!.ativos);
    const past = (await t.app.inject({ url: `${MARCAS}?start=5000&count=10`, headers })).json();
    expect(past).toMatchObject({ start: 5000, count: 0, total: rows[0]!.n, items: [] });
    const none = (await t.app.inject({ url: `${MARCAS}?q=descricao=="*nada-assim-existe*"`, headers })).json();
    expect(none).toMatchObject({ count: 0, total: 0 });
  });

  it('an accent-insensitive "contains" can use the trigram index under forced RLS', async () => {
    // a scratch table owned by the application role, its policy forced, 20,000 rows: the planner
    // may only pick the trigram index when the filter's functions are leakproof
    const plan = await t.db.withTenant(1, async (trx) => {
      await sql`create temp table busca_rls (assinante_id int not null, descricao text not null) on commit drop`.execute(
        trx,
      );
      await sql`insert into busca_rls select 1 + g % 2, 'Café torrado ' || g from generate_series(1, 20000) g`.execute(
        trx,
      );
      await sql`create index on busca_rls using gin (unaccent(descricao) gin_trgm_ops)`.execute(trx);
      await sql`alter table busca_rls enable row level security`.execute(trx);
      await sql`alter table busca_rls force row level security`.execute(trx);
      await sql`create policy p on busca_rls using (assinante_id = (select app_assinante()))`.execute(trx);
      await sql`analyze busca_rls`.execute(trx);
      const r = await sql<Record<string, string>>`explain select count(*) from busca_rls t
        where unaccent(t.descricao) ilike unaccent(${'%cafe torrado 1234%'})`.execute(trx);
      return r.rows.map((x) => Object.values(x)[0]).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on busca_rls_\w+_idx/);
  });

  it('the tenant setting ends with its transaction, and a failure rolls everything back', async () => {
    await expect(
      t.db.withTenant(1, async (trx) => {
        await sql`insert into marca (assinante_id, descricao) values (1, 'Marca desfeita')`.execute(trx);
        throw new Error('falha proposital');
      }),
    ).rejects.toThrow('falha proposital');
    const { rows } = await adminQuery(t.ownerUrl, `select 1 from marca where descricao = 'Marca desfeita'`);
    expect(rows).toHaveLength(0);
    // every pooled connection has lost the setting: a query without a tenant is refused
    await expect(t.db.pool.query('select count(*) from marca')).rejects.toThrow(/assinante/);
    await expect(t.db.withTenant(Number.NaN, async () => 1)).rejects.toThrow();
  });
});
