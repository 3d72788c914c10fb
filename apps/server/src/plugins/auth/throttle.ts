/**
 * Failed-login throttling over a sliding window. Shared across app instances: Redis when
 * REDIS_URL is set, otherwise the PostgreSQL table login_falha (both survive restarts).
 */
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** One attempt counted before the password is checked (`reserve`). */
export interface Attempt {
  /** attempts in the window, this one included */
  attempts: number;
  /** seconds since the latest other attempt of the key (null: none in the window) */
  sinceLast: number | null;
  /** seconds until the oldest attempt leaves the window */
  retryAfter: number;
  /** names this attempt for `release` */
  token: string;
}

export interface Throttle {
  /** Failures inside the window and seconds until the oldest one leaves it (read only). */
  status(key: string): Promise<{ failures: number; retryAfter: number }>;
  /**
   * Counts an attempt NOW, atomically, and answers the count including it: the count is never
   * read before it is written, so N concurrent requests see N different counts.
   */
  reserve(key: string): Promise<Attempt>;
  /** Takes back a reserved attempt that was refused before the password was checked. */
  release(key: string, token: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** A short-lived flag (captcha verified for an IP). */
  mark(key: string, seconds: number): Promise<void>;
  marked(key: string): Promise<boolean>;
  /** Consumes a flag: true for exactly one caller while it lives. */
  take(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export function pgThrottle(db: Database, windowSeconds: number): Throttle {
  const k = db.kysely;
  let lastPrune = 0;
  const prune = async () => {
    if (Date.now() - lastPrune < 60_000) return;
    lastPrune = Date.now();
    await sql`delete from login_falha where em < now() - make_interval(secs => ${windowSeconds * 2})`.execute(k);
  };
  return {
    async status(key) {
      const { rows } = await sql<{ n: number; retry: number | null }>`
        select count(*)::int as n,
               ceil(extract(epoch from min(em) + make_interval(secs => ${windowSeconds}) - now()))::int as retry
          from login_falha where chave = ${key} and em > now() - make_interval(secs => ${windowSeconds})`.execute(k);
      return { failures: rows[0]?.n ?? 0, retryAfter: Math.max(1, rows[0]?.retry ?? 1) };
    },
    async reserve(key) {
      // two autocommit statements: the insert is committed before the count, so of N concurrent
      // reservations the k-th to commit counts at least k (a single statement's snapshot would not)
      const ins = await sql<{ token: string }>`
        insert into login_falha (chave) values (${key}) returning ctid::text as token`.execute(k);
      const token = ins.rows[0]?.token ?? '';
      const { rows } = await sql<{ n: number; desde: number | null; retry: number | null }>`
        select count(*)::int as n,
               extract(epoch from now() - max(em) filter (where ctid <> ${token}::tid))::float8 as desde,
               ceil(extract(epoch from min(em) + make_interval(secs => ${windowSeconds}) - now()))::int as retry
          from login_falha where chave = ${key} and em > now() - make_interval(secs => ${windowSeconds})`.execute(k);
      await prune();
      const r = rows[0];
      return {
        attempts: Math.max(1, r?.n ?? 1),
        sinceLast: r?.desde === null || r?.desde === undefined ? null : Math.max(0, Number(r.desde)),
        retryAfter: Math.max(1, r?.retry ?? 1),
        token,
      };
    },
    async release(key, token) {
      if (token) await sql`delete from login_falha where chave = ${key} and ctid = ${token}::tid`.execute(k);
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
    async take(key) {
      // concurrent deletes of the same rows: only one of them gets rows back
      const { rows } =
        await sql`delete from login_falha where chave = ${`flag:${key}`} and em > now() returning 1`.execute(k);
      return rows.length > 0;
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
    async reserve(key) {
      // one MULTI: add and count run together, atomically
      const now = Date.now();
      const token = `${now}-${Math.random().toString(36).slice(2)}`;
      const [, , , count, oldest, newest] = (await redis
        .multi()
        .zremrangebyscore(rk(key), 0, now - windowSeconds * 1000)
        .zadd(rk(key), now, token)
        .pexpire(rk(key), windowSeconds * 1000)
        .zcard(rk(key))
        .zrange(rk(key), 0, 0, 'WITHSCORES')
        .zrevrange(rk(key), 0, 3, 'WITHSCORES')
        .exec()) as [unknown, unknown, unknown, [null, number], [null, string[]], [null, string[]]];
      const first = Number(oldest[1][1] ?? now);
      let last: number | undefined;
      for (let i = 0; i < newest[1].length; i += 2) {
        if (newest[1][i] !== token) {
          last = Number(newest[1][i + 1]);
          break;
        }
      }
      return {
        attempts: count[1],
        sinceLast: last === undefined ? null : Math.max(0, (now - last) / 1000),
        retryAfter: Math.max(1, Math.ceil((first + windowSeconds * 1000 - now) / 1000)),
        token,
      };
    },
    async release(key, token) {
      await redis.zrem(rk(key), token);
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
    async take(key) {
      return (await redis.del(`rtg:flag:${key}`)) === 1;
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
  // a reservation is released where it was made: its token says which
  const PRIMARY = 'p:';
  const FALLBACK = 'f:';
  return {
    status: call((t, key: string) => t.status(key)),
    async reserve(key) {
      try {
        const a = await primary.reserve(key);
        return { ...a, token: PRIMARY + a.token };
      } catch {
        const a = await fallback.reserve(key);
        return { ...a, token: FALLBACK + a.token };
      }
    },
    async release(key, token) {
      const own = token.startsWith(PRIMARY) ? primary : fallback;
      await own.release(key, token.slice(2)).catch(() => {}); // the window forgets it anyway
    },
    reset: call((t, key: string) => t.reset(key)),
    mark: call((t, key: string, seconds: number) => t.mark(key, seconds)),
    marked: call((t, key: string) => t.marked(key)),
    take: call((t, key: string) => t.take(key)),
    async close() {
      await primary.close();
      await fallback.close();
    },
  };
}
