/**
 * A command run from a job in chunks (workflows/em-partes.ts): 10 stock adjustments, one per chunk; the instance
 * running it is killed (SIGKILL) inside chunk 4's transaction (it waits on a row the test holds, after its
 * writes); another instance resumes the retried job at chunk 4 and every chunk posts exactly once. Progress is
 * per chunk; a cancelled job stops between chunks and keeps the chunks done.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Tarefa } from '@retaguarda/domain';
import { hojeNaZona } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { tarefasDe } from '../../src/jobs';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import './tipos-em-partes';

let t: TestApp;
let diego: LoginResult;
const ref: Record<string, number> = {};
let produtos: number[] = [];

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await tenantQuery<T>(t.ownerUrl, ref.assinante!, text, params)).rows;

async function esperar(id: string, ok: (x: Tarefa) => boolean, ms = 40_000): Promise<Tarefa> {
  const fim = Date.now() + ms;
  let ultima: Tarefa | undefined;
  while (Date.now() < fim) {
    ultima = await tarefasDe(t.db).consultar(ref.assinante!, id);
    if (ultima && ok(ultima)) return ultima;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`tarefa ${id} não chegou ao estado esperado: ${JSON.stringify(ultima)}`);
}

beforeAll(async () => {
  process.env.JOBS_SUPERVISAO_S = '1';
  process.env.JOBS_POLLING_S = '1';
  t = await createTestApp();
  diego = await login(t, 'diego.estoque');
  const [a] = (await adminQuery<{ id: number }>(t.ownerUrl, `select id from assinante where nome = 'Bela Vida'`)).rows;
  ref.assinante = a!.id;
  const [l] = await q<{ loja: number; local: number }>(
    `select l.id as loja, (select id from local_estoque x where x.loja_id = l.id and x.tipo = 'LOJA' order by id limit 1)
       as local from loja l where l.sigla = 'BV02'`,
  );
  ref.loja = l!.loja;
  ref.local = l!.local;
  const [tipo] = await q<{ id: number }>(
    `select id from tipo_ajuste where tipo = 'ENTRADA' and not exige_observacao order by id limit 1`,
  );
  ref.tipo = tipo!.id;
  // products with a balance row at the store's location (chunk 4's is the one the test holds)
  produtos = (
    await q<{ id: number }>(
      `select s.produto_id as id from saldo_estoque s join produto p on p.id = s.produto_id
         left join unidade u on u.id = p.unidade_de_venda_id
        where s.loja_id = $1 and s.local_id = $2 and p.ativo and not coalesce(u.permite_fracionamento, false)
        order by 1 limit 4`,
      [ref.loja, ref.local],
    )
  ).map((r) => r.id);
  expect(produtos).toHaveLength(4);
});
afterAll(async () => t?.close());

const entrada = (rotulo: string, produto: number) => ({
  lojaId: ref.loja,
  localId: ref.local,
  tipoDeOperacao: 'ENTRADA',
  tipoDeAjusteId: ref.tipo,
  dataDaMovimentacao: `${hojeNaZona('America/Sao_Paulo')}T10:00:00`,
  observacao: rotulo,
  itens: [
    { produtoId: produto, quantidade: 1 },
    { produtoId: produtos[3]!, quantidade: 2 },
  ],
});
/** adjustments by label, and their movements */
const postados = (prefixo: string) =>
  q<{ observacao: string; n: number; movimentos: number }>(
    `select a.observacao, count(*)::int as n, sum((select count(*) from movimento_estoque m
        where m.documento_tipo = 'AJUSTE' and m.documento_id = a.id and m.loja_id = a.loja_id))::int as movimentos
       from ajuste_estoque a where a.observacao like $1 group by 1 order by 1`,
    [`${prefixo}%`],
  );

describe('comando executado por uma tarefa, em partes', () => {
  let filha: ChildProcess | undefined;
  let outra: FastifyInstance | undefined;
  let trava: pg.Client | undefined;
  afterAll(async () => {
    filha?.kill('SIGKILL');
    await trava?.end().catch(() => {});
    await outra?.close();
  });

  it('10 partes, kill -9 dentro da parte 4: a tarefa repetida recomeça na parte 4 e cada parte lança uma vez', async () => {
    // chunks 1-3 and 5-10 post products 0-2; chunk 4 posts the product whose balance row the test holds
    const rotulos = Array.from({ length: 10 }, (_, i) => `em-partes ${String(i + 1).padStart(2, '0')}`);
    const entradas = rotulos.map((r, i) => entrada(r, i === 3 ? produtos[2]! : produtos[i % 2]!));
    trava = new pg.Client({ connectionString: t.ownerUrl });
    await trava.connect();
    await trava.query('begin');
    await trava.query(`select set_config('app.assinante_id', $1, true)`, [String(ref.assinante)]);
    await trava.query(
      `select 1 from saldo_estoque where loja_id = $1 and local_id = $2 and produto_id = $3 for update`,
      [ref.loja, ref.local, produtos[2]],
    );
    // chunks 1-3 hold the shared product's row only for their own short transactions; chunk 4 waits for ours

    // this file's app only enqueues from now on: the child takes the job
    await t.app.tarefas.boss.offWork('geral', { wait: true });
    filha = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'instancia-em-partes.ts')], {
      env: { ...process.env, TESTE_APP_URL: t.appUrl, JOBS_CONCORRENCIA: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let saida = '';
    filha.stdout!.on('data', (c) => (saida += c));
    filha.stderr!.on('data', (c) => (saida += c));
    const inicio = Date.now();
    while (!saida.includes('pronta')) {
      if (Date.now() - inicio > 60_000) throw new Error(`instância filha não subiu: ${saida}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const id = await tarefasDe(t.db).enviar(
      'teste-ajustes-em-partes',
      { entradas },
      { assinanteId: ref.assinante!, usuarioId: diego.body.id },
    );
    const antes = await esperar(id, (x) => x.status === 'PROCESSANDO' && x.progresso.feito === 3);
    expect(antes.progresso).toMatchObject({ feito: 3, total: 10, fase: '3 ajustes' });
    // chunk 4 has written (its adjustment, its mark) and waits on the held row
    for (let i = 0; ; i++) {
      const [w] = (
        await adminQuery<{ n: number }>(
          t.ownerUrl,
          `select count(*)::int as n from pg_stat_activity where datname = current_database()
            and wait_event_type = 'Lock' and backend_xid is not null and pid <> $1`,
          [(trava as unknown as { processID: number }).processID],
        )
      ).rows;
      if (w!.n > 0) break;
      if (i > 600) throw new Error('a parte 4 não chegou a esperar pela linha travada');
      await new Promise((r) => setTimeout(r, 50));
    }
    filha.kill('SIGKILL');
    await trava.query('rollback');
    expect((await postados('em-partes')).map((p) => p.observacao)).toEqual(rotulos.slice(0, 3));
    const marcas = await q<{ n: number }>(`select count(*)::int as n from tarefa_parte where tarefa_id = $1`, [id]);
    expect(marcas[0]!.n).toBe(3);

    // another instance with workers resumes the job once its heartbeat expires
    outra = await buildApp({ config: { ...loadConfig(), logLevel: 'silent' }, db: t.db, logger: false });
    await outra.ready();
    const fim = await esperar(id, (x) => x.status === 'CONCLUIDO');
    expect(fim.tentativas).toBe(2);
    expect(fim.progresso).toMatchObject({ feito: 10, total: 10, fase: '10 ajustes' });
    const feitos = await postados('em-partes');
    expect(feitos).toEqual(rotulos.map((observacao) => ({ observacao, n: 1, movimentos: 2 })));
    const ids = (fim.resultado as { ajustes: number[] }).ajustes;
    expect(new Set(ids).size).toBe(10);
    const partes = await q<{ indice: number }>(`select indice from tarefa_parte where tarefa_id = $1 order by indice`, [
      id,
    ]);
    expect(partes.map((p) => p.indice)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // one audit row per chunk's command run, as for any command
    const auditoria = await q<{ n: number }>(`select count(*)::int as n from auditoria where request_id like $1`, [
      `tarefa:${id}:%`,
    ]);
    expect(auditoria[0]!.n).toBe(10);
  }, 150_000);

  it('cancelada durante a parte 3: a parte em curso termina, nenhuma outra começa, as feitas ficam', async () => {
    const rotulos = Array.from({ length: 6 }, (_, i) => `cancelada ${i + 1}`);
    const entradas = rotulos.map((r, i) => entrada(r, i === 2 ? produtos[2]! : produtos[i % 2]!));
    const c = new pg.Client({ connectionString: t.ownerUrl });
    await c.connect();
    try {
      await c.query('begin');
      await c.query(`select set_config('app.assinante_id', $1, true)`, [String(ref.assinante)]);
      await c.query(`select 1 from saldo_estoque where loja_id = $1 and local_id = $2 and produto_id = $3 for update`, [
        ref.loja,
        ref.local,
        produtos[2],
      ]);
      // `outra` (the previous test's instance) works the queue
      const id = await tarefasDe(t.db).enviar(
        'teste-ajustes-em-partes',
        { entradas },
        { assinanteId: ref.assinante!, usuarioId: diego.body.id },
      );
      await esperar(id, (x) => x.status === 'PROCESSANDO' && x.progresso.feito === 2);
      const r = await t.app.inject({ method: 'POST', url: `/api/v1/tarefas/${id}/cancelar`, headers: diego.headers });
      expect(r.statusCode, r.body).toBe(200);
      await c.query('rollback');
      const fim = await esperar(id, (x) => x.status === 'CANCELADO');
      expect(fim.tentativas).toBe(1);
      // wait until no transaction of the app is left, then nothing after chunk 3 was posted
      for (let i = 0; i < 200; i++) {
        const [w] = (
          await adminQuery<{ n: number }>(
            t.ownerUrl,
            `select count(*)::int as n from pg_stat_activity where datname = current_database()
              and backend_xid is not null and pid <> pg_backend_pid()`,
          )
        ).rows;
        if (w!.n === 0) break;
        await new Promise((ok) => setTimeout(ok, 50));
      }
      const feitos = (await postados('cancelada')).map((p) => p.observacao);
      expect(feitos.length).toBeGreaterThanOrEqual(2);
      expect(feitos.length).toBeLessThanOrEqual(3);
      expect(feitos).toEqual(rotulos.slice(0, feitos.length));
      const marcas = await q<{ n: number }>(`select count(*)::int as n from tarefa_parte where tarefa_id = $1`, [id]);
      expect(marcas[0]!.n).toBe(feitos.length);
    } finally {
      await c.end();
    }
  }, 60_000);
});
