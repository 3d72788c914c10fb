/**
 * A NUL byte inside JSON text reaches PostgreSQL, which cannot store it: the caller's mistake, answered
 * 400 in the error shape and nothing saved — on a bespoke route and on a command alike (found by the
 * hostile-input property test: `{"nome":"\u0000"}` on POST /api/v1/grupo-usuario was a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = (await login(t, 'ana.admin')).headers;
});
afterAll(() => t?.close());

describe('texto com caractere nulo', () => {
  it('grupo de usuários: 400 com a razão, nada gravado', async () => {
    const antes = (await adminQuery(t.ownerUrl, 'select count(*)::int as n from grupo')).rows[0];
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/grupo-usuario',
      headers: h,
      payload: { nome: 'a\u0000b' },
    });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({
      message: 'Requisição inválida.',
      reasons: [expect.stringMatching(/caractere inválido/)],
    });
    expect((await adminQuery(t.ownerUrl, 'select count(*)::int as n from grupo')).rows[0]).toEqual(antes);
  });
});
