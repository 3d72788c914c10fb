/**
 * Register-engine figures (issue 5): 1,000,000 rows in produto on the embedded PostgreSQL, through
 * real HTTP (autocannon), side by side with a minimal Fastify + pg endpoint running the same SQL.
 * Cases: filter + sort + page of 10 + exact total; accent-insensitive contains; deep pages by start;
 * CSV/XLSX export of every row (time and the server's peak RSS).
 * Usage: npx tsx bench/registers.ts   (BENCH_ROWS, BENCH_SECONDS to shrink a run)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import pg from 'pg';

const repo = path.resolve(import.meta.dirname, '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_ONLY=busca: only the list cases (no deep pages, no export), for a quick re-run. */
const ONLY = process.env.BENCH_ONLY;

if (process.argv[2] === '--server') await serve();
else await main();

/** Child: the real app (embedded PostgreSQL) plus the minimal endpoint on the next port. */
async function serve() {
  const { loadConfig } = await import('../apps/server/src/config');
  const { startRuntime } = await import('../apps/server/src/runtime');
  const Fastify = (await import('fastify')).default;
  const port = Number(process.env.PORT);
  const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
  await rt.app.listen({ port, host: '127.0.0.1' });
  // the hand-written baseline: same SQL as the engine (RLS transaction, page + exact count)
  const pool = new pg.Pool({ connectionString: rt.target.appUrl, max: 20 });
  const mini = Fastify();
  mini.get('/produtos', async (req) => {
    const q = req.query as { secao?: string; start?: string };
    const c = await pool.connect();
    try {
      await c.query('begin');
      await c.query(`select set_config('app.assinante_id', '1', true)`);
      const where = q.secao ? 'where t.secao_id = $1' : '';
      const params = q.secao ? [Number(q.secao)] : [];
      const rows = await c.query(
        `select t.id, t.descricao, t.codigo_interno, t.secao_id from produto t ${where} order by t.id desc limit 10 offset ${Number(q.start ?? 0)}`,
        params,
      );
      const n = await c.query(`select count(*)::int as n from produto t ${where}`, params);
      await c.query('commit');
      return { start: 0, count: rows.rowCount, total: n.rows[0].n, items: rows.rows };
    } finally {
      c.release();
    }
  });
  await mini.listen({ port: port + 1, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ ownerUrl: rt.target.ownerUrl })}\n`);
}

async function main() {
  const port = Number(process.env.BENCH_PORT ?? 8371);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-bench-reg-'));
  fs.chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'bench/registers.ts'), '--server'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { ownerUrl } = await firstLine(child);
  const base = `http://127.0.0.1:${port}`;
  try {
    console.log(`Gerando ${ROWS.toLocaleString('pt-BR')} produtos…`);
    const t0 = performance.now();
    const secao = await generate(ownerUrl);
    console.log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s (com índices e VACUUM ANALYZE)`);
    const auth = await fetch(`${base}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ana.admin', password: 'Demo@1234' }),
    });
    const token = ((await auth.json()) as { accessToken: string }).accessToken;
    const headers = { authorization: token };
    const filtro = `/api/v1/produto/produtos?q=secaoId==${secao}&sort=-id&start=0&count=10`;
    const total = ((await (await fetch(base + filtro, { headers })).json()) as { total: number }).total;
    console.log(`Filtro secaoId==${secao}: ${total} linhas`);
    const rows: string[][] = [];
    const run = async (label: string, url: string, conns: number, h: Record<string, string> = headers) => {
      await load(url, 1, 2, h); // warm-up
      const r = await load(url, conns, SECONDS, h);
      rows.push([
        label,
        String(conns),
        r.rps.toFixed(0),
        `${r.p50} ms`,
        `${r.p99} ms`,
        r.non2xx ? `${r.non2xx} não-2xx` : '',
      ]);
    };
    for (const c of [1, 50]) {
      await run('engine: filtro + ordem + 10 + total', base + filtro, c);
      await run('mínimo Fastify+pg, mesmo SQL', `http://127.0.0.1:${port + 1}/produtos?secao=${secao}`, c, {});
      await run(
        'engine: contém sem acento *cafe torrado 42 * (~125 linhas)',
        `${base}/api/v1/produto/produtos?q=descricao=="*cafe torrado 42 *"&sort=-id&count=10`,
        c,
      );
    }
    for (const start of ONLY ? [] : [0, 10_000, 100_000, 500_000]) {
      await run(
        `engine: sem filtro, sort=id, start=${start}`,
        `${base}/api/v1/produto/produtos?sort=id&start=${start}&count=10`,
        1,
      );
    }
    console.table(rows.map(([caso, conns, rps, p50, p99, obs]) => ({ caso, conns, 'req/s': rps, p50, p99, obs })));
    for (const format of ONLY ? [] : ['csv', 'xlsx']) {
      const t1 = performance.now();
      const res = await fetch(`${base}/api/v1/produto/produtos/export?format=${format}&sort=id`, { headers });
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      console.log(
        `Exportação ${format}: ${((performance.now() - t1) / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(0)} MB, pico de RSS do servidor ${peakRssMb(child.pid!)} MB`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function firstLine(child: ChildProcess): Promise<{ ownerUrl: string }> {
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`servidor saiu (${code})`)));
  });
}

/** Rows for tenant 1 in 50 sections; accented descriptions so "contains" exercises unaccent. */
async function generate(ownerUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  await c.query(`select set_config('app.assinante_id', '1', false)`);
  await c.query(
    `insert into secao (assinante_id, descricao) select 1, 'Seção bench ' || g from generate_series(1, 50) g`,
  );
  const { rows } = await c.query<{ id: number }>(
    `select min(id)::int as id from secao where descricao like 'Seção bench %'`,
  );
  const first = rows[0]!.id;
  await c.query(
    `insert into produto (assinante_id, descricao, codigo_interno, secao_id, ncm_id, genero_id, peso_bruto)
     select 1, (array['Chocolate ao leite','Café torrado','Açúcar cristal','Pão de forma','Feijão preto','Colônia floral','Sabonete de glicerina','Óleo de soja'])[1 + g % 8]
              || ' ' || (g % 997) || ' ' || substr(md5(g::text), 1, 6),
            (5000000 + g)::text, $1::int + (g % 50), '33030020', '33', (g % 1000) / 100.0
       from generate_series(1, $2::int) g`,
    [first, ROWS],
  );
  await c.query('vacuum analyze produto');
  await c.end();
  return first + 7;
}

async function load(url: string, connections: number, duration: number, headers: Record<string, string>) {
  const r = (await autocannon({ url, connections, duration, headers })) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
  };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

function peakRssMb(pid: number): number {
  // the server is the child's own process (tsx runs in-process with --import)
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}
