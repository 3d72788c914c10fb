import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA, login } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const signIn = (username: string, password: string, ip: string, host = 'localhost') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host, 'x-forwarded-for': ip },
    payload: { username, password },
  });

describe('login throttling', () => {
  it('answers 429 with Retry-After after 5 failures for one username, even with the right password', async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn('nelson.fiscal', `errada${i}!`, `10.1.0.${i}`, 'mercadao.localhost')).statusCode).toBe(401);
    const res = await signIn('nelson.fiscal', DEMO_SENHA, '10.1.0.99', 'mercadao.localhost');
    expect(res.statusCode).toBe(429);
    // the lock is a delay from 1 minute, doubling with each further failure (auth-throttle.test.ts)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.json().message).toMatch(/Muitas tentativas/);
    // the same username at another tenant is another account
    expect((await signIn('ana.admin', DEMO_SENHA, '10.1.0.98')).statusCode).toBe(200);
  });

  // the per-address limit (100 by default, far above the per-user one): auth-throttle.test.ts

  it('a success clears the username counter', async () => {
    for (let i = 0; i < 4; i++) await signIn('elisa.compras', 'errada!!', `10.3.0.${i}`);
    expect((await signIn('elisa.compras', DEMO_SENHA, '10.3.0.50')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await signIn('elisa.compras', 'errada!!', `10.3.1.${i}`);
    expect((await signIn('elisa.compras', DEMO_SENHA, '10.3.1.50')).statusCode).toBe(200);
  });
});

describe('legacy cookie session', () => {
  const form = (u: string, p: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/j_spring_security_check',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ j_username: u, j_password: p }).toString(),
    });

  it('signs in with the form, sets an HttpOnly SameSite cookie accepted on /api', async () => {
    const res = await form('gabi.consulta', DEMO_SENHA);
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^JSESSIONID=rtgs_[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const jar = cookie.split(';')[0]!;
    const me = await get('/api/v1/eumesmo', { cookie: jar });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('gabi.consulta');
    // a write authenticated only by the cookie must come from this origin
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/v1/avatar',
      headers: { cookie: jar, origin: 'https://evil.example', 'content-type': 'image/png' },
      payload: png,
    });
    expect(cross.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/v1/avatar',
      headers: { cookie: jar, origin: 'http://localhost', host: 'localhost', 'content-type': 'image/png' },
      payload: png,
    });
    expect(same.statusCode).toBe(201);
    const out = await get('/api/auth/logout', { cookie: jar, 'sec-fetch-site': 'same-origin' });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/JSESSIONID=; .*Max-Age=0/);
    expect((await get('/api/v1/eumesmo', { cookie: jar })).statusCode).toBe(401);
  });

  it('counts one failure when the client posts the same wrong password to the form and to /api/auth', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await form('beatriz.fin', `errada${i}!`, { 'x-forwarded-for': '10.4.1.1' })).statusCode).toBe(401);
      expect((await signIn('beatriz.fin', `errada${i}!`, '10.4.1.1')).statusCode).toBe(401);
    }
    expect((await signIn('beatriz.fin', DEMO_SENHA, '10.4.1.1')).statusCode).toBe(200);
  });

  it('refuses bad credentials and a forged cookie', async () => {
    const res = await form('gabi.consulta', 'errada!!', { 'x-forwarded-for': '10.4.0.1' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await get('/api/v1/eumesmo', { cookie: 'JSESSIONID=rtgs_forjado' })).statusCode).toBe(401);
  });
});

describe('integration keys', () => {
  it('admin issues a key shown once; x-api-key (any casing), Bearer and bare all work; revocation is immediate', async () => {
    const admin = await login(t, 'ana.admin');
    const bv02 = (await adminQuery(t.ownerUrl, `select id from loja where sigla = 'BV02'`)).rows[0]!.id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/administracao/chaves-integracao',
      headers: admin.headers,
      payload: { nome: 'ERP da matriz', permissoes: ['PERM_GENERO_ACESSO'], lojas: [bv02] },
    });
    expect(created.statusCode).toBe(201);
    const { chave, id } = created.json();
    expect(chave).toMatch(/^rtgk_/);
    const list = await get('/api/v1/administracao/chaves-integracao', admin.headers);
    expect(JSON.stringify(list.json())).not.toContain(chave);
    expect(list.json().items[0]).toMatchObject({
      nome: 'ERP da matriz',
      ativa: true,
      permissoes: ['PERM_GENERO_ACESSO'],
    });

    const forms: Record<string, string>[] = [
      { 'x-api-key': chave },
      { 'X-API-Key': chave },
      { authorization: `Bearer ${chave}` },
      { authorization: chave },
    ];
    for (const headers of forms) {
      const me = await get('/api/v1/eumesmo', headers);
      expect(me.statusCode, JSON.stringify(Object.keys(headers))).toBe(200);
      expect(me.json()).toMatchObject({ id: null, administrador: false, permissoes: ['PERM_GENERO_ACESSO'] });
      expect(me.json().lojasUsuario.map((l: { sigla: string }) => l.sigla)).toEqual(['BV02']);
    }
    expect((await get('/api/v1/pessoa/usuarios', { 'x-api-key': chave })).statusCode).toBe(403);
    const audits = await adminQuery(
      t.ownerUrl,
      `select count(*)::int as n from auditoria where entidade = 'chaveIntegracao' and operacao = 'ACESSO' and entidade_id = $1`,
      [String(id)],
    );
    expect(audits.rows[0]!.n).toBeGreaterThanOrEqual(5);
    expect((await get(`/api/v1/administracao/chaves-integracao/${id}`, admin.headers)).json().ultimoUso).toBeTruthy();
    // a key of one tenant is unknown at another
    expect((await get('/api/v1/eumesmo', { 'x-api-key': chave, host: 'mercadao.localhost' })).statusCode).toBe(401);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/administracao/chaves-integracao/${id}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('/api/v1/eumesmo', { 'x-api-key': chave })).statusCode).toBe(401);
  });

  it('refuses unknown permissions and non-admin issuers', async () => {
    const admin = await login(t, 'ana.admin');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/administracao/chaves-integracao',
      headers: admin.headers,
      payload: { nome: 'X', permissoes: ['PERM_NADA'] },
    });
    expect(bad.statusCode).toBe(422);
    const gabi = await login(t, 'gabi.consulta');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/administracao/chaves-integracao',
      headers: gabi.headers,
      payload: { nome: 'X', permissoes: [] },
    });
    expect(denied.statusCode).toBe(403);
    expect((await get('/api/v1/eumesmo', { 'x-api-key': 'rtgk_inventada' })).statusCode).toBe(401);
  });
});

describe('active sessions, admin sign-in and the concurrent-session limit', () => {
  it('lists active sessions for administrators and lets them end one', async () => {
    const admin = await login(t, 'marta.admin', 'mercadao.localhost');
    const olga = await login(t, 'olga.caixa', 'mercadao.localhost');
    const res = await get('/api/v1/sessoes-ativas', admin.headers);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; username: string; atual: boolean }[];
    expect(items.find((s) => s.atual)?.username).toBe('marta.admin');
    const target = items.find((s) => s.username === 'olga.caixa')!;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/sessoes-ativas/${target.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    expect((await get('/api/v1/eumesmo', olga.headers)).statusCode).toBe(401);
    expect(
      (await get('/api/v1/sessoes-ativas', (await login(t, 'olga.caixa', 'mercadao.localhost')).headers)).statusCode,
    ).toBe(403);
  });

  it('with a tenant limit, POST /api/auth answers 409 with the sessions; /api/auth/admin ends one and signs in', async () => {
    const host = 'mercadao.localhost';
    await adminQuery(
      t.ownerUrl,
      `update sessao set encerrada_em = now(), motivo_encerramento = 'LOGOUT' where encerrada_em is null`,
    );
    const marta = await login(t, 'marta.admin', host);
    const olgaFirst = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { host, 'x-forwarded-for': '10.5.0.1' },
      payload: { username: 'olga.caixa', password: DEMO_SENHA },
    });
    expect(olgaFirst.statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/administracao/configuracao-sessao',
      headers: marta.headers,
      payload: { limiteSessoes: 2, inatividadeMinutos: 720 },
    });
    expect(put.statusCode).toBe(200);
    try {
      // olga is not an admin: she sees only her own session and cannot end marta's
      const full = await t.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: { host },
        payload: { username: 'olga.caixa', password: DEMO_SENHA },
      });
      expect(full.statusCode).toBe(409);
      expect(full.json().sessoes.map((s: { username: string }) => s.username)).toEqual(['olga.caixa']);
      const martaSession = JSON.parse(Buffer.from(marta.token.split('.')[1]!, 'base64url').toString()).sid;
      const forbidden = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin',
        headers: { host },
        payload: { username: 'olga.caixa', password: DEMO_SENHA, sessionTokenToInvalidate: martaSession },
      });
      expect(forbidden.statusCode).toBe(403);
      // her own old session (named by its session token) may be ended
      const own = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin',
        headers: { host },
        payload: {
          username: 'olga.caixa',
          password: DEMO_SENHA,
          sessionTokenToInvalidate: olgaFirst.json().sessionToken,
        },
      });
      expect(own.statusCode).toBe(200);
      expect((await get('/api/v1/eumesmo', { host, authorization: olgaFirst.json().accessToken })).statusCode).toBe(
        401,
      );
      // an administrator sees every session and may end any
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: { host },
        payload: { username: 'marta.admin', password: DEMO_SENHA },
      });
      expect(again.statusCode).toBe(409);
      const olgaSession = again.json().sessoes.find((s: { username: string }) => s.username === 'olga.caixa').id;
      const admin = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin',
        headers: { host },
        payload: { username: 'marta.admin', password: DEMO_SENHA, sessionTokenToInvalidate: olgaSession },
      });
      expect(admin.statusCode).toBe(200);
      expect((await get('/api/v1/eumesmo', { host, authorization: own.json().accessToken })).statusCode).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/admin',
            headers: { host },
            payload: { username: 'marta.admin', password: 'errada!!', sessionTokenToInvalidate: olgaSession },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await adminQuery(t.ownerUrl, `delete from configuracao_sessao`);
    }
  });
  it('with a tenant limit, one user holding every slot does not lock the others out: her extra sessions give way', async () => {
    const host = 'mercadao.localhost';
    const entrar = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: { host },
        payload: { username, password: DEMO_SENHA },
      });
    const marta = await login(t, 'marta.admin', host);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/administracao/configuracao-sessao',
      headers: marta.headers,
      payload: { limiteSessoes: 3, inatividadeMinutos: 720 },
    });
    expect(put.statusCode).toBe(200);
    await adminQuery(
      t.ownerUrl,
      `update sessao set encerrada_em = now(), motivo_encerramento = 'LOGOUT' where encerrada_em is null`,
    );
    await adminQuery(t.ownerUrl, 'delete from login_falha'); // nelson was locked by the throttling test above
    const inicio = new Date();
    try {
      const olga: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await entrar('olga.caixa');
        expect(r.statusCode).toBe(200);
        olga.push(r.json().accessToken);
      }
      // every slot is olga's: nelson gets in, in place of olga's least recently used session
      const nelson = await entrar('nelson.fiscal');
      expect(nelson.statusCode).toBe(200);
      expect((await get('/api/v1/eumesmo', { host, authorization: olga[0]! })).statusCode).toBe(401);
      expect((await get('/api/v1/eumesmo', { host, authorization: olga[2]! })).statusCode).toBe(200);
      expect((await entrar('marta.admin')).statusCode).toBe(200);
      expect((await get('/api/v1/eumesmo', { host, authorization: olga[1]! })).statusCode).toBe(401);
      // one session each now: the limit holds, and olga may only replace her own
      const cheio = await entrar('olga.caixa');
      expect(cheio.statusCode).toBe(409);
      expect(cheio.json().sessoes.map((s: { username: string }) => s.username)).toEqual(['olga.caixa']);
      const cedidas = await adminQuery(
        t.ownerUrl,
        `select count(*)::int as n from sessao s join usuario u on u.id = s.usuario_id
          where u.username = 'olga.caixa' and s.motivo_encerramento = 'ENCERRADA_POR_LOGIN' and s.encerrada_em > $1`,
        [inicio],
      );
      expect(cedidas.rows[0]!.n).toBe(2);
    } finally {
      await adminQuery(t.ownerUrl, `delete from configuracao_sessao`);
    }
  });
});
