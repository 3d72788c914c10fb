import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  // a write route that echoes its body: exercises the shared parsers and error handler
  t = await createTestApp({ beforeReady: (app) => app.post('/api/v1/eco', async (req) => ({ body: req.body })) });
});
afterAll(() => t.close());

describe('HTTP core', () => {
  it('resolves the tenant from the Host header', async () => {
    const bela = await t.app.inject({ url: '/api/v1/assinante', headers: { host: 'localhost:8080' } });
    expect(bela.statusCode).toBe(200);
    expect(bela.json()).toMatchObject({ nome: 'Bela Vida', tipoCliente: 'BOTICARIO', tema: 'blue' });
    const ip = await t.app.inject({ url: '/api/v1/assinante', headers: { host: '127.0.0.1' } });
    expect(ip.json().nome).toBe('Bela Vida');
    const merc = await t.app.inject({ url: '/api/v1/assinante', headers: { host: 'mercadao.localhost:8080' } });
    expect(merc.json()).toMatchObject({ nome: 'Mercadão Bom Preço', tipoCliente: 'TODOS', tema: 'green' });
  });

  it('answers 404 in the error shape for an unknown host', async () => {
    const res = await t.app.inject({ url: '/api/v1/assinante', headers: { host: 'desconhecido.example.com' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Assinatura não encontrada para este endereço.' });
  });

  it('answers JSON 404 for unknown /api paths, never HTML', async () => {
    for (const url of ['/api/v1/nao-existe', '/api/v1/auth', '/api']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('refuses malformed JSON with 400 and the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/eco',
      headers: { 'content-type': 'application/json' },
      payload: '{"nome": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/eco',
      headers: { 'content-type': 'application/x-nada' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Tipo de conteúdo não suportado.' });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/eco',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(6 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/tamanho máximo/);
  });

  it('HEAD /api/v1/status is 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/v1/status' });
    expect(res.statusCode).toBe(200);
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/api/v1/assinante', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/v1/assinante');
  });

  it('redirects the root to /app/', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/');
  });
});
