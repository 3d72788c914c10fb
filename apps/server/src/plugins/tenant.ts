/**
 * The tenant (assinante) of every /api request comes from its Host header.
 * Lookups are cached briefly (the host table changes only through the admin CLI) in a bounded LRU:
 * every distinct Host used to stay in memory forever (bench/hosts-aleatorios.ts: 120 000 entries
 * and +17 MB of heap for 120 000 random hosts; now at most `max`, +1.6 MB). Unknown hosts
 * are cached too, for less time, lookups of one host run once however many requests ask, and only a
 * few run at once, so a flood of random hosts neither grows memory nor takes the pool.
 */
import { MSG } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Assinante, Database } from '../db/database';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    assinante?: Assinante;
  }
  interface FastifyContextConfig {
    /** false: the route answers without a tenant (health check, docs). */
    tenant?: boolean;
  }
}

export interface TenantCacheOptions {
  /** entries kept (least recently used leave first) */
  max: number;
  /** how long a known host is trusted */
  ttlMs: number;
  /** how long an unknown host is remembered as unknown */
  missTtlMs: number;
  /** database lookups running at once */
  concurrency: number;
  now?: () => number;
}

export const TENANT_CACHE_DEFAULTS: TenantCacheOptions = {
  max: 5_000,
  ttlMs: 30_000,
  missTtlMs: 5_000,
  concurrency: 4,
};

export interface TenantCache {
  get(host: string): Promise<Assinante | undefined>;
  readonly size: number;
  /** database lookups made so far */
  readonly lookups: number;
}

/** A Map keeps insertion order: re-inserting on use makes its first key the least recently used. */
export function tenantCache(
  resolve: (host: string) => Promise<Assinante | undefined>,
  options: Partial<TenantCacheOptions> = {},
): TenantCache {
  const o = { ...TENANT_CACHE_DEFAULTS, ...options };
  const now = o.now ?? Date.now;
  const entries = new Map<string, { at: number; value: Assinante | undefined }>();
  const inflight = new Map<string, Promise<Assinante | undefined>>();
  const waiting: (() => void)[] = [];
  let running = 0;
  let lookups = 0;

  const limited = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= o.concurrency) await new Promise<void>((go) => waiting.push(go));
    else running++;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
  const store = (host: string, value: Assinante | undefined) => {
    entries.delete(host);
    entries.set(host, { at: now(), value });
    while (entries.size > o.max) entries.delete(entries.keys().next().value as string);
  };

  return {
    get(host) {
      const hit = entries.get(host);
      if (hit && now() - hit.at < (hit.value ? o.ttlMs : o.missTtlMs)) {
        entries.delete(host);
        entries.set(host, hit);
        return Promise.resolve(hit.value);
      }
      let pending = inflight.get(host);
      if (!pending) {
        pending = limited(() => {
          lookups++;
          return resolve(host);
        })
          .then((value) => {
            store(host, value);
            return value;
          })
          .finally(() => inflight.delete(host));
        inflight.set(host, pending);
      }
      return pending;
    },
    get size() {
      return entries.size;
    },
    get lookups() {
      return lookups;
    },
  };
}

export function hostOf(request: FastifyRequest): string {
  return request.hostname
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
}

/** A name or address a tenant could have; anything else is unknown without asking the database. */
const HOST = /^[a-z0-9.:-]{1,253}$/;

export const tenantPlugin = fp(async (app: FastifyInstance, opts: { db: Database; cache?: TenantCache }) => {
  const cache = opts.cache ?? tenantCache((host) => opts.db.resolveAssinante(host));
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.tenant === false) return;
    const host = hostOf(request);
    const assinante = HOST.test(host) ? await cache.get(host) : undefined;
    if (!assinante) throw new ApiError(404, MSG.assinaturaNaoEncontrada);
    request.assinante = assinante;
  });
});

/** The caller's tenant; routes behind the tenant hook always have one. */
export function assinanteOf(request: FastifyRequest): Assinante {
  if (!request.assinante) throw new ApiError(404, MSG.assinaturaNaoEncontrada);
  return request.assinante;
}
