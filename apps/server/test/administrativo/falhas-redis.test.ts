/**
 * Redis away (a port where nothing listens): the login throttle falls back to PostgreSQL, so
 * sign-in keeps answering and failures are still counted (bench/falhas.ts redis runs it end to end).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { pgThrottle, redisThrottle, withFallback } from '../../src/plugins/auth/throttle';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('counts, resets and flags through PostgreSQL while Redis is unreachable', async () => {
  const throttle = withFallback(redisThrottle('redis://127.0.0.1:9', 60), pgThrottle(t.db, 60));
  try {
    expect((await throttle.status('h7:teste')).failures).toBe(0);
    await throttle.reserve('h7:teste');
    const second = await throttle.reserve('h7:teste');
    expect(second.attempts).toBe(2);
    expect(second.sinceLast).not.toBeNull();
    expect((await throttle.status('h7:teste')).failures).toBe(2);
    await throttle.release('h7:teste', second.token);
    expect((await throttle.status('h7:teste')).failures).toBe(1);
    await throttle.reset('h7:teste');
    expect((await throttle.status('h7:teste')).failures).toBe(0);
    await throttle.mark('h7:ip', 30);
    expect(await throttle.marked('h7:ip')).toBe(true);
    expect(await throttle.take('h7:ip')).toBe(true);
    expect(await throttle.take('h7:ip')).toBe(false);
  } finally {
    await throttle.close();
  }
});

it('a server started while Redis is down keeps serving (the realtime adapter waits for it)', async () => {
  const rejeicoes: unknown[] = [];
  const anotar = (e: unknown) => rejeicoes.push(e);
  process.on('unhandledRejection', anotar);
  const app = await buildApp({
    config: { ...loadConfig(), logLevel: 'silent', redisUrl: 'redis://127.0.0.1:9' },
    db: t.db,
    logger: false,
  });
  try {
    await app.ready();
    // long enough for ioredis to give up on the adapter's first (p)subscribe several times over
    await new Promise((ok) => setTimeout(ok, 2500));
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { host: 'localhost' },
      payload: { username: 'ana.admin', password: 'Demo@1234' },
    });
    expect(res.statusCode).toBe(200);
    expect(rejeicoes).toEqual([]);
  } finally {
    process.off('unhandledRejection', anotar);
    await app.close();
  }
});
