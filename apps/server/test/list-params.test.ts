import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { login } from './helpers/auth';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await login(t, 'ana.admin'));
});
afterAll(() => t.close());

describe('list parameters', () => {
  it.each(['/api/v1/produto/marcas', '/api/v1/grupo-usuario', '/api/v1/pessoa/usuarios'])(
    '%s refuses an unknown parameter with 400 naming it, and nothing else changes',
    async (url) => {
      const bad = await t.app.inject({ url: `${url}?start=0&cuont=5`, headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.stringify(bad.json().reasons)).toContain('cuont');
      const ok = await t.app.inject({ url: `${url}?start=0&count=5&_=1700000000000`, headers });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().items.length).toBeLessThanOrEqual(5);
    },
  );

  it('the export accepts its format and refuses strangers', async () => {
    const ok = await t.app.inject({ url: '/api/v1/produto/marcas/export?format=csv&sort=id', headers });
    expect(ok.statusCode).toBe(200);
    const bad = await t.app.inject({ url: '/api/v1/produto/marcas/export?format=csv&formato=xlsx', headers });
    expect(bad.statusCode).toBe(400);
  });
});
