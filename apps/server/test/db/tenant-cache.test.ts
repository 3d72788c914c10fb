/**
 * The tenant cache (plugins/tenant.ts): bounded LRU with a TTL for known hosts and a shorter one
 * for unknown hosts, one lookup per host at a time and few at once. A flood of random Host
 * headers used to grow the cache without end.
 */
import crypto from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Assinante, Database } from '../../src/db/database';
import { TENANT_CACHE_DEFAULTS, tenantCache, tenantPlugin } from '../../src/plugins/tenant';

const bela = { id: 1, nome: 'Bela Vida' } as Assinante;
const aleatorio = () => `${crypto.randomBytes(6).toString('hex')}.exemplo.com`;

function relogio() {
  let t = 0;
  return { now: () => t, andar: (ms: number) => (t += ms) };
}

describe('tenant cache', () => {
  it('20 000 random hosts: the cache stays within its bound', async () => {
    const cache = tenantCache(async (h) => (h === 'localhost' ? bela : undefined));
    for (let i = 0; i < 20_000; i++) await cache.get(aleatorio());
    expect(await cache.get('localhost')).toBe(bela);
    expect(cache.size).toBeLessThanOrEqual(TENANT_CACHE_DEFAULTS.max);
    expect(cache.lookups).toBe(20_001);
  });

  it('an unknown host is not looked up again within its TTL; a new tenant shows after it', async () => {
    const r = relogio();
    let existe = false;
    const cache = tenantCache(async (h) => (existe && h === 'nova.exemplo.com' ? bela : undefined), {
      now: r.now,
      missTtlMs: 5_000,
    });
    expect(await cache.get('nova.exemplo.com')).toBeUndefined();
    existe = true; // the tenant is created through the admin CLI
    r.andar(4_000);
    expect(await cache.get('nova.exemplo.com')).toBeUndefined();
    expect(cache.lookups).toBe(1);
    r.andar(1_001);
    expect(await cache.get('nova.exemplo.com')).toBe(bela);
    expect(cache.lookups).toBe(2);
  });

  it('a known host is trusted for its TTL, then looked up again', async () => {
    const r = relogio();
    const cache = tenantCache(async () => bela, { now: r.now, ttlMs: 30_000 });
    await cache.get('localhost');
    r.andar(29_000);
    await cache.get('localhost');
    expect(cache.lookups).toBe(1);
    r.andar(1_001);
    await cache.get('localhost');
    expect(cache.lookups).toBe(2);
  });

  it('least recently used hosts leave first', async () => {
    const cache = tenantCache(async (h) => (h === 'localhost' ? bela : undefined), { max: 3 });
    await cache.get('localhost');
    await cache.get('a.com');
    await cache.get('b.com');
    await cache.get('localhost'); // used again: now the most recent
    await cache.get('c.com'); // a.com leaves
    expect(cache.size).toBe(3);
    await cache.get('localhost');
    expect(cache.lookups).toBe(4);
    await cache.get('a.com');
    expect(cache.lookups).toBe(5);
  });

  it('one lookup per host however many ask at once, and at most 4 lookups running', async () => {
    let emCurso = 0;
    let pico = 0;
    const cache = tenantCache(async () => {
      pico = Math.max(pico, ++emCurso);
      await new Promise((r) => setTimeout(r, 5));
      emCurso--;
      return bela;
    });
    await Promise.all(Array.from({ length: 50 }, () => cache.get('localhost')));
    expect(cache.lookups).toBe(1);
    await Promise.all(Array.from({ length: 40 }, () => cache.get(aleatorio())));
    expect(pico).toBeLessThanOrEqual(4);
  });

  it('through the plugin: random and malformed Host headers answer 404 and the cache stays bounded', async () => {
    let consultas = 0;
    const db = {
      resolveAssinante: async (h: string) => {
        consultas++;
        return h === 'localhost' ? bela : undefined;
      },
    } as unknown as Database;
    const cache = tenantCache((h) => db.resolveAssinante(h), { max: 100 });
    const app = Fastify();
    await app.register(tenantPlugin, { db, cache });
    app.get('/x', async (req) => ({ id: req.assinante?.id }));
    for (let i = 0; i < 500; i++)
      expect((await app.inject({ url: '/x', headers: { host: aleatorio() } })).statusCode).toBe(404);
    expect(cache.size).toBeLessThanOrEqual(100);
    expect((await app.inject({ url: '/x', headers: { host: 'localhost:8080' } })).json()).toEqual({ id: 1 });
    const antes = consultas;
    expect((await app.inject({ url: '/x', headers: { host: `${'x'.repeat(300)}.com` } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/x', headers: { host: 'a_b!c.com' } })).statusCode).toBe(404);
    expect(consultas).toBe(antes);
    await app.close();
  });
});
