/**
 * Hostile input that used to answer 500: deeply nested XML, a `<__proto__>` XML tag, and a malformed
 * URI in the SPA path (`/app/%25`, `/app/assets/%E0%A4%A`). Each is a 400 with a Portuguese message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let admin: Record<string, string>;
// the suite runs before the web build: the SPA paths are served from a stand-in build of one index.html
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'rtg-web-'));
const webDistAntes = process.env.WEB_DIST;
beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Retaguarda</title>');
  process.env.WEB_DIST = webDist;
  t = await createTestApp();
  admin = (await login(t, 'ana.admin')).headers;
});
afterAll(async () => {
  await t.close();
  if (webDistAntes === undefined) delete process.env.WEB_DIST;
  else process.env.WEB_DIST = webDistAntes;
  fs.rmSync(webDist, { recursive: true, force: true });
});

const postXml = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/produto/marcas',
    headers: { ...admin, 'content-type': 'application/xml', accept: 'application/json' },
    payload,
  });

describe('malformed input is a 400, never a 500', () => {
  it('deeply nested XML', async () => {
    const n = 20_000;
    const r = await postXml(`<Marca>${'<a>'.repeat(n)}x${'</a>'.repeat(n)}</Marca>`);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('O corpo da requisição não é um XML válido.');
  });

  it('moderately nested XML (under the parser limit) is refused too', async () => {
    const r = await postXml(`<Marca><descricao>X</descricao>${'<a>'.repeat(60)}x${'</a>'.repeat(60)}</Marca>`);
    expect(r.statusCode).toBe(400);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('an XML tag named %s', async (tag) => {
    const r = await postXml(`<Marca><${tag}><polluted>1</polluted></${tag}><descricao>X</descricao></Marca>`);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('O corpo da requisição não é um XML válido.');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a normal XML body still works', async () => {
    const r = await postXml('<Marca><descricao>Marca XML</descricao></Marca>');
    expect(r.statusCode, r.body).toBe(201);
  });

  it.each(['/app/%25', '/app/%E0%A4%A', '/app/assets/%25', '/app/x%ZZ'])(
    'a malformed URI in the SPA path: %s',
    async (url) => {
      const r = await t.app.inject({ url });
      expect(r.statusCode).toBe(400);
    },
  );

  it('the SPA fallback still answers 200', async () => {
    expect((await t.app.inject({ url: '/app/qualquer/rota' })).statusCode).toBe(200);
  });
});
