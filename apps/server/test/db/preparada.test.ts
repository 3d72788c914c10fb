import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database';
import { executarPreparada } from '../../src/db/preparada';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let um: Database;
const antes = process.env.DB_POOL_MAX;
beforeAll(async () => {
  t = await createTestApp();
  // one connection: every call below shares it, so its prepared statements and its tenants meet
  process.env.DB_POOL_MAX = '1';
  um = createDatabase(t.appUrl);
});
afterAll(async () => {
  process.env.DB_POOL_MAX = antes;
  await um.close();
  await t.close();
});

const lojasDe = (db: Database, assinante: number, sigla: string) =>
  db.withTenant(assinante, async (trx) => {
    const { rows } = await executarPreparada(
      trx,
      'teste_lojas',
      sql<{ sigla: string }>`select sigla from loja where sigla like ${sigla} order by sigla`,
    );
    const nomes = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx);
    return { siglas: rows.map((r) => r.sigla), preparadas: nomes.rows.map((r) => r.name) };
  });

describe('named prepared statements (db/preparada.ts)', () => {
  it('run as one named statement of the connection, with its parameters; tenants stay apart (RLS at execution)', async () => {
    const { rows } = await adminQuery<{ id: number; sigla: string }>(
      t.ownerUrl,
      `select assinante_id as id, min(sigla) as sigla from loja group by assinante_id order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [a, b] = rows as [{ id: number; sigla: string }, { id: number; sigla: string }];
    // more runs than the server's five custom plans: the generic plan must still filter by tenant
    for (let i = 0; i < 7; i++) {
      const ra = await lojasDe(um, a.id, '%');
      const rb = await lojasDe(um, b.id, '%');
      expect(ra.siglas).toContain(a.sigla);
      expect(ra.siglas).not.toContain(b.sigla);
      expect(rb.siglas).toContain(b.sigla);
      expect(rb.siglas).not.toContain(a.sigla);
      expect(ra.preparadas.filter((n) => n.startsWith('teste_lojas_'))).toHaveLength(1);
    }
    // another parameter, the same statement
    const so = await lojasDe(um, a.id, a.sigla);
    expect(so.siglas).toEqual([a.sigla]);
    expect(so.preparadas.filter((n) => n.startsWith('teste_lojas_'))).toHaveLength(1);
  });

  it('statements not opted in stay unnamed', async () => {
    const r = await um.withTenant(1, async (trx) => {
      await sql`select 1 as um where ${1} = 1`.execute(trx);
      return sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements where statement like '%as um where%'`.execute(trx);
    });
    expect(r.rows[0]!.n).toBe(0);
  });
});
