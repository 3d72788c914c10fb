/**
 * Error reporting (plugins/errors/reporting.ts): without SENTRY_DSN nothing is sent; with a DSN pointing at a local
 * fake ingest server an unexpected error (500) arrives there with its request id, a client error
 * (4xx) does not, and the public config tells the web app the DSN and the 0.1 trace rate.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/plugins/errors';
import { createTestApp, type TestApp } from '../helpers/app';

interface Recebido {
  url: string;
  corpo: string;
}

const recebidos: Recebido[] = [];
let ingest: http.Server;
let porta = 0;

/** Items of type "event" (errors) across everything the fake ingest received. */
function eventos(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const r of recebidos) {
    const linhas = r.corpo.split('\n').filter(Boolean);
    for (let i = 1; i < linhas.length; i += 2) {
      const cab = JSON.parse(linhas[i] ?? '{}') as { type?: string };
      if (cab.type === 'event') out.push(JSON.parse(linhas[i + 1] ?? '{}') as Record<string, unknown>);
    }
  }
  return out;
}

function rotasDeTeste(app: FastifyInstance): void {
  const config = { tenant: false, access: { public: true } };
  app.get('/api/v1/teste-falha', { config }, async () => {
    throw new Error('falha inesperada de teste');
  });
  app.get('/api/v1/teste-recusa', { config }, async () => {
    throw new ApiError(422, 'Os dados enviados são inválidos.');
  });
}

beforeAll(async () => {
  ingest = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      let corpo = Buffer.concat(partes);
      if (req.headers['content-encoding'] === 'gzip') corpo = zlib.gunzipSync(corpo);
      recebidos.push({ url: req.url ?? '', corpo: corpo.toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => ingest.listen(0, '127.0.0.1', ok));
  porta = (ingest.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((ok) => ingest.close(ok));
});

describe('relatório de erros', () => {
  // the SDK is process-wide: the case without a DSN runs first
  it('sem SENTRY_DSN fica desligado: nada é enviado e a configuração pública diz null', async () => {
    delete process.env.SENTRY_DSN;
    const t: TestApp = await createTestApp({ beforeReady: rotasDeTeste });
    try {
      const r = await t.app.inject({ method: 'GET', url: '/api/v1/teste-falha' });
      expect(r.statusCode).toBe(500);
      const cfg = await t.app.inject({ method: 'GET', url: '/api/v1/config-publica' });
      expect(cfg.statusCode).toBe(200);
      expect(cfg.json().relatorioErros).toBeNull();
      expect(cfg.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:;");
      const Sentry = await import('@sentry/node');
      expect(Sentry.getClient()).toBeUndefined();
      await new Promise((ok) => setTimeout(ok, 500));
      expect(recebidos).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('com SENTRY_DSN o erro inesperado chega ao servidor de ingestão; erro do cliente não', async () => {
    const dsn = `http://chavepublica@127.0.0.1:${porta}/42`;
    process.env.SENTRY_DSN = dsn;
    const t: TestApp = await createTestApp({ beforeReady: rotasDeTeste });
    try {
      const cfg = await t.app.inject({ method: 'GET', url: '/api/v1/config-publica' });
      expect(cfg.json().relatorioErros).toEqual({ dsn, tracesSampleRate: 0.1 });
      // the browser SDK may post to the ingest: its origin joins the CSP's connect-src
      expect(cfg.headers['content-security-policy']).toContain(`connect-src 'self' ws: wss: http://127.0.0.1:${porta}`);

      const recusa = await t.app.inject({ method: 'GET', url: '/api/v1/teste-recusa' });
      expect(recusa.statusCode).toBe(422);
      const r = await t.app.inject({ method: 'GET', url: '/api/v1/teste-falha' });
      expect(r.statusCode).toBe(500);
      expect(r.json().message).toBeTruthy();
      expect(JSON.stringify(r.json())).not.toContain('falha inesperada de teste');

      const Sentry = await import('@sentry/node');
      await Sentry.flush(5000);
      expect(recebidos.every((x) => x.url.startsWith('/api/42/envelope/'))).toBe(true);
      const evs = eventos();
      expect(evs).toHaveLength(1);
      const ev = evs[0] as { exception?: { values?: { value?: string }[] }; tags?: Record<string, string> };
      expect(ev.exception?.values?.[0]?.value).toBe('falha inesperada de teste');
      expect(ev.tags?.request_id).toBe(r.headers['x-request-id']);
    } finally {
      delete process.env.SENTRY_DSN;
      await t.close();
    }
  });
});
