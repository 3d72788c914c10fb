/**
 * GET /produto/cadastro/pesquisa/simples/porCodigo?produto= (api-compat C4, the old web app's lookup): `{id}`
 * for a signed-in legacy cookie session (the API's other credentials work too), by internal code or barcode
 * left-padded to 14 digits; 401 without a session, 403 without product access, 404 when unknown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA, login } from '../helpers/auth';

let t: TestApp;
let produto: { id: number; codigoInterno: string };
let ean: string;
beforeAll(async () => {
  t = await createTestApp();
  const { token } = await login(t, 'ana.admin');
  const lista = await t.app.inject({
    url: '/api/v1/produto/codigos-auxiliares?count=1&sort=id',
    headers: { host: 'localhost', authorization: token },
  });
  const aux = lista.json().items[0] as { produtoId: number; codigoAuxiliar?: string; id: string | number };
  const p = await t.app.inject({
    url: `/api/v1/produto/produtos/${aux.produtoId}`,
    headers: { host: 'localhost', authorization: token },
  });
  produto = p.json();
  ean = String(aux.codigoAuxiliar ?? aux.id);
});
afterAll(() => t.close());

async function cookieDe(usuario: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/j_spring_security_check',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ j_username: usuario, j_password: DEMO_SENHA }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.headers['set-cookie']).split(';')[0]!;
}
// the client's exact call: a GET with the browser's cookie, the code as typed
const porCodigo = (codigo: string, headers: Record<string, string>) =>
  t.app.inject({
    url: `/produto/cadastro/pesquisa/simples/porCodigo?produto=${encodeURIComponent(codigo)}`,
    headers: { host: 'localhost', ...headers },
  });

describe('the legacy lookup by code', () => {
  it('answers {id} for the internal code, unpadded or padded to 14, and for a barcode', async () => {
    const jar = await cookieDe('ana.admin');
    const interno = produto.codigoInterno.replace(/^0+/, '');
    for (const codigo of [interno, interno.padStart(14, '0'), ean]) {
      const r = await porCodigo(codigo, { cookie: jar });
      expect(r.statusCode, `${codigo}: ${r.body}`).toBe(200);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(r.json()).toEqual({ id: produto.id });
    }
  });

  it('404 in the error shape for an unknown or malformed code', async () => {
    const jar = await cookieDe('ana.admin');
    for (const codigo of ['99999999999999', 'abc', '']) {
      const r = await porCodigo(codigo, { cookie: jar });
      expect(r.statusCode, codigo).toBe(404);
      expect(r.json()).toMatchObject({ message: expect.stringContaining('Nenhum produto') });
    }
  });

  it('401 without a session (none, an ended cookie); 403 without product access', async () => {
    expect((await porCodigo(produto.codigoInterno, {})).statusCode).toBe(401);
    const { token } = await login(t, 'ana.admin');
    expect((await porCodigo(produto.codigoInterno, { authorization: `Bearer ${token}` })).json()).toEqual({
      id: produto.id,
    });
    const jar = await cookieDe('ana.admin');
    await t.app.inject({
      url: '/auth/logout',
      headers: { host: 'localhost', cookie: jar, origin: 'http://localhost' },
    });
    expect((await porCodigo(produto.codigoInterno, { cookie: jar })).statusCode).toBe(401);
    const semProduto = await cookieDe('beatriz.fin');
    const r = await porCodigo(produto.codigoInterno, { cookie: semProduto });
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json().message).toEqual(expect.any(String));
  });
});
