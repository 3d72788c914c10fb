/**
 * Failed-login throttling over a sliding window. Shared across app instances: Redis when
 * REDIS_URL is set, otherwise the PostgreSQL table login_falha (both survive restarts).
 */
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface Throttle {
  /** Failures inside the window and seconds until the oldest one leaves it. */
  status(key: string): Promise<{ failures: number; retryAfter: number }>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** A short-lived flag (captcha verified for an IP). */
  mark(key: string, seconds: number): Promise<void>;
  marked(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export function pgThrottle(db: Database, windowSeconds: number): Throttle {
  const k = db.kysely;
  let lastPrune = 0;
  return {
    async status(key) {
      const { rows } = await sql<{ n: number; retry: number | null }>`
        select count(*)::int as n,
               ceil(extract(epoch from min(em) + make_interval(secs => ${windowSeconds}) - now()))::int as retry
          from login_falha where chave = ${key} and em > now() - make_interval(secs => ${windowSeconds})`.execute(k);
      return { failures: rows[0]?.n ?? 0, retryAfter: Math.max(1, rows[0]?.retry ?? 1) };
    },
    async fail(key) {
      await k.insertInto('loginFalha').values({ chave: key }).execute();
      if (Date.now() - lastPrune > 60_000) {
        lastPrune = Date.now();
        await sql`delete from login_falha where em < now() - make_interval(secs => ${windowSeconds * 2})`.execute(k);
      }
    },
    async reset(key) {
      await k.deleteFrom('loginFalha').where('chave', '=', key).execute();
    },
    async mark(key, seconds) {
      // a future-dated row marks the flag; it is never counted as a failure (different key space)
      await sql`insert into login_falha (chave, em) values (${`flag:${key}`}, now() + make_interval(secs => ${seconds}))`.execute(
        k,
      );
    },
    async marked(key) {
      const { rows } = await sql<{ ok: boolean }>`
        select exists (select 1 from login_falha where chave = ${`flag:${key}`} and em > now()) as ok`.execute(k);
      return rows[0]?.ok ?? false;
    },
    async close() {},
  };
}

export function redisThrottle(url: string, windowSeconds: number): Throttle {
  // no offline queue: while Redis is down a command fails at once and the fallback answers
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  redis.on('error', () => {}); // reported by the failing command instead
  const rk = (key: string) => `rtg:login:${key}`;
  return {
    async status(key) {
      const now = Date.now();
      const [, count, oldest] = (await redis
        .multi()
        .zremrangebyscore(rk(key), 0, now - windowSeconds * 1000)
        .zcard(rk(key))
        .zrange(rk(key), 0, 0, 'WITHSCORES')
        .exec()) as [unknown, [null, number], [null, string[]]];
      const first = Number(oldest[1][1] ?? now);
      return { failures: count[1], retryAfter: Math.max(1, Math.ceil((first + windowSeconds * 1000 - now) / 1000)) };
    },
    async fail(key) {
      const now = Date.now();
      await redis
        .multi()
        .zadd(rk(key), now, `${now}-${Math.random()}`)
        .pexpire(rk(key), windowSeconds * 1000)
        .exec();
    },
    async reset(key) {
      await redis.del(rk(key));
    },
    async mark(key, seconds) {
      await redis.set(`rtg:flag:${key}`, '1', 'EX', seconds);
    },
    async marked(key) {
      return (await redis.exists(`rtg:flag:${key}`)) === 1;
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * Redis first; when a Redis command fails (server stopped, network), the same call goes to the
 * fallback (PostgreSQL), so sign-in keeps working and still throttles while Redis is away.
 */
export function withFallback(primary: Throttle, fallback: Throttle): Throttle {
  const call =
    <A extends unknown[], R>(f: (t: Throttle, ...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await f(primary, ...a);
      } catch {
        return f(fallback, ...a);
      }
    };
  return {
    status: call((t, key: string) => t.status(key)),
    fail: call((t, key: string) => t.fail(key)),
    reset: call((t, key: string) => t.reset(key)),
    mark: call((t, key: string, seconds: number) => t.mark(key, seconds)),
    marked: call((t, key: string) => t.marked(key)),
    async close() {
      await primary.close();
      await fallback.close();
    },
  };
}
