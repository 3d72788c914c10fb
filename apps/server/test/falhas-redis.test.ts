/**
 * Redis away (a port where nothing listens): the login throttle falls back to PostgreSQL, so
 * sign-in keeps answering and failures are still counted (bench/falhas.ts redis runs it end to end).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgThrottle, redisThrottle, withFallback } from '../src/modules/administrativo/throttle';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('counts, resets and flags through PostgreSQL while Redis is unreachable', async () => {
  const throttle = withFallback(redisThrottle('redis://127.0.0.1:9', 60), pgThrottle(t.db, 60));
  try {
    expect((await throttle.status('h7:teste')).failures).toBe(0);
    await throttle.fail('h7:teste');
    await throttle.fail('h7:teste');
    expect((await throttle.status('h7:teste')).failures).toBe(2);
    await throttle.reset('h7:teste');
    expect((await throttle.status('h7:teste')).failures).toBe(0);
    await throttle.mark('h7:ip', 30);
    expect(await throttle.marked('h7:ip')).toBe(true);
  } finally {
    await throttle.close();
  }
});
