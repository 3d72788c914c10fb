/**
 * The real self-update (spec §4 "Update flow", §7 POST /api/v1/administracao/self-update): the supervisor
 * (scripts/supervisor.mjs) runs a packed build of this checkout on a temporary DATA_DIR; the update command
 * copies a fixture build (48784, one extra migration) into place; the server verifies it, restarts on it,
 * applies the migration and reports the new version. A failing command, and a build that cannot migrate
 * (rolled back by the supervisor), leave the running version untouched with the job in error.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { adminQuery } from '../helpers/app';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rtg-self-update-'));
fs.chmodSync(tmp, 0o755); // the embedded PostgreSQL runs as `postgres` when the tests run as root
const dataDir = path.join(tmp, 'data');
const comando = path.join(tmp, 'atualizar.sh');
let supervisor: ChildProcess | undefined;
let saida = '';
let base = '';
let headers: Record<string, string> = {};

function criarBuild(destino: string, build: number, migracoes: Record<string, string> = {}): void {
  const extras = Object.entries(migracoes).flatMap(([nome, sql]) => {
    const f = path.join(tmp, nome);
    fs.writeFileSync(f, sql);
    return ['--migracao', f];
  });
  execFileSync(
    process.execPath,
    ['scripts/criar-build.mjs', '--destino', destino, '--build', String(build), '--web', 'none', ...extras],
    { cwd: REPO_ROOT, stdio: 'pipe' },
  );
}

const instalar = (fixture: string) => fs.writeFileSync(comando, `cp -R ${fixture}/. "$RETAGUARDA_DESTINO"/\n`);

async function portaLivre(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function get<T>(url: string): Promise<T> {
  const res = await fetch(`${base}${url}`, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

interface Situacao {
  ultima: { id: number; status: string; mensagem: string; versaoAlvo: string; tarefaId: string } | null;
}

/** Polls (the server may be restarting: connection errors are expected) until `ok` holds. */
async function esperar<T>(ler: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const fim = Date.now() + ms;
  let ultimo: T | undefined;
  while (Date.now() < fim) {
    ultimo = await ler().catch(() => undefined);
    if (ultimo !== undefined && ok(ultimo)) return ultimo;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`condição não alcançada (último: ${JSON.stringify(ultimo)})\n${saida.slice(-3000)}`);
}

async function atualizar(): Promise<number> {
  const res = await fetch(`${base}/api/v1/administracao/self-update`, { method: 'POST', headers });
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: number }).id;
}

async function ownerUrl(): Promise<string> {
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const porta = fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://postgres:${encodeURIComponent(secrets.superPassword)}@127.0.0.1:${porta}/retaguarda`;
}

beforeAll(async () => {
  const atual = path.join(tmp, 'atual');
  criarBuild(atual, 48783);
  criarBuild(path.join(tmp, 'fixture-48784'), 48784, {
    '9001_fixture_atualizacao.sql': 'create table fixture_atualizacao (id integer primary key);',
  });
  criarBuild(path.join(tmp, 'fixture-quebrada'), 48784, {
    '9000_fixture_quebrada.sql': 'select * from tabela_que_nao_existe;',
  });
  fs.writeFileSync(
    path.join(tmp, 'releases.json'),
    JSON.stringify({ releases: [{ numero: '8.0', build: 48784, notas: [{ issue: 'RTG-1', detail: 'Teste' }] }] }),
  );
  const porta = await portaLivre();
  base = `http://127.0.0.1:${porta}`;
  supervisor = spawn(process.execPath, [path.join(atual, 'scripts/supervisor.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(porta),
      LOG_LEVEL: 'warn',
      RELEASE_MANIFEST: path.join(tmp, 'releases.json'),
      UPDATE_COMMAND: `sh ${comando}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  supervisor.stdout!.on('data', (c) => (saida += c));
  supervisor.stderr!.on('data', (c) => (saida += c));
  const login = await esperar(
    () =>
      fetch(`${base}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ana.admin', password: 'Demo@1234' }),
      }).then((r) => r.json() as Promise<{ accessToken?: string }>),
    (r) => Boolean(r.accessToken),
    90_000,
  );
  headers = { authorization: `Bearer ${login.accessToken}` };
}, 120_000);

afterAll(async () => {
  if (supervisor && supervisor.exitCode === null) {
    const saiu = new Promise((r) => supervisor!.once('exit', r));
    supervisor.kill('SIGTERM');
    await Promise.race([saiu, new Promise((r) => setTimeout(r, 20_000))]);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}, 30_000);

describe('self-update supervisionado', () => {
  it('comando com erro: o job termina em falha e a versão não muda', async () => {
    fs.writeFileSync(comando, 'echo "pacote não encontrado" >&2; exit 4\n');
    const id = await atualizar();
    const s = await esperar(
      () => get<Situacao>('/api/v1/administracao/self-update'),
      (v) => v.ultima?.id === id && v.ultima.status !== 'EM_ANDAMENTO',
    );
    expect(s.ultima).toMatchObject({ status: 'FALHOU', mensagem: expect.stringMatching(/código de saída 4/) });
    expect(await get('/api/v1/versoes/atual')).toEqual({ numero: '8.0', build: 48783 });
  });

  it('comando que não instala o build: a verificação recusa e nada reinicia', async () => {
    fs.writeFileSync(comando, 'echo "nada a fazer"\n');
    const id = await atualizar();
    const s = await esperar(
      () => get<Situacao>('/api/v1/administracao/self-update'),
      (v) => v.ultima?.id === id && v.ultima.status !== 'EM_ANDAMENTO',
    );
    expect(s.ultima).toMatchObject({ status: 'FALHOU', mensagem: expect.stringMatching(/não tem manifesto/) });
    expect(await get('/api/v1/versoes/atual')).toEqual({ numero: '8.0', build: 48783 });
    expect(saida).not.toMatch(/iniciando o build 48784/);
  });

  it('build que não migra: o supervisor volta ao build anterior e o job registra a falha', async () => {
    instalar(path.join(tmp, 'fixture-quebrada'));
    const id = await atualizar();
    const s = await esperar(
      () => get<Situacao>('/api/v1/administracao/self-update'),
      (v) => v.ultima?.id === id && v.ultima.status !== 'EM_ANDAMENTO',
    );
    expect(s.ultima).toMatchObject({ status: 'FALHOU', mensagem: expect.stringMatching(/build 48784 não iniciou/) });
    expect(await get('/api/v1/versoes/atual')).toEqual({ numero: '8.0', build: 48783 });
    expect(saida).toMatch(/voltando ao build 48783/);
  }, 90_000);

  it('build mais novo: instalado, migrado, servidor reiniciado e versão nova informada', async () => {
    instalar(path.join(tmp, 'fixture-48784'));
    const id = await atualizar();
    await esperar(
      () => get<{ build: number }>('/api/v1/versoes/atual'),
      (v) => v.build === 48784,
    );
    // the new build listens first and then records the update it was started for: wait for that record
    const s = await esperar(
      () => get<Situacao>('/api/v1/administracao/self-update'),
      (v) => v.ultima?.id === id && v.ultima.status !== 'EM_ANDAMENTO',
    );
    expect(s.ultima).toMatchObject({ id, status: 'CONCLUIDA', versaoAlvo: '8.0.48784' });
    // its job ended before the restart (completed, not lost with the old instance: never run again)
    expect(await get(`/api/v1/tarefas/${s.ultima!.tarefaId}`)).toMatchObject({
      status: 'CONCLUIDO',
      tentativas: 1,
      resultado: { versaoAlvo: '8.0.48784', reiniciando: true },
    });
    expect(await get('/api/v1/status')).toMatchObject({ versao: '8.0.48784' });
    const { rows } = await adminQuery(
      await ownerUrl(),
      "select to_regclass('fixture_atualizacao') is not null as existe, " +
        "exists(select 1 from schema_migrations where versao = '9001_fixture_atualizacao.sql') as registrada",
    );
    expect(rows[0]).toEqual({ existe: true, registrada: true });
    // nothing newer is announced any more
    const outra = await fetch(`${base}/api/v1/administracao/self-update`, { method: 'POST', headers });
    expect(outra.status).toBe(409);
  }, 90_000);
});
