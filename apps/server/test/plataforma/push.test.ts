/**
 * Web Push sending path (spec §7 "Push"): a local push service started by the test verifies the
 * VAPID signature (RFC 8292) and decrypts the aes128gcm payload (RFC 8291/8188) with the browser
 * keys before it counts a message as delivered.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

interface Entregue {
  caminho: string;
  mensagem: { type: string; data: { titulo: string; link: string } };
}

/** The browser side: an ECDH P-256 key pair and an auth secret per subscription. */
function navegador() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: crypto.randomBytes(16) };
}
type Navegador = ReturnType<typeof navegador>;

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, n: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, n));

/** RFC 8291 §3.4 + RFC 8188 §2: one aes128gcm record. */
function decifrar(corpo: Buffer, nav: Navegador): string {
  const salt = corpo.subarray(0, 16);
  const idlen = corpo[20]!;
  const chaveServidor = corpo.subarray(21, 21 + idlen);
  const registro = corpo.subarray(21 + idlen);
  const segredo = nav.ecdh.computeSecret(chaveServidor);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), nav.ecdh.getPublicKey(), chaveServidor]);
  const ikm = hkdf(nav.auth, segredo, info, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(registro.subarray(registro.length - 16));
  const claro = Buffer.concat([decipher.update(registro.subarray(0, registro.length - 16)), decipher.final()]);
  const fim = claro.lastIndexOf(2); // last-record padding delimiter
  expect(fim).toBeGreaterThanOrEqual(0);
  return claro.subarray(0, fim).toString('utf8');
}

let t: TestApp;
let servico: http.Server;
let base: string;
let chavePublica: string;
let carlos: LoginResult;
let ana: LoginResult;
const navegadores = new Map<string, Navegador>();
const entregues: Entregue[] = [];
const recusados: string[] = [];
let responderCom = 201;
/** what the fake messaging provider (FCM HTTP v1) received */
const viaProvedor: { autorizacao: string; corpo: { message: { token: string; data: Record<string, string> } } }[] = [];

async function verificarVapid(req: http.IncomingMessage): Promise<void> {
  const m = /^vapid t=([^,]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
  if (!m) throw new Error('sem cabeçalho VAPID');
  const [, jwt, k] = m;
  if (k !== chavePublica) throw new Error('chave VAPID diferente da publicada');
  const ponto = Buffer.from(k!, 'base64url');
  const chave = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: ponto.subarray(1, 33).toString('base64url'),
      y: ponto.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(jwt!, chave, { algorithms: ['ES256'], audience: base });
  if (!String(payload.sub).startsWith('mailto:')) throw new Error('sub VAPID inválido');
}

async function inscrever(quem: LoginResult, id: string): Promise<{ token: string; status: number }> {
  const nav = navegador();
  navegadores.set(`/push/${id}`, nav);
  const inscricao = {
    endpoint: `${base}/push/${id}`,
    keys: { p256dh: nav.ecdh.getPublicKey().toString('base64url'), auth: nav.auth.toString('base64url') },
  };
  const token = Buffer.from(JSON.stringify(inscricao)).toString('base64url');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sessoes-mensagens',
    headers: quem.headers,
    payload: { token },
  });
  return { token, status: res.statusCode };
}

async function notificar(titulo: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/notificacoes',
    headers: ana.headers,
    payload: { usuarioId: carlos.body.id, titulo, link: '/notificacoes' },
  });
  expect(res.statusCode).toBe(201);
}

async function esperar(fn: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const fim = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > fim) throw new Error('tempo esgotado');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  servico = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          if (req.url === '/fcm') {
            const corpo = JSON.parse(Buffer.concat(partes).toString('utf8'));
            viaProvedor.push({ autorizacao: req.headers.authorization ?? '', corpo });
            res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
            return;
          }
          await verificarVapid(req);
          if (req.headers['content-encoding'] !== 'aes128gcm' || !req.headers.ttl)
            throw new Error('cabeçalhos de push');
          const nav = navegadores.get(req.url ?? '');
          if (!nav) throw new Error('inscrição desconhecida');
          const texto = decifrar(Buffer.concat(partes), nav);
          if (responderCom === 201) entregues.push({ caminho: req.url ?? '', mensagem: JSON.parse(texto) });
          res.writeHead(responderCom).end();
        } catch (err) {
          recusados.push((err as Error).message);
          res.writeHead(400).end();
        }
      })();
    });
  });
  await new Promise<void>((r) => servico.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(servico.address() as AddressInfo).port}`;
  t = await createTestApp();
  carlos = await login(t, 'carlos.fiscal');
  ana = await login(t, 'ana.admin');
  const chave = await t.app.inject({
    method: 'GET',
    url: '/api/v1/sessoes-mensagens/chave-publica',
    headers: carlos.headers,
  });
  chavePublica = chave.json().publicKey;
});
afterAll(async () => {
  await t?.close();
  servico?.close();
});

describe('push', () => {
  it('chaves VAPID geradas uma vez e guardadas no banco', async () => {
    expect(chavePublica).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const de_novo = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sessoes-mensagens/chave-publica',
      headers: ana.headers,
    });
    expect(de_novo.json().publicKey).toBe(chavePublica);
    const { rows } = await adminQuery(t.ownerUrl, `select count(*)::int as n from app_segredo where nome = 'vapid'`);
    expect(rows[0]?.n).toBe(1);
  });

  it('o service worker das notificações é servido sem login', async () => {
    const sw = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sessoes-mensagens/sw.js',
      headers: { host: 'localhost' },
    });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^text\/javascript/);
    expect(sw.body).toContain("addEventListener('push'");
  });

  it('registro: token inválido é 422; sem login 401', async () => {
    const ruim = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessoes-mensagens',
      headers: carlos.headers,
      payload: { token: 'xyz' },
    });
    expect(ruim.statusCode).toBe(422);
    const anonimo = await t.app.inject({ method: 'POST', url: '/api/v1/sessoes-mensagens', payload: { token: 'xyz' } });
    expect(anonimo.statusCode).toBe(401);
  });

  it('nova notificação é entregue assinada e cifrada às inscrições do usuário', async () => {
    expect((await inscrever(carlos, 'carlos-1')).status).toBe(201);
    await notificar('Push cifrado');
    await esperar(() => entregues.length === 1);
    expect(recusados).toEqual([]);
    expect(entregues[0]).toEqual({
      caminho: '/push/carlos-1',
      mensagem: {
        type: 'notificacao',
        data: expect.objectContaining({ titulo: 'Push cifrado', link: '/notificacoes' }),
      },
    });
  });

  it('DELETE remove a inscrição: nada mais é enviado a ela', async () => {
    const { token } = await inscrever(carlos, 'carlos-2');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessoes-mensagens/${token}`,
      headers: carlos.headers,
    });
    expect(res.json()).toEqual({ removidas: 1 });
    const antes = entregues.length;
    await notificar('Depois do delete');
    await esperar(() => entregues.length === antes + 1);
    expect(entregues.at(-1)?.caminho).toBe('/push/carlos-1');
  });

  it('inscrição recusada pelo serviço (410) é apagada', async () => {
    responderCom = 410;
    await notificar('Expirada');
    const inscricoes = async () =>
      (await adminQuery(t.ownerUrl, 'select count(*)::int as n from sessao_mensagem')).rows[0]?.n;
    await esperar(async () => (await inscricoes()) === 0);
    responderCom = 201;
    expect(await inscricoes()).toBe(0);
  });

  it('logout encerra a sessão e apaga a inscrição dela', async () => {
    const beatriz = await login(t, 'beatriz.fin');
    expect((await inscrever(beatriz, 'beatriz')).status).toBe(201);
    const dela = async () =>
      (await adminQuery(t.ownerUrl, `select count(*)::int as n from sessao_mensagem where endpoint like '%beatriz'`))
        .rows[0]?.n;
    expect(await dela()).toBe(1);
    await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: beatriz.headers });
    await esperar(async () => (await dela()) === 0);
  });

  // spec §7: POST /api/v1/sessoes-mensagens {token} with the opaque token its clients send (FCM)
  const TOKEN_FCM = 'cX9k2Lr3TqY:APA91bH7s-Vd2kq0Ox_pL3mZ8wQeR4tYuI9oP1aSdF6gHjK2lZxCvBnM5qW8eR3tY7uI0oP';

  it('token opaco de mensagens (FCM): registrado e guardado sem provedor configurado; DELETE o remove', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessoes-mensagens',
      headers: carlos.headers,
      payload: { token: TOKEN_FCM },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), message: 'Inscrição de push registrada.' });
    const guardado = async () =>
      (await adminQuery(t.ownerUrl, `select tipo, p256dh, auth from sessao_mensagem where endpoint = '${TOKEN_FCM}'`))
        .rows;
    expect(await guardado()).toEqual([{ tipo: 'token', p256dh: null, auth: null }]);
    // no provider here: a notification keeps it stored (nothing sent, nothing dropped)
    await notificar('Sem provedor');
    await new Promise((r) => setTimeout(r, 300));
    expect(await guardado()).toHaveLength(1);
    const apagar = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessoes-mensagens/${encodeURIComponent(TOKEN_FCM)}`,
      headers: carlos.headers,
    });
    expect(apagar.json()).toEqual({ removidas: 1 });
    expect(await guardado()).toEqual([]);
  });

  it('token opaco: entregue pelo provedor configurado (FCM HTTP v1)', async () => {
    process.env.FCM_URL = `${base}/fcm`;
    process.env.FCM_ACCESS_TOKEN = 'token-de-acesso-fcm';
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sessoes-mensagens',
        headers: carlos.headers,
        payload: { token: TOKEN_FCM },
      });
      expect(res.statusCode).toBe(201);
      await notificar('Pelo provedor');
      await esperar(() => viaProvedor.length === 1);
      expect(viaProvedor[0]).toEqual({
        autorizacao: 'Bearer token-de-acesso-fcm',
        corpo: {
          message: {
            token: TOKEN_FCM,
            data: expect.objectContaining({ type: 'notificacao', titulo: 'Pelo provedor' }),
          },
        },
      });
    } finally {
      delete process.env.FCM_URL;
      delete process.env.FCM_ACCESS_TOKEN;
    }
  });
});
