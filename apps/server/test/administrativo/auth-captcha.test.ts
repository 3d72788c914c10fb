/**
 * reCAPTCHA against a local verifier started here (accepts one token), and throttling shared by
 * two app instances through a real Redis when `redis-server` is installed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA } from '../helpers/auth';

const ENV_KEYS = ['RECAPTCHA_SECRET', 'RECAPTCHA_VERIFY_URL', 'REDIS_URL'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
const restoreEnv = () => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
};

describe('reCAPTCHA', () => {
  let verifier: http.Server;
  let t: TestApp;
  let plain: TestApp;
  const seen: string[] = [];

  beforeAll(async () => {
    verifier = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(`${form.get('secret')}|${form.get('response')}`);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ success: form.get('secret') === 'segredo-teste' && form.get('response') === 'token-bom' }),
        );
      });
    });
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r));
    plain = await createTestApp();
    process.env.RECAPTCHA_SECRET = 'segredo-teste';
    process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
    t = await createTestApp();
    restoreEnv();
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
    await new Promise((r) => verifier.close(r));
  });

  const captcha = (app: TestApp, recaptchaToken: string, ip = '10.8.0.1') =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/recaptcha',
      headers: { 'x-forwarded-for': ip },
      payload: { recaptchaToken },
    });
  const signIn = (payload: Record<string, string>, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth', headers: { 'x-forwarded-for': ip }, payload });

  it('says clearly when it is not configured', async () => {
    const res = await captcha(plain, 'token-bom');
    expect(res.statusCode).toBe(501);
    expect(res.json().message).toMatch(/não está configurada/);
  });

  it('accepts the verifier’s good token and refuses others', async () => {
    expect((await captcha(t, 'token-bom')).json()).toEqual({ success: true });
    const bad = await captcha(t, 'token-ruim');
    expect(bad.statusCode).toBe(400);
    expect(seen).toContain('segredo-teste|token-ruim');
  });

  it('demands a verified captcha after repeated failures', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signIn({ username: 'diego.estoque', password: `errada${i}!` }, '10.8.1.1')).statusCode).toBe(401);
    const blocked = await signIn({ username: 'diego.estoque', password: DEMO_SENHA }, '10.8.1.2');
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toMatch(/reCAPTCHA/);
    // the sign-in screen reads the field error on recaptchaToken as "show the captcha"
    expect(blocked.json().erros).toEqual([{ campo: 'recaptchaToken', mensagem: blocked.json().message }]);
    expect(
      (await signIn({ username: 'diego.estoque', password: DEMO_SENHA, recaptchaToken: 'token-ruim' }, '10.8.1.2'))
        .statusCode,
    ).toBe(400);
    expect(
      (await signIn({ username: 'diego.estoque', password: DEMO_SENHA, recaptchaToken: 'token-bom' }, '10.8.1.2'))
        .statusCode,
    ).toBe(200);
  });

  it('a captcha verified through POST /api/auth/recaptcha counts for the next sign-in from that address', async () => {
    for (let i = 0; i < 3; i++) await signIn({ username: 'fabio.gerente', password: `errada${i}!` }, '10.8.2.1');
    expect((await signIn({ username: 'fabio.gerente', password: DEMO_SENHA }, '10.8.2.1')).statusCode).toBe(400);
    expect((await captcha(t, 'token-bom', '10.8.2.1')).statusCode).toBe(200);
    expect((await signIn({ username: 'fabio.gerente', password: DEMO_SENHA }, '10.8.2.1')).statusCode).toBe(200);
  });

  it('with a captcha configured, many failures never lock the owner out: the captcha is the price of each try', async () => {
    // an administrator, as attackers aim at them; beyond LOGIN_MAX_FALHAS (5)
    for (let i = 0; i < 8; i++) {
      const tentativa = await signIn(
        { username: 'ana.admin', password: `errada${i}!`, recaptchaToken: 'token-bom' },
        `10.8.3.${i}`,
      );
      expect(tentativa.statusCode).toBe(401);
    }
    expect((await signIn({ username: 'ana.admin', password: DEMO_SENHA }, '10.8.3.50')).statusCode).toBe(400);
    const dono = await signIn(
      { username: 'ana.admin', password: DEMO_SENHA, recaptchaToken: 'token-bom' },
      '10.8.3.50',
    );
    expect(dono.statusCode).toBe(200);
  });

  it('a captcha verified through /api/auth/recaptcha buys one try, not a free window', async () => {
    for (let i = 0; i < 3; i++) await signIn({ username: 'gabi.consulta', password: `errada${i}!` }, '10.8.4.1');
    expect((await captcha(t, 'token-bom', '10.8.4.1')).statusCode).toBe(200);
    expect((await signIn({ username: 'gabi.consulta', password: 'errada-de-novo!' }, '10.8.4.1')).statusCode).toBe(401);
    expect((await signIn({ username: 'gabi.consulta', password: DEMO_SENHA }, '10.8.4.1')).statusCode).toBe(400);
    // the web client's pair: the legacy form uses the captcha, /api/auth follows with the same credentials
    expect((await captcha(t, 'token-bom', '10.8.4.1')).statusCode).toBe(200);
    const form = await t.app.inject({
      method: 'POST',
      url: '/j_spring_security_check',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.8.4.1' },
      payload: new URLSearchParams({ j_username: 'gabi.consulta', j_password: DEMO_SENHA }).toString(),
    });
    expect(form.statusCode).toBe(200);
    expect((await signIn({ username: 'gabi.consulta', password: DEMO_SENHA }, '10.8.4.1')).statusCode).toBe(200);
  });
});

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!hasRedis)('throttling shared through Redis', () => {
  let redis: ChildProcess;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await new Promise((r) => setTimeout(r, 300));
    process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    a = await createTestApp();
    b = await createTestApp();
    restoreEnv();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    redis?.kill('SIGTERM');
  });

  it('failures counted on one instance block the sign-in on the other', async () => {
    const signIn = (app: TestApp, password: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: { 'x-forwarded-for': `10.7.0.${Math.floor(Math.random() * 200)}` },
        payload: { username: 'carlos.fiscal', password },
      });
    for (let i = 0; i < 3; i++) expect((await signIn(a, `errada-a${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await signIn(b, `errada-b${i}`)).statusCode).toBe(401);
    const res = await signIn(a, DEMO_SENHA);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(b, DEMO_SENHA)).statusCode).toBe(429);
  });
  it('a concurrent burst split over both instances gets at most 5 password checks (401), the rest 429', async () => {
    const tentar = (app: TestApp, i: number) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: { 'x-forwarded-for': `10.7.1.${i % 200}` },
        payload: { username: 'elisa.compras', password: `errada-${i}` },
      });
    const res = await Promise.all(Array.from({ length: 40 }, (_, i) => tentar(i % 2 ? a : b, i)));
    const codigos = res.map((r) => r.statusCode);
    expect(codigos.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codigos.filter((c) => c !== 401 && c !== 429)).toEqual([]);
  });
});
