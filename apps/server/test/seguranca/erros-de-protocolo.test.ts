/**
 * Every answer under /api is the error shape in Portuguese (issue 26, finding 8), also the ones Fastify's
 * router and Node's HTTP parser give before any route runs: a 5 000-character path parameter (was 414
 * `FST_ERR_MAX_PARAM_LENGTH` echoing the path), a NUL or DEL byte in a header and a header too large (were
 * Node's `{"error":"Bad Request","message":"Client Error"}`). Through a real socket: `inject` skips Node's parser.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let porta: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  porta = (t.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Writes raw bytes and reads the whole answer (the server closes the socket after a parser error). */
function bruto(requisicao: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const s = net.connect(porta, '127.0.0.1');
    const partes: Buffer[] = [];
    s.on('data', (d) => partes.push(d));
    s.on('error', reject);
    s.on('close', () => {
      const texto = Buffer.concat(partes).toString('utf8');
      const [cabeca = '', ...corpo] = texto.split('\r\n\r\n');
      resolve({ status: Number(cabeca.split(' ')[1]), headers: cabeca, body: corpo.join('\r\n\r\n') });
    });
    s.end(requisicao);
  });
}

const emPortugues = (body: { message?: unknown; error?: unknown }) => {
  expect(typeof body.message).toBe('string');
  expect(body.error).toBeUndefined();
  expect(String(body.message)).not.toMatch(/Client Error|exceeding|Bad Request|FST_/);
};

describe('answers before any route are in the error shape, in Portuguese', () => {
  it('a 5 000-character path parameter → 414 without echoing the path', async () => {
    const longo = 'a'.repeat(5000);
    const res = await fetch(`http://127.0.0.1:${porta}/api/v1/produto/produtos/${longo}`);
    expect(res.status).toBe(414);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const texto = await res.text();
    expect(texto).not.toContain(longo.slice(0, 200));
    const body = JSON.parse(texto);
    emPortugues(body);
    expect(body).toEqual({
      message: 'O endereço da requisição é longo demais.',
      reasons: ['Um parâmetro do caminho passou do tamanho máximo.'],
    });
  });

  it('an unknown 5 000-character path → 404 naming only its start', async () => {
    const longo = 'b'.repeat(5000);
    const res = await fetch(`http://127.0.0.1:${porta}/api/v1/nada/${longo}`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { message: string };
    emPortugues(body);
    expect(body.message).toMatch(/^Recurso não encontrado: GET \/api\/v1\/nada\/b+….$/);
    expect(body.message.length).toBeLessThan(200);
  });

  it.each([
    ['NUL', '\u0000'],
    ['DEL', '\u007f'],
  ])('a %s byte in a header → 400 in the error shape', async (_nome, byte) => {
    const r = await bruto(`GET /api/v1/eumesmo HTTP/1.1\r\nHost: localhost\r\nX-Teste: a${byte}b\r\n\r\n`);
    expect(r.status).toBe(400);
    expect(r.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    const body = JSON.parse(r.body);
    emPortugues(body);
    expect(body.message).toBe('Requisição inválida.');
    expect(body.reasons).toEqual([
      'Cabeçalho ou linha de requisição malformados (por exemplo, um caractere de controle).',
    ]);
    expect(Number(/content-length: (\d+)/i.exec(r.headers)?.[1])).toBe(Buffer.byteLength(r.body));
  });

  it('headers over the limit → 431 in the error shape', async () => {
    const r = await bruto(`GET /api/v1/eumesmo HTTP/1.1\r\nHost: localhost\r\nX-Grande: ${'x'.repeat(40_000)}\r\n\r\n`);
    expect(r.status).toBe(431);
    emPortugues(JSON.parse(r.body));
  });

  it('a malformed request line → 400 in the error shape', async () => {
    const r = await bruto('GET /api/v1/eumesmo\u0000 HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(r.status).toBe(400);
    emPortugues(JSON.parse(r.body));
  });

  it('a normal request on the same server is still answered', async () => {
    const res = await fetch(`http://127.0.0.1:${porta}/api/v1/produto/produtos/1`);
    expect(res.status).toBe(401);
    emPortugues((await res.json()) as { message?: unknown });
  });
});
