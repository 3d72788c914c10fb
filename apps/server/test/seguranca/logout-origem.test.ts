/**
 * GET /auth/logout ends a session. With the bearer header (the SDK's call) it stays a plain GET; with
 * only the legacy cookie, which a browser attaches to cross-site requests (an <img> on another site),
 * it needs a same-origin signal (Sec-Fetch-Site, Origin or Referer of this host), else 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA, login } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function cookieSession(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/j_spring_security_check',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ j_username: 'gabi.consulta', j_password: DEMO_SENHA }).toString(),
  });
  return String(res.headers['set-cookie']).split(';')[0]!;
}
const logout = (headers: Record<string, string>) =>
  t.app.inject({ url: '/api/auth/logout', headers: { host: 'localhost', ...headers } });
const vivo = async (jar: string) =>
  (await t.app.inject({ url: '/api/v1/eumesmo', headers: { host: 'localhost', cookie: jar } })).statusCode;

describe('logout and the legacy cookie', () => {
  it.each([
    ['no origin signal', {}],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Referer', { referer: 'https://evil.example/pagina' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
  ])('a cookie-only logout with %s is refused and the session lives', async (_n, extra) => {
    const jar = await cookieSession();
    const r = await logout({ cookie: jar, ...extra });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Requisição de outra origem recusada.');
    expect(await vivo(jar)).toBe(200);
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['a same-host Referer', { referer: 'http://localhost/vf/inicio' }],
    ['a same-host Origin', { origin: 'http://localhost' }],
  ])('a cookie-only logout with %s ends the session', async (_n, extra) => {
    const jar = await cookieSession();
    const r = await logout({ cookie: jar, ...extra });
    expect(r.statusCode, r.body).toBe(200);
    expect(await vivo(jar)).toBe(401);
  });

  it('the bearer logout (SDK) needs no origin signal', async () => {
    const { token } = await login(t, 'gabi.consulta');
    const r = await logout({ authorization: `Bearer ${token}` });
    expect(r.statusCode).toBe(200);
  });
});
