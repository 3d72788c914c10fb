/**
 * GraphQL cost under a hostile client, on a throw-away embedded PostgreSQL with the demo tenants:
 * 1. the fragment bypass: N root fields hidden in `{...on Query{…}}` from the read-only demo user —
 *    status, time to answer, database transactions it caused;
 * 2. a burst of B concurrent legitimate-maximum requests (10 paged queries each) from one user —
 *    how many ran or got 429, and how the health check and another tenant's list answer meanwhile.
 * Usage: cd bench && npx tsx graphql-custo.ts   (CAMPOS=10000 RAJADA=40 POOL_MAX=20)
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { startRuntime } from '../apps/server/src/runtime';
import { pastaDeDados } from './lib/pasta-dados';

const CAMPOS = Number(process.env.CAMPOS ?? 10_000);
const RAJADA = Number(process.env.RAJADA ?? 40);
process.env.DB_POOL_MAX = process.env.POOL_MAX ?? '20';

/** fetch cannot set Host: a tenant other than localhost's needs a plain request */
function pedir(
  port: number,
  opts: { method?: string; path: string; host: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<Response>((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: { ...opts.headers, host: opts.host },
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (c) => partes.push(c));
        res.on('end', () => resolve(new Response(Buffer.concat(partes), { status: res.statusCode ?? 0 })));
      },
    );
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error('timeout')));
    req.end(opts.body);
  });
}

async function timed(fn: () => Promise<Response>) {
  const t0 = performance.now();
  try {
    const res = await fn();
    await res.arrayBuffer();
    return { ms: Math.round(performance.now() - t0), status: res.status as number | string };
  } catch (err) {
    return { ms: Math.round(performance.now() - t0), status: (err as Error).name as number | string };
  }
}

async function main() {
  const dataDir = pastaDeDados('retaguarda-bench-gql-');
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }), port: 0 };
  const runtime = await startRuntime(config, () => {});
  try {
    await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (runtime.app.server.address() as net.AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;
    const token = async (username: string, host = 'localhost') => {
      const r = await pedir(port, {
        method: 'POST',
        path: '/api/auth',
        host,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Demo@1234' }),
      });
      return ((await r.json()) as { accessToken: string }).accessToken;
    };
    const gabi = await token('gabi.consulta');
    const marta = await token('marta.admin', 'mercadao.localhost');
    const gql = (t: string, query: string) =>
      fetch(`${base}/api/v1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t}` },
        body: JSON.stringify({ query }),
        signal: AbortSignal.timeout(120_000),
      });
    const commits = async () => {
      const c = new pg.Client({ connectionString: runtime.target.ownerUrl });
      await c.connect();
      const { rows } = await c.query(
        'select xact_commit::int as n from pg_stat_database where datname = current_database()',
      );
      await c.end();
      return rows[0].n as number;
    };
    const sondas = async () => ({
      status: await timed(() =>
        fetch(`${base}/api/v1/status`, { method: 'HEAD', signal: AbortSignal.timeout(20_000) }),
      ),
      outroAssinante: await timed(() =>
        pedir(port, {
          path: '/api/v1/produto/marcas?count=10',
          host: 'mercadao.localhost',
          headers: { authorization: `Bearer ${marta}` },
        }),
      ),
    });

    for (const n of [CAMPOS, 2_000]) {
      const campos = Array.from({ length: n }, (_, i) => `m${i}: marca { total }`).join(' ');
      const antes = await commits();
      const t0 = performance.now();
      const fora = gql(gabi, `{ ...on Query { ${campos} } }`).then(async (r) => ({
        status: r.status,
        corpo: await r.text(),
      }));
      await new Promise((r) => setTimeout(r, 50));
      const durante = await sondas();
      const res = await fora;
      console.log(
        `\n1. desvio por fragmento: ${n} campos na raiz dentro de {...on Query{…}} (usuário somente leitura)`,
      );
      console.log(`   resposta ${res.status} em ${Math.round(performance.now() - t0)} ms: ${res.corpo.slice(0, 150)}`);
      console.log(`   transações no banco desde o envio: ~${(await commits()) - antes} (inclui as sondas)`);
      console.log(
        `   enquanto isso: HEAD /api/v1/status ${JSON.stringify(durante.status)}, outro assinante ${JSON.stringify(durante.outroAssinante)}`,
      );
    }

    const dez = Array.from({ length: 10 }, (_, i) => `m${i}: marca(count: 100) { total items { id descricao } }`).join(
      ' ',
    );
    const rajada = Promise.all(Array.from({ length: RAJADA }, () => timed(() => gql(gabi, `{ ${dez} }`))));
    await new Promise((r) => setTimeout(r, 30));
    const meio = await sondas();
    const resultados = await rajada;
    const porStatus = new Map<string, number>();
    for (const r of resultados) porStatus.set(String(r.status), (porStatus.get(String(r.status)) ?? 0) + 1);
    const ms = resultados.map((r) => r.ms).sort((a, b) => a - b);
    console.log(`\n2. rajada de ${RAJADA} requisições simultâneas de um usuário, 10 consultas paginadas cada`);
    console.log(
      `   respostas ${JSON.stringify(Object.fromEntries(porStatus))}, p50 ${ms[Math.floor(ms.length / 2)]} ms, máx ${ms.at(-1)} ms`,
    );
    console.log(
      `   enquanto isso: HEAD /api/v1/status ${JSON.stringify(meio.status)}, outro assinante ${JSON.stringify(meio.outroAssinante)}`,
    );
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
