import { MSG } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeDeclarations, undeclaredRoutes } from '../../src/plugins/auth';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA, login } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('route declarations', () => {
  it('every /api route declares its access', () => {
    const routes = routeDeclarations(t.app);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.some((r) => r.url === '/api/v1/eumesmo')).toBe(true);
    expect(undeclaredRoutes(t.app).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('status and assinante stay public', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v1/status' })).statusCode).toBe(200);
    expect((await get('/api/v1/assinante')).statusCode).toBe(200);
  });

  it('unknown /api paths keep answering a JSON 404, with or without credentials', async () => {
    const res = await get('/api/v1/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('permissions on the server', () => {
  it('403 names the entity; a non-admin cannot list users or groups even with a token', async () => {
    const { headers } = await login(t, 'gabi.consulta');
    for (const url of [
      '/api/v1/pessoa/usuarios',
      '/api/v1/grupo-usuario',
      '/api/v1/sessoes-ativas',
      '/api/v1/administracao/chaves-integracao',
    ]) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toMatch(/^Você não tem permissão para acessar ou alterar .+\.$/);
    }
    expect((await get('/api/v1/pessoa/usuarios', headers)).json()).toEqual({ message: MSG.semPermissao('usuários') });
  });

  it('the admin flag alone grants no permission: an admin without PERM_NOVO_USUARIOS_E_GRUPOS_ACESSO is refused', async () => {
    await adminQuery(t.ownerUrl, `update usuario set administrador = true where username = 'carlos.fiscal'`);
    try {
      const { headers } = await login(t, 'carlos.fiscal');
      expect((await get('/api/v1/grupo-usuario', headers)).statusCode).toBe(403);
      expect((await get('/api/v1/sessoes-ativas', headers)).statusCode).toBe(200); // admin-only screen, no permission named
    } finally {
      await adminQuery(t.ownerUrl, `update usuario set administrador = false where username = 'carlos.fiscal'`);
    }
  });

  it('a non-admin reads their own registration but not another user', async () => {
    const { headers, body } = await login(t, 'gabi.consulta');
    const own = await get(`/api/v1/pessoa/usuarios/${body.id}`, headers);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: body.id, username: 'gabi.consulta', contatos: [] });
    expect(own.json().senhaHash).toBeUndefined();
    const other = (await adminQuery(t.ownerUrl, `select id from usuario where username = 'ana.admin'`)).rows[0]!.id;
    expect((await get(`/api/v1/pessoa/usuarios/${other}`, headers)).statusCode).toBe(403);
    expect((await get(`/api/v1/usuarios/${body.id}/grupos`, headers)).statusCode).toBe(200);
  });

  it('refuses cross-tenant reads: a Mercadão admin never sees a Bela Vida user', async () => {
    const bela = (await adminQuery(t.ownerUrl, `select id from usuario where username = 'gabi.consulta'`)).rows[0]!.id;
    const { headers } = await login(t, 'marta.admin', 'mercadao.localhost');
    expect((await get(`/api/v1/pessoa/usuarios/${bela}`, headers)).statusCode).toBe(404);
    const list = await get('/api/v1/pessoa/usuarios?count=100', headers);
    expect(
      list
        .json()
        .items.map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual(['marta.admin', 'nelson.fiscal', 'olga.caixa']);
  });
});

describe('forced password change', () => {
  it('a flagged user may only read themselves and change the password until they do', async () => {
    const { headers, body } = await login(t, 'igor.novo');
    const claims = JSON.parse(Buffer.from(body.accessToken.split('.')[1], 'base64url').toString());
    expect(claims.forcePasswordReset).toBe(true);
    expect((await get('/api/v1/eumesmo', headers)).json().forcePasswordReset).toBe(true);
    const blocked = await get(`/api/v1/usuarios/${body.id}/grupos`, headers);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toMatch(/alterar a sua senha/);
    const weak = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${body.id}/nova-senha`,
      headers,
      payload: { id: body.id, senha: 'igor.novo' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().reasons.join(' ')).toMatch(/8 caracteres|conter o nome de usuário/);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${body.id}/nova-senha`,
      headers,
      payload: { id: body.id, senha: 'Nova@Senha2026' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await get(`/api/v1/usuarios/${body.id}/grupos`, headers)).statusCode).toBe(200);
    const refreshed = await get('/api/auth/refresh', { authorization: body.refreshToken });
    const after = JSON.parse(Buffer.from(refreshed.json().accessToken.split('.')[1], 'base64url').toString());
    expect(after.forcePasswordReset).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth',
          payload: { username: 'igor.novo', password: DEMO_SENHA },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth',
          payload: { username: 'igor.novo', password: 'Nova@Senha2026' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('password change ends the other sessions', () => {
  it('keeps the session that changed it, ends the others', async () => {
    const a = await login(t, 'elisa.compras');
    const b = await login(t, 'elisa.compras');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${a.body.id}/nova-senha`,
      headers: a.headers,
      payload: { id: a.body.id, senha: 'Outra#Senha77' },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/v1/eumesmo', a.headers)).statusCode).toBe(200);
    expect((await get('/api/v1/eumesmo', b.headers)).statusCode).toBe(401);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${a.body.id}/nova-senha`,
      headers: a.headers,
      payload: { id: a.body.id, senha: DEMO_SENHA },
    });
  });

  it('an admin setting a user password ends all their sessions and flags a forced change', async () => {
    const admin = await login(t, 'ana.admin');
    const u = await login(t, 'beatriz.fin');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${u.body.id}/nova-senha`,
      headers: admin.headers,
      payload: { id: u.body.id, senha: 'Temporaria#01' },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/v1/eumesmo', u.headers)).statusCode).toBe(401);
    const again = await login(t, 'beatriz.fin', 'localhost', 'Temporaria#01');
    expect((await get('/api/v1/eumesmo', again.headers)).json().forcePasswordReset).toBe(true);
    await adminQuery(t.ownerUrl, `update usuario set force_password_reset = false where id = $1`, [u.body.id]);
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${u.body.id}/nova-senha`,
      headers: again.headers,
      payload: { id: u.body.id, senha: DEMO_SENHA },
    });
    expect(back.statusCode).toBe(200);
  });

  it('a non-admin cannot change someone else’s password', async () => {
    const { headers } = await login(t, 'gabi.consulta');
    const other = (await adminQuery(t.ownerUrl, `select id from usuario where username = 'ana.admin'`)).rows[0]!.id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${other}/nova-senha`,
      headers,
      payload: { id: other, senha: 'Invasao#2026' },
    });
    expect(res.statusCode).toBe(403);
  });
});
