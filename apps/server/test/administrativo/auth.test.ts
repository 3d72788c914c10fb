import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA, login } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/auth', () => {
  it('signs in and answers the tokens integrations read', async () => {
    const res = await post('/api/auth', { username: 'ana.admin', password: DEMO_SENHA });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'id', 'refreshToken', 'sessionToken', 'username']);
    expect(body.username).toBe('ana.admin');
    const payload = JSON.parse(Buffer.from(body.accessToken.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ forcePasswordReset: false, username: 'ana.admin', sub: String(body.id) });
    expect(payload.exp - payload.iat).toBe(900);
  });

  it('is case-insensitive on the username', async () => {
    expect((await post('/api/auth', { username: 'ANA.ADMIN', password: DEMO_SENHA })).statusCode).toBe(200);
  });

  it('refuses wrong credentials with the spec message', async () => {
    for (const payload of [
      { username: 'carlos.fiscal', password: 'errada123' },
      { username: 'ninguem', password: DEMO_SENHA },
    ]) {
      const res = await post('/api/auth', payload, { 'x-forwarded-for': '10.9.9.1' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Credenciais de usuário inválidas.' });
    }
  });

  it('refuses an inactive user with its own message', async () => {
    const res = await post('/api/auth', { username: 'henrique.inativo', password: DEMO_SENHA });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Usuário inativo/);
  });

  it('validates the body with 422', async () => {
    const res = await post('/api/auth', { username: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().reasons.length).toBeGreaterThan(0);
  });

  it('answers XML to the vendor SDK', async () => {
    const res = await post('/api/auth', { username: 'ana.admin', password: DEMO_SENHA }, { accept: 'application/xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.body).toMatch(/<ResultToken><accessToken>[^<]+<\/accessToken><refreshToken>rtgr_/);
  });

  it('accepts the SDK login: JSON body labelled application/xml, or plain XML fields', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/xml', accept: 'application/xml' },
      payload: JSON.stringify({ username: 'ana.admin', password: DEMO_SENHA }),
    });
    expect(json.statusCode).toBe(200);
    expect(json.body).toContain('<ResultToken>');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/xml' },
      payload: `<ParamLogin><username>ana.admin</username><password>${DEMO_SENHA}</password></ParamLogin>`,
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.json().accessToken).toBeTruthy();
  });

  it('resolves users per tenant: a Bela Vida user does not exist at Mercadão', async () => {
    const res = await post(
      '/api/auth',
      { username: 'ana.admin', password: DEMO_SENHA },
      { host: 'mercadao.localhost' },
    );
    expect(res.statusCode).toBe(401);
    expect(
      (await post('/api/auth', { username: 'marta.admin', password: DEMO_SENHA }, { host: 'mercadao.localhost' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('single sign-on without configuration', () => {
  it('says clearly that SSO is not configured', async () => {
    const res = await get('/api/auth/sso');
    expect(res.statusCode).toBe(501);
    expect(res.json().message).toMatch(/não está configurado/);
  });
});

describe('credential forms', () => {
  it('accepts Bearer and the bare token; refuses none, garbage and a forged token', async () => {
    const { token } = await login(t, 'gabi.consulta');
    expect((await get('/api/v1/eumesmo', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await get('/api/v1/eumesmo', { authorization: token })).statusCode).toBe(200);
    expect((await get('/api/v1/eumesmo', { authorization: `bearer ${token}` })).statusCode).toBe(200);
    const none = await get('/api/v1/eumesmo');
    expect(none.statusCode).toBe(401);
    expect(typeof none.json().message).toBe('string');
    expect((await get('/api/v1/eumesmo', { authorization: 'lixo' })).statusCode).toBe(401);
    const [h, p] = token.split('.');
    expect((await get('/api/v1/eumesmo', { authorization: `${h}.${p}.assinaturaFalsa` })).statusCode).toBe(401);
  });

  it('refuses a token of one tenant on another tenant host', async () => {
    const { token } = await login(t, 'ana.admin');
    expect((await get('/api/v1/eumesmo', { authorization: token, host: 'mercadao.localhost' })).statusCode).toBe(401);
  });

  it('refuses the refresh token as an access credential', async () => {
    const { body } = await login(t, 'gabi.consulta');
    expect((await get('/api/v1/eumesmo', { authorization: body.refreshToken })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/eumesmo', () => {
  it('returns the current user with effective permissions and stores', async () => {
    const { headers, body: login1 } = await login(t, 'beatriz.fin');
    const res = await get('/api/v1/eumesmo', headers);
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      id: login1.id,
      nome: 'Beatriz Albuquerque',
      username: 'beatriz.fin',
      administrador: false,
      tipoCliente: 'BOTICARIO',
      forcePasswordReset: false,
    });
    expect(me.permissoes).toContain('PERM_PLANO_PAGAMENTO_ACESSO');
    expect(me.permissoes).not.toContain('PERM_GENERO_ACESSO');
    expect(me.lojasUsuario.map((l: { sigla: string }) => l.sigla)).toEqual(['BV01', 'BV02']);
    expect(me.lojasUsuario[0]).toMatchObject({
      sigla: 'BV01',
      principal: true,
      ativo: true,
      uf: 'PR',
      numeroDoDocumento: '41553872000164',
      fantasia: 'Shopping Curitiba',
    });
    expect(me.senhaHash).toBeUndefined();
  });
});

describe('refresh and logout', () => {
  it('refreshes with the refresh token (bare or Bearer) and with the access token, on both paths', async () => {
    const { body } = await login(t, 'elisa.compras');
    for (const url of ['/api/auth/refresh', '/api/refresh']) {
      for (const authorization of [body.refreshToken, `Bearer ${body.refreshToken}`, body.accessToken]) {
        const res = await get(url, { authorization });
        expect(res.statusCode, `${url} ${authorization.slice(0, 10)}`).toBe(200);
        expect(res.json()).toMatchObject({
          refreshToken: body.refreshToken,
          sessionToken: body.sessionToken,
          username: 'elisa.compras',
          id: body.id,
        });
        expect((await get('/api/v1/eumesmo', { authorization: res.json().accessToken })).statusCode).toBe(200);
      }
    }
  });

  it('refreshes with an access token shortly after it expired, while its session lives', async () => {
    const { body } = await login(t, 'elisa.compras');
    const { signer } = await (await import('../../src/plugins/auth/identity')).identityFor(t.db);
    const [, p] = body.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const expired = await signer.accessToken({ ...claims, sub: claims.sub }, -60);
    expect((await get('/api/v1/eumesmo', { authorization: expired })).statusCode).toBe(401);
    expect((await get('/api/auth/refresh', { authorization: expired })).statusCode).toBe(200);
  });

  it('answers 400 without a token and 401 with an unknown one', async () => {
    expect((await get('/api/auth/refresh')).statusCode).toBe(400);
    expect((await get('/api/auth/refresh', { authorization: 'rtgr_naoexiste' })).statusCode).toBe(401);
  });

  it('logout ends the session: the old access and refresh tokens are refused right after', async () => {
    const { body, headers } = await login(t, 'diego.estoque');
    const out = await get('/api/auth/logout', headers);
    expect(out.statusCode).toBe(200);
    expect((await get('/api/v1/eumesmo', headers)).statusCode).toBe(401);
    expect((await get('/api/auth/refresh', { authorization: body.refreshToken })).statusCode).toBe(401);
    expect((await get('/api/auth/refresh', { authorization: body.accessToken })).statusCode).toBe(401);
    expect((await get('/api/auth/logout', headers)).statusCode).toBe(401);
  });

  it('GET /auth/logout (no /api prefix) with the raw header ends the session too', async () => {
    const { token } = await login(t, 'diego.estoque');
    const out = await get('/auth/logout', { authorization: token });
    expect(out.statusCode).toBe(200);
    expect(out.headers['content-type']).toMatch(/json/);
    expect((await get('/api/v1/eumesmo', { authorization: token })).statusCode).toBe(401);
  });
});

describe('sessions end by themselves', () => {
  it('ends a session idle beyond the tenant setting', async () => {
    const { headers, body } = await login(t, 'fabio.gerente');
    await adminQuery(
      t.ownerUrl,
      `update sessao set ultima_atividade = now() - interval '13 hours' where usuario_id = $1`,
      [body.id],
    );
    const res = await get('/api/v1/eumesmo', headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expirou/);
    const { rows } = await adminQuery(t.ownerUrl, `select motivo_encerramento from sessao where usuario_id = $1`, [
      body.id,
    ]);
    expect(rows.map((r) => r.motivo_encerramento)).toContain('INATIVIDADE');
    expect((await get('/api/auth/refresh', { authorization: body.refreshToken })).statusCode).toBe(401);
  });

  it('honours a shorter inactivity limit set by the tenant', async () => {
    const { headers, body } = await login(t, 'fabio.gerente');
    const bela = (await adminQuery(t.ownerUrl, `select id from assinante where nome = 'Bela Vida'`)).rows[0]!.id;
    await adminQuery(
      t.ownerUrl,
      `insert into configuracao_sessao (assinante_id, inatividade_minutos) values ($1, 30)`,
      [bela],
    );
    try {
      await adminQuery(
        t.ownerUrl,
        `update sessao set ultima_atividade = now() - interval '31 minutes' where usuario_id = $1 and encerrada_em is null`,
        [body.id],
      );
      expect((await get('/api/v1/eumesmo', headers)).statusCode).toBe(401);
    } finally {
      await adminQuery(t.ownerUrl, `delete from configuracao_sessao where assinante_id = $1`, [bela]);
    }
  });

  it('ends a session past its absolute lifetime', async () => {
    const { headers, body } = await login(t, 'fabio.gerente');
    await adminQuery(
      t.ownerUrl,
      `update sessao set expira_em = now() - interval '1 second' where usuario_id = $1 and encerrada_em is null`,
      [body.id],
    );
    expect((await get('/api/v1/eumesmo', headers)).statusCode).toBe(401);
    expect((await get('/api/auth/refresh', { authorization: body.accessToken })).statusCode).toBe(401);
  });

  it('ends the sessions of a user deactivated behind the app', async () => {
    const { headers, body } = await login(t, 'carlos.fiscal');
    await adminQuery(t.ownerUrl, `update usuario set ativo = false where id = $1`, [body.id]);
    try {
      expect((await get('/api/v1/eumesmo', headers)).statusCode).toBe(401);
      expect((await get('/api/auth/refresh', { authorization: body.refreshToken })).statusCode).toBe(401);
    } finally {
      await adminQuery(t.ownerUrl, `update usuario set ativo = true where id = $1`, [body.id]);
    }
  });
});
