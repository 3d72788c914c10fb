/**
 * Host flood: N requests with random Host headers through the tenant hook (plugins/tenant.ts) on a
 * bare Fastify with a stand-in resolver (every host unknown but localhost). Prints the heap after
 * GC, the lookups made and the wall time. `TENANT_PLUGIN=<file>` measures another version of the
 * plugin (e.g. the one before the bounded cache).
 * Usage: node --expose-gc --import tsx bench/hosts-aleatorios.ts   (HOSTS=120000)
 */
import crypto from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';

const N = Number(process.env.HOSTS ?? 120_000);
const file = path.resolve(process.env.TENANT_PLUGIN ?? 'apps/server/src/plugins/tenant.ts');
const { tenantPlugin } = await import(file);

const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1_048_576;
};

let lookups = 0;
const db = {
  async resolveAssinante(host: string) {
    lookups++;
    await new Promise((r) => setImmediate(r));
    return host === 'localhost' ? { id: 1, nome: 'Demo' } : undefined;
  },
};
const app = Fastify();
await app.register(tenantPlugin, { db });
app.get('/api/x', async () => ({ ok: true }));
await app.ready();

const base = heapMb();
const t0 = performance.now();
const statuses = new Map<number, number>();
for (let i = 0; i < N; i += 100) {
  const lote = Array.from({ length: Math.min(100, N - i) }, () =>
    app.inject({ url: '/api/x', headers: { host: `${crypto.randomBytes(8).toString('hex')}.exemplo.com.br` } }),
  );
  for (const r of await Promise.all(lote)) statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
}
const ms = performance.now() - t0;
console.log(`plugin: ${path.relative(process.cwd(), file)}`);
console.log(
  `${N} hosts aleatórios em ${(ms / 1000).toFixed(1)} s; respostas ${JSON.stringify(Object.fromEntries(statuses))}`,
);
console.log(`consultas ao banco: ${lookups}; heap após GC: ${base.toFixed(1)} MB → ${heapMb().toFixed(1)} MB`);
await app.close();
