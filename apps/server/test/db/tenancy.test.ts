import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tenantIds() {
  const { rows } = await adminQuery<{ id: number; nome: string }>(
    t.ownerUrl,
    'select id, nome from assinante order by id',
  );
  return { bela: rows.find((r) => r.nome === 'Bela Vida')!.id, merc: rows.find((r) => r.nome.startsWith('Merc'))!.id };
}

describe('multi-tenancy enforced by PostgreSQL', () => {
  it('every table with assinante_id has forced RLS and a policy', async () => {
    const { rows } = await adminQuery<{ table: string; rls: boolean; forced: boolean; policies: number }>(
      t.ownerUrl,
      `select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
              (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and exists (select 1 from information_schema.columns col
                       where col.table_name = c.relname and col.column_name = 'assinante_id')`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(7);
    const unprotected = rows.filter((r) => !r.rls || !r.forced || r.policies === 0).map((r) => r.table);
    expect(unprotected).toEqual([]);
  });

  it('every tenant policy evaluates the tenant once per query (init-plan form)', async () => {
    const { rows } = await adminQuery<{ tablename: string }>(
      t.ownerUrl,
      `select tablename from pg_policies where schemaname = 'public' and roles = '{public}'
          and qual not ilike '%select app_assinante()%'`,
    );
    expect(rows.map((r) => r.tablename)).toEqual([]);
    // a policy for one role only is the schema owner's (triggers on global tables marking every tenant), never the app's
    const outras = await adminQuery<{ roles: string[] }>(
      t.ownerUrl,
      `select roles::text[] as roles from pg_policies where schemaname = 'public' and roles <> '{public}'`,
    );
    for (const { roles } of outras.rows) expect(roles).not.toContain('retaguarda_app');
  });

  it('the application role is neither superuser nor BYPASSRLS', async () => {
    const { rows } = await sql<{ rolsuper: boolean; rolbypassrls: boolean }>`
      select rolsuper, rolbypassrls from pg_roles where rolname = current_user`.execute(t.db.kysely);
    expect(rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('a query without any tenant filter sees only its tenant rows', async () => {
    const { bela, merc } = await tenantIds();
    const belaLojas = await t.db.withTenant(bela, (trx) => trx.selectFrom('loja').select('sigla').execute());
    const mercLojas = await t.db.withTenant(merc, (trx) => trx.selectFrom('loja').select('sigla').execute());
    expect(belaLojas.map((l) => l.sigla).sort()).toEqual(['BV01', 'BV02', 'BV03', 'BV04']);
    expect(mercLojas.map((l) => l.sigla).sort()).toEqual(['MB01', 'MB02', 'MB03']);
    const users = await t.db.withTenant(bela, (trx) => trx.selectFrom('usuario').select('username').execute());
    expect(users.map((u) => u.username)).not.toContain('marta.admin');
  });

  it('fails closed when no tenant is set', async () => {
    await expect(t.db.kysely.selectFrom('loja').selectAll().execute()).rejects.toThrow(/app\.assinante_id/);
  });

  it('refuses to write a row into another tenant', async () => {
    const { bela, merc } = await tenantIds();
    await expect(
      t.db.withTenant(bela, (trx) => trx.insertInto('grupo').values({ assinanteId: merc, nome: 'Intruso' }).execute()),
    ).rejects.toThrow(/row-level security/);
    const { rows } = await adminQuery(t.ownerUrl, `select 1 from grupo where nome = 'Intruso'`);
    expect(rows).toHaveLength(0);
  });

  it('cannot update or delete the audit log', async () => {
    const { bela } = await tenantIds();
    await t.db.withTenant(bela, (trx) =>
      trx
        .insertInto('auditoria')
        .values({
          assinanteId: bela,
          entidade: 'teste',
          operacao: 'OUTRO',
          entidadeId: '1',
          usuarioId: null,
          lojaId: null,
          antes: null,
          depois: null,
          requestId: null,
        })
        .execute(),
    );
    await expect(t.db.withTenant(bela, (trx) => trx.deleteFrom('auditoria').execute())).rejects.toThrow(
      /permission denied/,
    );
    await expect(adminQuery(t.ownerUrl, `update auditoria set entidade = 'x'`)).rejects.toThrow(/somente inclusão/);
  });

  it('a second connection pool on the same database keeps isolation per transaction', async () => {
    const { bela, merc } = await tenantIds();
    const other = createDatabase(t.appUrl);
    try {
      const [a, b] = await Promise.all([
        other.withTenant(bela, (trx) => trx.selectFrom('loja').select('id').execute()),
        other.withTenant(merc, (trx) => trx.selectFrom('loja').select('id').execute()),
      ]);
      expect(a).toHaveLength(4);
      expect(b).toHaveLength(3);
    } finally {
      await other.close();
    }
  });
});
