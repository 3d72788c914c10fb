/**
 * The password policy (domain administrativo/senha.ts) at every place a password is set: a new user,
 * an administrator's reset, the user's own change (nova-senha and the own record). 422 naming `senha`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA, login } from '../helpers/auth';

let t: TestApp;
let admin: Record<string, string>;
let lojaId: number;
let gabiId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t, 'ana.admin')).headers;
  lojaId = (await adminQuery(t.ownerUrl, `select id from loja where sigla = 'BV01'`)).rows[0]!.id;
  gabiId = (await adminQuery(t.ownerUrl, `select id from usuario where username = 'gabi.consulta'`)).rows[0]!.id;
});
afterAll(() => t.close());

const novo = (senha: string) => ({
  nome: 'Paula Senha',
  username: 'paula.senha',
  senha,
  ativo: true,
  administrador: false,
  lojasUsuario: [{ lojaId, principal: true }],
});
const RUINS = ['aaaaaaaa', '        ', 'mudar123', 'senha123', 'xpaula.senhax', '1234567'];

describe('password policy on the server', () => {
  it.each(RUINS)('a new user with %j is refused (422 on senha)', async (senha) => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin, payload: novo(senha) });
    expect(r.statusCode).toBe(422);
    expect(r.json().erros.map((e: { campo: string }) => e.campo)).toContain('senha');
  });

  it.each(RUINS.map((s) => s.replace('paula.senha', 'gabi.consulta')))(
    "an administrator's reset to %j is refused",
    async (senha) => {
      const r = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/usuarios/${gabiId}/nova-senha`,
        headers: admin,
        payload: { id: gabiId, senha },
      });
      expect(r.statusCode).toBe(422);
      expect(r.json().erros[0].campo).toBe('senha');
    },
  );

  it("the user's own change to eight spaces is refused; the demo password stays valid", async () => {
    const gabi = (await login(t, 'gabi.consulta')).headers;
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${gabiId}/nova-senha`,
      headers: gabi,
      payload: { id: gabiId, senha: '        ' },
    });
    expect(r.statusCode).toBe(422);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/usuarios',
      headers: admin,
      payload: novo(DEMO_SENHA),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
