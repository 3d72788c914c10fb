/**
 * A pending password change (forcePasswordReset, spec §4) shuts every endpoint except changing one's
 * own password, reading oneself and logout — for administrators too: an administrator who must change
 * their password cannot reset another user's password until they do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let ana: Record<string, string>;
let anaId: number;
let fabioId: number;
const PENDENTE = 'É necessário alterar a sua senha antes de continuar.';
beforeAll(async () => {
  t = await createTestApp();
  await adminQuery(t.ownerUrl, `update usuario set force_password_reset = true where username = 'ana.admin'`);
  const l = await login(t, 'ana.admin');
  ana = l.headers;
  anaId = l.body.id;
  const { rows } = await adminQuery(t.ownerUrl, `select id from usuario where username = 'fabio.gerente'`);
  fabioId = rows[0]!.id;
});
afterAll(() => t.close());

const req = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: ana, ...(payload ? { payload } : {}) });

describe('pending password change', () => {
  it("an administrator under a forced change cannot reset another user's password", async () => {
    const r = await req('PUT', `/api/v1/usuarios/${fabioId}/nova-senha`, { id: fabioId, senha: 'Outra#Senha2026' });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(PENDENTE);
    await login(t, 'fabio.gerente'); // fabio's password unchanged
  });

  it.each([
    ['GET', '/api/v1/pessoa/lojas'],
    ['GET', '/api/v1/pessoa/usuarios'],
    ['GET', `/api/v1/pessoa/usuarios/${0}`],
    ['POST', '/api/v1/graphql'],
  ] as const)('%s %s answers 403 while the change is pending', async (method, url) => {
    const r = await req(method, url, method === 'POST' ? { query: '{ __typename }' } : undefined);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(PENDENTE);
  });

  it('reading oneself works; changing the own password lifts the block', async () => {
    expect((await req('GET', '/api/v1/eumesmo')).json().forcePasswordReset).toBe(true);
    const own = await req('PUT', `/api/v1/usuarios/${anaId}/nova-senha`, { id: anaId, senha: 'Nova#Senha2026' });
    expect(own.statusCode, own.body).toBe(200);
    expect((await req('GET', '/api/v1/pessoa/lojas')).statusCode).toBe(200);
    const reset = await req('PUT', `/api/v1/usuarios/${fabioId}/nova-senha`, { id: fabioId, senha: 'Outra#Senha2026' });
    expect(reset.statusCode, reset.body).toBe(200);
  });
});
