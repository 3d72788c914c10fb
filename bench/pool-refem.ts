/**
 * Pool held hostage: N downloads of a register export whose client stops reading (the socket stays
 * open, the TCP window closes), then how long the health check, sign-in and a list take to answer
 * while they are open, and what the pool looks like. A throw-away embedded PostgreSQL, P products.
 * Then a burst of LISTAS heavy lists and the same probes.
 * Usage: cd bench && npx tsx pool-refem.ts   (POOL_MAX=20 N_EXPORTS=21 PRODUTOS=100000 LISTAS=30; the export limits
 * EXPORT_MAX_USUARIO / EXPORT_MAX_ASSINANTE pass through to the server when set)
 */
import fs from 'node:fs';
import net from 'node:net';
import { loadConfig } from '../apps/server/src/config';
import { startRuntime } from '../apps/server/src/runtime';
import { gerar } from './lib/gerador';
import { pastaDeDados } from './lib/pasta-dados';

const POOL_MAX = Number(process.env.POOL_MAX ?? 20);
const N = Number(process.env.N_EXPORTS ?? 21);
const PRODUTOS = Number(process.env.PRODUTOS ?? 100_000);
const LISTAS = Number(process.env.LISTAS ?? 30);
process.env.DB_POOL_MAX = String(POOL_MAX);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed(fn: () => Promise<Response>): Promise<{ ms: number; status: number | string }> {
  const t0 = performance.now();
  try {
    const res = await fn();
    await res.arrayBuffer();
    return { ms: Math.round(performance.now() - t0), status: res.status };
  } catch (err) {
    return { ms: Math.round(performance.now() - t0), status: (err as Error).name };
  }
}

/** A download that reads the status line and then stops reading: the server's writes back up. */
function slowExport(port: number, token: string): Promise<{ socket: net.Socket; status: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let head = '';
    socket.on('error', () => {});
    socket.on('data', function first(chunk) {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n')) return;
      socket.off('data', first);
      socket.pause();
      resolve({ socket, status: head.slice(9, 12) });
    });
    socket.write(
      `GET /api/v1/produto/produtos/export?format=csv&sort=id HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
  });
}

async function main() {
  const dataDir = pastaDeDados('retaguarda-bench-refem-');
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }), port: 0 };
  const runtime = await startRuntime(config, () => {});
  const sockets: net.Socket[] = [];
  try {
    const g = await gerar(runtime.target.ownerUrl, PRODUTOS);
    await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (runtime.app.server.address() as net.AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;
    const signal = () => AbortSignal.timeout(20_000);
    const entrar = (username: string) =>
      fetch(`${base}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Demo@1234' }),
        signal: signal(),
      });
    // one administrator exports (the per-user limit, when on, refuses the extra downloads with 429)
    const token = ((await (await entrar('ana.admin')).json()) as { accessToken: string }).accessToken;
    const medir = async () => ({
      statusHead: await timed(() => fetch(`${base}/api/v1/status`, { method: 'HEAD', signal: signal() })),
      statusGet: await timed(() => fetch(`${base}/api/v1/status`, { signal: signal() })),
      login: await timed(() => entrar('beatriz.fin')),
      lista: await timed(() =>
        fetch(`${base}/api/v1/produto/marcas?count=5`, { headers: { authorization: token }, signal: signal() }),
      ),
    });
    const pool = () => {
      const p = runtime.db.pool;
      return `pool principal: ${p.totalCount} abertas, ${p.idleCount} livres, ${p.waitingCount} à espera`;
    };
    console.log(`\n${g.produtos} produtos; DB_POOL_MAX=${POOL_MAX}; ${N} exportações CSV lidas por quem não lê`);
    console.log('sem exportações:', fmt(await medir()));
    const abertas = await Promise.all(Array.from({ length: N }, () => slowExport(port, token)));
    for (const a of abertas) sockets.push(a.socket);
    const codigos: Record<string, number> = {};
    for (const a of abertas) codigos[a.status] = (codigos[a.status] ?? 0) + 1;
    console.log('respostas das exportações:', JSON.stringify(codigos));
    await sleep(3_000);
    console.log(pool());
    for (let i = 1; i <= 3; i++) console.log(`com ${N} abertas (${i}):`, fmt(await medir()));
    console.log(pool());
    for (const s of sockets.splice(0)) s.destroy();
    await sleep(1_000);
    // a burst of heavy lists (a "contains" filter, big sorted pages) while the probes run
    const pesada = `${base}/api/v1/produto/produtos?q=descricao==*a*&sort=-descricao&count=1000&start=5000`;
    const rajada = Array.from({ length: LISTAS }, () =>
      timed(() => fetch(pesada, { headers: { authorization: token }, signal: AbortSignal.timeout(60_000) })),
    );
    await sleep(300);
    console.log(`durante ${LISTAS} listas pesadas:`, fmt(await medir()));
    const listas = await Promise.all(rajada);
    const porCodigo: Record<string, number> = {};
    for (const l of listas) porCodigo[l.status] = (porCodigo[l.status] ?? 0) + 1;
    const ms = listas.map((l) => l.ms).sort((a, b) => a - b);
    console.log(`listas pesadas: ${JSON.stringify(porCodigo)}, mediana ${ms[ms.length >> 1]} ms, máx ${ms.at(-1)} ms`);
  } finally {
    for (const s of sockets) s.destroy();
    await sleep(500);
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function fmt(m: Record<string, { ms: number; status: number | string }>): string {
  return Object.entries(m)
    .map(([k, v]) => `${k} ${v.status} em ${v.ms} ms`)
    .join(' | ');
}

await main();
