/**
 * Single sign-on for real: a local OpenID provider (oidc-provider) on 127.0.0.1, the whole
 * authorization-code + PKCE flow as a browser would follow it, renewal and revocation.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityFor } from '../../src/plugins/auth/identity';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';

const ROLE = 'RETAGUARDA';
const roles: Record<string, string[]> = {
  'ana.admin': [ROLE],
  'fabio.gerente': [ROLE],
  'gabi.consulta': [],
  'ninguem.aqui': [ROLE],
};
let nextLogin = 'ana.admin';
let server: http.Server;
let issuer: string;
let t: TestApp;
const ENV = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLE', 'OIDC_REDIRECT_URI'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  // oidc-provider ships no types; a variable specifier keeps tsc from looking for them
  const specifier = 'oidc-provider';
  // biome-ignore lint/suspicious/noExplicitAny: untyped package
  const { default: Provider } = (await import(specifier)) as any;
  server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'retaguarda',
        client_secret: 'segredo-do-cliente',
        redirect_uris: ['http://localhost/app/'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'offline_access'],
    claims: { openid: ['sub'], profile: ['preferred_username', 'roles'] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, preferred_username: sub, roles: roles[sub] ?? [] }),
    }),
    issueRefreshToken: async () => true,
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['chave-de-cookie-de-teste'] },
  });
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    // the "user" signs in as nextLogin and consents to everything asked
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login')
      return provider.interactionFinished(req, res, { login: { accountId: nextLogin } });
    const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope);
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  });
  Object.assign(process.env, {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'retaguarda',
    OIDC_CLIENT_SECRET: 'segredo-do-cliente',
    OIDC_ROLE: ROLE,
    OIDC_REDIRECT_URI: 'http://localhost/app/',
  });
  t = await createTestApp();
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

/** Follows the provider's redirects like a browser (with its cookies) until it lands back on /app/#… */
async function browse(url: string): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  let next = url;
  for (let i = 0; i < 20; i++) {
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`o provedor parou em ${res.status}: ${await res.text()}`);
    const target = new URL(location, next);
    if (target.href.startsWith('http://localhost/app/')) return new URLSearchParams(target.hash.slice(1));
    next = target.href;
  }
  throw new Error('redirecionamentos demais');
}

async function ssoLogin(username: string) {
  nextLogin = username;
  const start = await t.app.inject({ url: '/api/auth/sso' });
  expect(start.statusCode).toBe(200);
  const { url, transacao } = start.json();
  expect(url).toContain('code_challenge_method=S256');
  expect(url).toContain('response_mode=fragment');
  const params = await browse(url);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sso',
    payload: { code: params.get('code'), state: params.get('state'), iss: params.get('iss') ?? undefined, transacao },
  });
}

describe('SSO (OIDC) against a local provider', () => {
  it('signs in through the provider and opens a session like a password login', async () => {
    const res = await ssoLogin('ana.admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'ana.admin' });
    const me = await t.app.inject({ url: '/api/v1/eumesmo', headers: { authorization: res.json().accessToken } });
    expect(me.json()).toMatchObject({ username: 'ana.admin', administrador: true });
    const { rows } = await adminQuery(
      t.ownerUrl,
      `select tipo, sso_refresh_token is not null as tem from sessao where id = $1`,
      [JSON.parse(Buffer.from(res.json().accessToken.split('.')[1], 'base64url').toString()).sid],
    );
    expect(rows[0]).toEqual({ tipo: 'SSO', tem: true });
  });

  it('refuses a code with a forged transaction, an unknown user and a user without the role', async () => {
    const start = (await t.app.inject({ url: '/api/auth/sso' })).json();
    const params = await browse(start.url);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso',
      payload: { code: params.get('code'), state: params.get('state'), transacao: `${start.transacao}x` },
    });
    expect(forged.statusCode).toBe(400);
    expect((await ssoLogin('ninguem.aqui')).statusCode).toBe(403);
    const noRole = await ssoLogin('gabi.consulta');
    expect(noRole.statusCode).toBe(403);
    expect(noRole.json().message).toBe('Acesso revogado no MAGB.');
  });

  it('renews while the role holds; once it is revoked the session ends with the MAGB message', async () => {
    const login = (await ssoLogin('fabio.gerente')).json();
    const headers = { authorization: `Bearer ${login.accessToken}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sso/renovar', headers })).statusCode).toBe(200);
    roles['fabio.gerente'] = [];
    const revoked = await t.app.inject({ method: 'POST', url: '/api/auth/sso/renovar', headers });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: 'Acesso revogado no MAGB.' });
    expect((await t.app.inject({ url: '/api/v1/eumesmo', headers })).statusCode).toBe(401);
    roles['fabio.gerente'] = [ROLE];
  });

  it('a grant revoked at the provider ends the session at the next renewal', async () => {
    const login = (await ssoLogin('ana.admin')).json();
    const sid = JSON.parse(Buffer.from(login.accessToken.split('.')[1], 'base64url').toString()).sid;
    const { rows } = await adminQuery(t.ownerUrl, `select sso_refresh_token from sessao where id = $1`, [sid]);
    expect(rows[0]!.sso_refresh_token).toMatch(/^v1\./); // sealed at rest
    const { signer } = await identityFor(t.db);
    const revoke = await fetch(`${issuer}/token/revocation`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('retaguarda:segredo-do-cliente').toString('base64')}`,
      },
      body: new URLSearchParams({
        token: signer.unseal(rows[0]!.sso_refresh_token)!,
        token_type_hint: 'refresh_token',
      }),
    });
    expect(revoke.status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/renovar',
      headers: { authorization: login.accessToken },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Acesso revogado no MAGB.');
  });

  it('a token refresh past 15 min re-validates with the provider', async () => {
    const login = (await ssoLogin('fabio.gerente')).json();
    const sid = JSON.parse(Buffer.from(login.accessToken.split('.')[1], 'base64url').toString()).sid;
    await adminQuery(t.ownerUrl, `update sessao set sso_renovado_em = now() - interval '16 minutes' where id = $1`, [
      sid,
    ]);
    expect(
      (await t.app.inject({ url: '/api/auth/refresh', headers: { authorization: login.refreshToken } })).statusCode,
    ).toBe(200);
    roles['fabio.gerente'] = [];
    await adminQuery(t.ownerUrl, `update sessao set sso_renovado_em = now() - interval '16 minutes' where id = $1`, [
      sid,
    ]);
    const res = await t.app.inject({ url: '/api/auth/refresh', headers: { authorization: login.refreshToken } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Acesso revogado no MAGB.');
    const { rows } = await adminQuery(t.ownerUrl, `select motivo_encerramento from sessao where id = $1`, [sid]);
    expect(rows[0]!.motivo_encerramento).toBe('SSO_REVOGADO');
  });
});
