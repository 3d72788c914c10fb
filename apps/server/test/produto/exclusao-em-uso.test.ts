/**
 * Deleting a product in use is refused with 409 and says where it is used in words a user reads — a register's
 * name or the stock's ("saldos de estoque"), never a SQL table name — whatever reference PostgreSQL checks first.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
});
afterAll(async () => t?.close());

it('a demo product with stock: 409, "Referenciado em …" in Portuguese, and the product is still there', async () => {
  const { rows } = await adminQuery<{ id: number }>(
    t.ownerUrl,
    `select p.id from produto p join assinante a on a.id = p.assinante_id
      where a.nome = 'Bela Vida' and exists (select 1 from saldo_estoque s where s.produto_id = p.id)
      order by p.id limit 1`,
  );
  const id = rows[0]!.id;
  const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/produto/produtos/${id}`, headers: ana.headers });
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json() as { message: string; reasons: string[] };
  expect(body.message).toBe('Não é possível excluir: o produto está em uso. Inative o registro em vez de excluí-lo.');
  expect(body.reasons).toHaveLength(1);
  expect(body.reasons[0]).toMatch(/^Referenciado em [a-zà-ú ]+\.$/);
  const ainda = await t.app.inject({ method: 'GET', url: `/api/v1/produto/produtos/${id}`, headers: ana.headers });
  expect(ainda.statusCode).toBe(200);
});
