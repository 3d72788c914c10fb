/**
 * Sign-in throttling under concurrency and the lockout rules: attempts are counted BEFORE the
 * password is checked (a burst cannot get more checks than the limit), the per-address limit is
 * far above the per-user one (a store behind one router), and a per-user lock is a growing delay.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA } from '../helpers/auth';

// count every argon2 verification the server makes
const verificacoes = vi.hoisted(() => ({ n: 0 }));
vi.mock('@node-rs/argon2', async (original) => {
  const m = await original<typeof import('@node-rs/argon2')>();
  return {
    ...m,
    verify: (...args: Parameters<typeof m.verify>) => {
      verificacoes.n++;
      return m.verify(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (username: string, password: string, ip: string, host = 'localhost') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host, 'x-forwarded-for': ip },
    payload: { username, password },
  });

describe('a concurrent burst', () => {
  it('50 wrong passwords for one user from one address at once: at most 5 reach argon2, the rest 429', async () => {
    verificacoes.n = 0;
    const res = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn('elisa.compras', `errada-${i}!`, '10.20.0.1')),
    );
    const codigos = res.map((r) => r.statusCode);
    console.log(`[rajada] verificações argon2: ${verificacoes.n} de 50 tentativas simultâneas (limite 5)`);
    expect(verificacoes.n).toBeLessThanOrEqual(5);
    expect(codigos.filter((c) => c === 401).length).toBe(verificacoes.n);
    expect(codigos.filter((c) => c === 429).length).toBe(50 - verificacoes.n);
  });

  it('an address near its limit: a burst of different users gets at most the remaining checks', async () => {
    const ip = '10.20.0.2';
    await adminQuery(t.ownerUrl, `insert into login_falha (chave) select $1 from generate_series(1, 95)`, [`ip:${ip}`]);
    verificacoes.n = 0;
    const res = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(`naoexiste${i}`, 'x', ip)));
    expect(verificacoes.n).toBeLessThanOrEqual(5);
    expect(res.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(35);
  });
});

describe('lockout rules', () => {
  it('five failures from one address (a store behind one router) do not lock its other users', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(`naoexiste-loja${i}`, 'x', '10.21.0.1')).statusCode).toBe(401);
    expect((await signIn('gabi.consulta', DEMO_SENHA, '10.21.0.1')).statusCode).toBe(200);
  });

  it('the per-address limit (100 in the window by default) still stops one address', async () => {
    const ip = '10.21.0.2';
    await adminQuery(t.ownerUrl, `insert into login_falha (chave) select $1 from generate_series(1, 100)`, [
      `ip:${ip}`,
    ]);
    const res = await signIn('gabi.consulta', DEMO_SENHA, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn('gabi.consulta', DEMO_SENHA, '10.21.0.3')).statusCode).toBe(200);
  });

  it('without a captcha, a user locked by failures waits a delay that grows with each further failure', async () => {
    const key = 'u:1:ana.admin';
    for (let i = 0; i < 5; i++) expect((await signIn('ana.admin', `errada${i}!`, `10.22.0.${i}`)).statusCode).toBe(401);
    const preso = await signIn('ana.admin', DEMO_SENHA, '10.22.1.1');
    expect(preso.statusCode).toBe(429);
    const primeira = Number(preso.headers['retry-after']);
    expect(primeira).toBeGreaterThan(0);
    expect(primeira).toBeLessThanOrEqual(60);
    // the delay passes (failures moved back in time): one more try, which fails again
    await adminQuery(t.ownerUrl, `update login_falha set em = em - interval '61 seconds' where chave = $1`, [key]);
    expect((await signIn('ana.admin', 'errada-de-novo!', '10.22.0.9')).statusCode).toBe(401);
    const segunda = Number((await signIn('ana.admin', DEMO_SENHA, '10.22.1.2')).headers['retry-after']);
    expect(segunda).toBeGreaterThan(60);
    expect(segunda).toBeLessThanOrEqual(120);
    // after the longer delay the right password gets in, and clears the count
    await adminQuery(t.ownerUrl, `update login_falha set em = em - interval '121 seconds' where chave = $1`, [key]);
    expect((await signIn('ana.admin', DEMO_SENHA, '10.22.1.3')).statusCode).toBe(200);
    expect(
      (await adminQuery(t.ownerUrl, `select count(*)::int as n from login_falha where chave = $1`, [key])).rows[0]!.n,
    ).toBe(0);
  });
});
