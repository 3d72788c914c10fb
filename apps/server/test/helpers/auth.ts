/** Signs a demo user in through POST /api/auth (password Demo@1234) and returns ready-made headers. */
import type { TestApp } from './app';

export const DEMO_SENHA = 'Demo@1234';

export interface LoginResult {
  token: string;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: the raw response body, for assertions
  body: any;
}

export async function login(
  t: TestApp,
  username: string,
  host = 'localhost',
  password = DEMO_SENHA,
): Promise<LoginResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host },
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login de ${username} falhou: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: body.accessToken, headers: { host, authorization: `Bearer ${body.accessToken}` }, body };
}
