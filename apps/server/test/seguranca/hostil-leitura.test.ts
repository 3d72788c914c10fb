/**
 * Hostile query strings and path parameters on every GET route the server registers (lists, reads,
 * exports, reports): never a 5xx, always the error shape. HOSTIL_LEITURAS sets the number of cases.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { routeDeclarations } from '../../src/plugins/auth';
import type { TestApp } from '../helpers/app';
import { login } from '../helpers/auth';
import { headersArb, paramArb, queryArb } from './hostil-arbitrarios';
import { createRegistersApp } from '../registers/support';

const TOTAL = Number(process.env.HOSTIL_LEITURAS ?? 10_000);
/** Features this test server does not configure answer 501/503 by design (SSO, self-update). */
// services a deployment may leave off (SSO, self-update, the CEP lookup) answer 501/503, never a crash
const NAO_CONFIGURADO = /\/auth\/sso|self-update|\/cep\//;
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createRegistersApp();
  admin = (await login(t, 'ana.admin')).headers;
});
afterAll(() => t.close());

/** NUL and other bytes a query parameter may carry into SQL text. */
const NULOS = [
  '?q=descricao%3D%3Da%00',
  '?q=descricao%3D%3Da%2F..%2F..%2Fetc%2Fpasswd%00',
  '?q=nome%3D%3Dx%2F..%2Fetc%2Fpasswd%00',
  '?q=%00',
  '?sort=%00',
  '?start=1%00',
  '?x=%00%00',
  '?q=id%3D%3D1%2F..%2Fetc%2Fpasswd%00',
];

it(`every GET route: hostile query strings never get a 5xx (${TOTAL} cases)`, async () => {
  const routes = routeDeclarations(t.app).filter((r) => r.method === 'GET' && !r.url.includes('sw.js'));
  const runs = Math.ceil(TOTAL / routes.length);
  let total = 0;
  for (const route of routes) {
    // GET /api/auth/logout ends the session it is given: sign in again when that happened
    if ((await t.app.inject({ url: '/api/v1/eumesmo', headers: admin })).statusCode === 401)
      admin = (await login(t, 'ana.admin')).headers;
    // every NUL payload on every route first, then random ones
    for (const q of NULOS) {
      const url = route.url.replace(/:(\w+)/g, '1').replace('*', 'x');
      const res = await t.app.inject({ url: `${url}${q}`, headers: admin });
      total++;
      expect(res.statusCode, `GET ${url}${q} → ${res.body.slice(0, 200)}`).toBeLessThan(
        NAO_CONFIGURADO.test(route.url) ? 504 : 500,
      );
    }
    const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(queryArb, fc.constantFrom(...NULOS)),
        headersArb,
        fc.tuple(...params.map(() => paramArb('1'))),
        async (query, headers, values) => {
          let i = 0;
          const url = route.url.replace(/:(\w+)/g, () => encodeURIComponent(values[i++]!)).replace('*', 'x');
          const res = await t.app.inject({ url: `${url}${query}`, headers: { ...headers, ...admin } });
          total++;
          const ok = res.statusCode < 500 || (NAO_CONFIGURADO.test(route.url) && [501, 503].includes(res.statusCode));
          expect(ok, `GET ${url}${query} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(true);
          if (res.statusCode >= 400 && /json/.test(String(res.headers['content-type'])))
            expect(typeof res.json().message).toBe('string');
        },
      ),
      { numRuns: runs, endOnFailure: true },
    );
  }
  console.log(`[hostil] ${total} leituras em ${routes.length} rotas GET`);
}, 600_000);
