/**
 * One session across the tabs of a browser: sign-in sets the refresh token as an HttpOnly, SameSite=Strict
 * cookie scoped to /api/auth (the JSON keeps every token for integrations); a new tab refreshes with the
 * cookie alone, but only with the custom header and a same-origin signal (CSRF); logout clears it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cookiesDe = (h: string | string[] | undefined) => (Array.isArray(h) ? h : h ? [h] : []);

async function entrar() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { username: 'carlos.fiscal', password: DEMO_SENHA },
  });
  expect(res.statusCode).toBe(200);
  const cookie = cookiesDe(res.headers['set-cookie']).find((c) => c.startsWith('rtg_refresh='));
  return { body: res.json(), cookie: cookie ?? '' };
}

const renovar = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers });

describe('refresh cookie', () => {
  it('sign-in sets the HttpOnly SameSite=Strict cookie on /api/auth and keeps the JSON tokens', async () => {
    const { body, cookie } = await entrar();
    expect(body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.stringMatching(/^rtgr_/) });
    expect(cookie).toContain(`rtg_refresh=${body.refreshToken}`);
    expect(cookie).toMatch(/; Path=\/api\/auth/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
  });

  it('a new tab refreshes with the cookie alone, only with the custom header and from this site', async () => {
    const { body } = await entrar();
    const cookie = `rtg_refresh=${body.refreshToken}`;
    expect((await renovar({ cookie })).statusCode).toBe(400);
    expect((await renovar({ cookie, 'x-retaguarda-renovacao': '1', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(
      400,
    );
    const ok = await renovar({ cookie, 'x-retaguarda-renovacao': '1', 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ accessToken: expect.any(String), sessionToken: expect.any(String) });
    // the bearer refresh of integrations is unchanged
    expect((await renovar({ authorization: body.refreshToken })).statusCode).toBe(200);
  });

  it('logout clears the cookie and ends the session the other tabs share', async () => {
    const { body } = await entrar();
    const cookie = `rtg_refresh=${body.refreshToken}`;
    const sair = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${body.accessToken}`, cookie },
    });
    expect(sair.statusCode).toBe(200);
    expect(cookiesDe(sair.headers['set-cookie'])).toContainEqual(expect.stringMatching(/^rtg_refresh=;.*Max-Age=0/));
    const depois = await renovar({ cookie, 'x-retaguarda-renovacao': '1', 'sec-fetch-site': 'same-origin' });
    expect(depois.statusCode).toBe(401);
  });
});
