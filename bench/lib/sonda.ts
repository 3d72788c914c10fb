/**
 * Where a request's time goes, measured inside the benchmark's server child (BENCH_SONDA=1):
 * - phases per request from diagnostics channels: receipt → handler start (the onRequest hooks:
 *   tenant, session check), handler (the route's work), handler end → response finished (serialise, send);
 * - pool waits: time from `pool.connect()` (also behind `pool.query`) to a client in hand, and
 *   `waitingCount` sampled;
 * - statements: round-trip time per statement kind (first words), on every client of the pool;
 * - event-loop delay (perf_hooks monitorEventLoopDelay).
 * `sonda.ler(true)` returns p50/p99/max of each and starts over.
 */
import dc from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type pg from 'pg';

type Serie = number[];
const pct = (xs: Serie, p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(2));
};
const resumo = (xs: Serie) => ({ n: xs.length, p50: pct(xs, 50), p99: pct(xs, 99), max: pct(xs, 100) });

/** `modulo`: the pg module itself, for a process whose pools the probe cannot reach (bench/lib/sonda-preload.ts). */
export function sonda(pools: Record<string, pg.Pool>, modulo?: typeof pg) {
  const series = new Map<string, Serie>();
  const add = (k: string, ms: number) => {
    const s = series.get(k);
    if (s) s.push(ms);
    else series.set(k, [ms]);
  };
  const now = () => performance.now();
  // phases of a request, keyed by its raw request
  const t0 = new WeakMap<IncomingMessage, { at: number; url: string; handler?: number; fim?: number }>();
  dc.subscribe('http.server.request.start', (m) => {
    const req = (m as { request: IncomingMessage }).request;
    t0.set(req, { at: now(), url: `${req.method} ${(req.url ?? '').split('?')[0]!.replace(/\/\d+$/, '/:id')}` });
  });
  const handler = dc.tracingChannel('fastify.request.handler');
  const rawOf = (m: unknown) => (m as { request?: { raw?: IncomingMessage } }).request?.raw;
  handler.subscribe({
    start(m) {
      const r = rawOf(m);
      const e = r && t0.get(r);
      if (e) e.handler = now();
    },
    end() {},
    asyncStart() {},
    asyncEnd(m) {
      const r = rawOf(m);
      const e = r && t0.get(r);
      if (e) e.fim = now();
    },
    error() {},
  });
  dc.subscribe('http.server.response.finish', (m) => {
    const req = (m as { request: IncomingMessage }).request;
    const e = t0.get(req);
    if (!e) return;
    const fim = now();
    add(`req ${e.url} total`, fim - e.at);
    if (e.handler !== undefined) {
      add(`req ${e.url} 1.hooks (tenant+sessão)`, e.handler - e.at);
      if (e.fim !== undefined) {
        add(`req ${e.url} 2.handler`, e.fim - e.handler);
        add(`req ${e.url} 3.serializar+enviar`, fim - e.fim);
      }
    }
  });
  const kind = (q: unknown) => {
    const text =
      typeof q === 'string'
        ? q
        : ((q as { name?: string; text?: string })?.name ?? (q as { text?: string })?.text ?? '?');
    return text
      .replace(/\s+/g, ' ')
      .replace(/^select set_config\([^;]*; /, '[readOnce] ')
      .slice(0, 48);
  };
  const clientes = new WeakSet<pg.PoolClient>();
  const instrumentarCliente = (c: pg.PoolClient) => {
    if (clientes.has(c)) return;
    clientes.add(c);
    const orig = c.query as (...a: unknown[]) => unknown;
    (c as unknown as { query: unknown }).query = function (this: unknown, ...a: unknown[]) {
      const t = now();
      const cb = a[a.length - 1];
      if (typeof cb === 'function')
        a[a.length - 1] = (err: unknown, res: unknown) => {
          add(`sql ${kind(a[0])}${err ? ' (erro)' : ''}`, now() - t);
          (cb as (e: unknown, r: unknown) => void)(err, res);
        };
      const r = orig.apply(this, a);
      if (r && typeof (r as Promise<unknown>).then === 'function')
        (r as Promise<unknown>).then(
          () => add(`sql ${kind(a[0])}`, now() - t),
          () => add(`sql ${kind(a[0])} (erro)`, now() - t),
        );
      return r;
    };
  };
  if (modulo) {
    // every client of every pool of the process (statements), and every pool's checkout (waits)
    instrumentarCliente(modulo.Client.prototype as unknown as pg.PoolClient);
    const alvo = modulo.Pool.prototype as unknown as { connect: (cb?: (...a: unknown[]) => void) => unknown };
    const connect = alvo.connect;
    alvo.connect = function (this: unknown, cb?: (...a: unknown[]) => void) {
      const t = now();
      if (cb)
        return connect.call(this, (err: unknown, c: unknown, done: unknown) => {
          add('pool espera', now() - t);
          cb(err, c, done);
        });
      return (connect.call(this) as Promise<pg.PoolClient>).then((c) => {
        add('pool espera', now() - t);
        return c;
      });
    };
  }
  for (const [nome, pool] of Object.entries(pools)) {
    pool.on('acquire', (c) => instrumentarCliente(c));
    const connect = pool.connect.bind(pool) as (cb?: (...a: unknown[]) => void) => unknown;
    (pool as unknown as { connect: unknown }).connect = (cb?: (...a: unknown[]) => void) => {
      const t = now();
      if (cb)
        return connect((err: unknown, c: unknown, done: unknown) => {
          add(`pool ${nome} espera`, now() - t);
          cb(err, c, done);
        });
      return (connect() as Promise<pg.PoolClient>).then((c) => {
        add(`pool ${nome} espera`, now() - t);
        return c;
      });
    };
  }
  const espera: Record<string, number[]> = {};
  const amostra = setInterval(() => {
    for (const [nome, pool] of Object.entries(pools)) {
      espera[nome] ??= [];
      espera[nome].push(pool.waitingCount);
    }
  }, 5);
  amostra.unref();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  return {
    ler(zerar: boolean) {
      const out: Record<string, unknown> = {};
      for (const [k, s] of [...series].sort(([a], [b]) => a.localeCompare(b))) out[k] = resumo(s);
      for (const [k, s] of Object.entries(espera)) out[`pool ${k} waitingCount (amostras 5 ms)`] = resumo(s);
      out['event loop delay'] = {
        p50: Number((loop.percentile(50) / 1e6).toFixed(2)),
        p99: Number((loop.percentile(99) / 1e6).toFixed(2)),
        max: Number((loop.max / 1e6).toFixed(2)),
      };
      if (zerar) {
        series.clear();
        for (const k of Object.keys(espera)) espera[k] = [];
        loop.reset();
      }
      return out;
    },
  };
}
