/**
 * Fault drills (figures for the closing note; never part of the test command):
 *   kill9  — kill -9 of the server in the middle of large writes (fornecedores with thousands of
 *            contacts, each one transaction, and a 500-item batch): after restart nothing is partial
 *            and the audit log agrees with the data.
 *   pg     — PostgreSQL restarted under load, on a scratch cluster this script creates on its own
 *            port (never the shared server): error window (target ≤ 5 s), recovery without restarting the app.
 *   redis  — Redis (a scratch redis-server on its own port) stopped under load: the API keeps
 *            serving (target 0 errors) and goes on when Redis returns.
 * Usage: npm run falhas -w bench [-- kill9|pg|redis]   (default: all three)
 * Env: CARGA_PG (superuser URL of a PostgreSQL 15 for kill9/redis; default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import { cnpjValido } from '@retaguarda/domain';
import pg from 'pg';
import { entrar, freshDatabase, type Instance, salvar, sleep, startInstance, stopInstance } from './carga-lib';

const PG = process.env.CARGA_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_BIN = '/usr/lib/postgresql/15/bin';

async function sql<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

function cnpj(i: number): string {
  for (let d = 0; d < 100; d++) {
    const s = `${String(81000000 + i * 7919)}0001${String(d).padStart(2, '0')}`;
    if (cnpjValido(s)) return s;
  }
  throw new Error('cnpj');
}

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** Requests in a loop until `fim`; records the time of every failure (5xx or no answer). */
async function martelar(base: () => string, token: string, fim: number, falhas: number[], ok: { n: number }) {
  while (Date.now() < fim) {
    try {
      const r = await fetch(`${base()}/api/v1/produto/marcas?count=10`, { headers: json(token) });
      await r.arrayBuffer();
      if (r.status >= 500) falhas.push(Date.now());
      else ok.n++;
    } catch {
      falhas.push(Date.now());
    }
    await sleep(50);
  }
}

async function kill9() {
  const url = await freshDatabase(PG, 'retaguarda_falhas');
  const env = { DATABASE_URL: url, APP_DB_PASSWORD: 'falhas', LOGIN_MAX_FALHAS_IP: '100000' };
  let inst = await startInstance(8293, env);
  const { access } = await entrar(inst.base, 'ana.admin');
  const CONTATOS = 500; // the most one register write accepts
  const FORNECEDORES = 12;
  const contatos = Array.from({ length: CONTATOS }, (_, i) => ({ tipo: 'EMAIL', valor: `contato${i}@falha.com.br` }));
  const teste = await fetch(`${inst.base}/api/v1/pessoa/fornecedores`, {
    method: 'POST',
    headers: json(access),
    body: JSON.stringify({
      tipoDePessoa: 'J',
      numeroDoDocumento: cnpj(99),
      nome: 'Teste',
      fantasia: 'Teste',
      contatos: contatos.slice(0, 5),
    }),
  });
  if (teste.status !== 201) throw new Error(`fornecedor de teste: ${teste.status} ${await teste.text()}`);
  const escritas = [
    ...Array.from({ length: FORNECEDORES }, (_, i) =>
      fetch(`${inst.base}/api/v1/pessoa/fornecedores`, {
        method: 'POST',
        headers: json(access),
        body: JSON.stringify({
          tipoDePessoa: 'J',
          numeroDoDocumento: cnpj(i),
          nome: `Falha ${i}`,
          fantasia: `Falha ${i}`,
          contatos,
        }),
      })
        .then(async (r) => ({ status: r.status, corpo: (await r.text()).slice(0, 200) }))
        .catch(() => null),
    ),
    fetch(`${inst.base}/api/v1/produto/marcas`, {
      method: 'POST',
      headers: json(access),
      body: JSON.stringify({
        items: Array.from({ length: 500 }, (_, i) => ({
          locator: String(i),
          entity: { descricao: `Lote falha ${i}` },
        })),
      }),
    }).catch(() => null),
  ];
  // kill once part of the work is committed while the rest is still in open transactions
  const ate = Date.now() + 120_000;
  let abertas = 0;
  while (Date.now() < ate) {
    const [m] = await sql<{ marcas: number; forn: number; abertas: number }>(
      url,
      `select (select count(*)::int from marca where descricao like 'Lote falha %') marcas,
              (select count(*)::int from fornecedor where nome like 'Falha %') forn,
              (select count(*)::int from pg_stat_activity where datname = current_database() and xact_start is not null and pid <> pg_backend_pid()) abertas`,
    );
    abertas = m!.abertas;
    if (m!.marcas > 0 && m!.forn > 0 && m!.forn < FORNECEDORES && abertas > 0) break;
    await sleep(10);
  }
  inst.child.kill('SIGKILL');
  const mortoEm = Date.now();
  const respostas = await Promise.all(escritas);
  inst = await startInstance(8293, env);
  const recuperouMs = Date.now() - mortoEm;
  const forn = await sql<{ nome: string; n: number; auditado: boolean }>(
    url,
    `select f.nome, (select count(*)::int from fornecedor_contato c where c.fornecedor_id = f.id) n,
            exists (select 1 from auditoria a where a.entidade = 'fornecedor' and a.entidade_id = f.id::text) auditado
       from fornecedor f where f.nome like 'Falha %'`,
  );
  const [marcas] = await sql<{ n: number; auditadas: number; orfas: number }>(
    url,
    `select (select count(*)::int from marca where descricao like 'Lote falha %') n,
            (select count(*)::int from marca m where descricao like 'Lote falha %' and exists
               (select 1 from auditoria a where a.entidade = 'marca' and a.operacao = 'INCLUSAO' and a.entidade_id = m.id::text)) auditadas,
            (select count(*)::int from auditoria a where a.entidade = 'marca' and a.operacao = 'INCLUSAO'
               and a.depois->>'descricao' like 'Lote falha %' and not exists (select 1 from marca m where m.id::text = a.entidade_id)) orfas`,
  );
  const parciais = forn.filter((f) => f.n !== CONTATOS);
  const status = (await fetch(`${inst.base}/api/v1/status`, { method: 'HEAD' })).status;
  await stopInstance(inst);
  return {
    fornecedoresCompletos: forn.length - parciais.length,
    fornecedoresParciais: parciais.length,
    fornecedoresSemAuditoria: forn.filter((f) => !f.auditado).length,
    fornecedoresNaoGravados: FORNECEDORES - forn.length,
    marcasDoLoteGravadas: marcas!.n,
    marcasSemAuditoria: marcas!.n - marcas!.auditadas,
    auditoriaSemMarca: marcas!.orfas,
    transacoesAbertasAoMatar: abertas,
    respostasAntesDoKill: respostas.filter((r) => r && 'status' in r),
    reinicioAtePrimeiroStatusMs: recuperouMs,
    statusAposReinicio: status,
    ok:
      parciais.length === 0 && marcas!.n === marcas!.auditadas && marcas!.orfas === 0 && forn.every((f) => f.auditado),
  };
}

/** A scratch PostgreSQL 15 cluster on its own port, run by the postgres system user. */
function clusterTemporario(porta: number) {
  const dir = `/tmp/retaguarda-falhas-pg-${porta}`;
  const su = (args: string[]) => ['postgres', '-s', '/bin/sh', '-c', args.map((a) => `'${a}'`).join(' ')];
  const comoPostgres = (args: string[]) => execFileSync('su', su(args), { stdio: 'pipe' });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { mode: 0o700 });
  execFileSync('chown', ['postgres:postgres', dir]);
  comoPostgres([`${PG_BIN}/initdb`, '-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctlArgs = (acao: string) => [
    `${PG_BIN}/pg_ctl`,
    '-D',
    dir,
    '-w',
    '-m',
    'fast',
    '-l',
    `${dir}/log`,
    '-o',
    `-p ${porta} -k /tmp -c listen_addresses=127.0.0.1`,
    acao,
  ];
  const ctl = (acao: string) => comoPostgres(ctlArgs(acao));
  /** Without blocking this process: the load goes on during the restart. */
  const ctlAsync = (acao: string) => promisify(execFile)('su', su(ctlArgs(acao)));
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${porta}/postgres`,
    ctlAsync,
    remover: () => {
      ctl('stop');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function pgReinicio() {
  const c = clusterTemporario(5499);
  let inst: Instance | undefined;
  try {
    const url = await freshDatabase(c.url, 'retaguarda_falhas');
    inst = await startInstance(8294, { DATABASE_URL: url, APP_DB_PASSWORD: 'falhas' });
    const { access } = await entrar(inst.base, 'ana.admin');
    const falhas: number[] = [];
    const ok = { n: 0 };
    const fim = Date.now() + 25_000;
    const carga = Promise.all(Array.from({ length: 20 }, () => martelar(() => inst!.base, access, fim, falhas, ok)));
    await sleep(8_000);
    const t0 = Date.now();
    await c.ctlAsync('restart');
    const reinicioMs = Date.now() - t0;
    await carga;
    const depois = await fetch(`${inst.base}/api/v1/produto/marcas?count=1`, { headers: json(access) });
    const janela = falhas.length ? Math.max(...falhas) - Math.min(...falhas) : 0;
    return {
      pgReinicioMs: reinicioMs,
      requisicoesOk: ok.n,
      falhas: falhas.length,
      janelaDeErrosMs: janela,
      statusAposReinicio: depois.status,
      ok: janela <= 5_000 && depois.status === 200,
    };
  } finally {
    if (inst) await stopInstance(inst);
    c.remover();
  }
}

async function redisParado() {
  const porta = 6399;
  const iniciar = (): ChildProcess =>
    spawn('redis-server', ['--port', String(porta), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
  let redis = iniciar();
  await sleep(500);
  const url = await freshDatabase(PG, 'retaguarda_falhas_redis');
  const inst = await startInstance(8295, {
    DATABASE_URL: url,
    APP_DB_PASSWORD: 'falhas',
    REDIS_URL: `redis://127.0.0.1:${porta}`,
  });
  try {
    const { access } = await entrar(inst.base, 'ana.admin');
    const falhas: number[] = [];
    const ok = { n: 0 };
    const fim = Date.now() + 20_000;
    const carga = Promise.all(Array.from({ length: 10 }, () => martelar(() => inst.base, access, fim, falhas, ok)));
    await sleep(5_000);
    redis.kill('SIGTERM');
    await sleep(8_000);
    const semRedis = {
      falhas: falhas.length,
      login: (
        await fetch(`${inst.base}/api/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'elisa.compras', password: 'Demo@1234' }),
        })
      ).status,
    };
    redis = iniciar();
    await carga;
    const depois = await fetch(`${inst.base}/api/v1/produto/marcas?count=1`, { headers: json(access) });
    return {
      requisicoesOk: ok.n,
      falhasSemRedis: semRedis.falhas,
      loginSemRedis: semRedis.login,
      falhasTotal: falhas.length,
      statusComRedisDeVolta: depois.status,
      ok: falhas.length === 0 && semRedis.login === 200 && depois.status === 200,
    };
  } finally {
    await stopInstance(inst);
    redis.kill('SIGTERM');
  }
}

async function main() {
  const pedidos = process.argv.slice(2).length ? process.argv.slice(2) : ['kill9', 'pg', 'redis'];
  const out: Record<string, unknown> = {};
  for (const p of pedidos) {
    console.log(`[falhas] ${p}…`);
    out[p] = p === 'kill9' ? await kill9() : p === 'pg' ? await pgReinicio() : await redisParado();
    console.log(`[falhas] ${p}: ${JSON.stringify(out[p])}`);
  }
  console.log(`[falhas] resultado salvo em ${salvar('falhas', out)}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
