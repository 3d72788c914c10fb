/**
 * A server process killed with SIGKILL in the middle of a 1 000-item adjustment (the most one takes)
 * leaves nothing partial (one transaction: PostgreSQL aborts it with the connection), and the retried
 * request with the same Idempotency-Key posts it exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { adminQuery, nomeBancoDoTeste } from '../helpers/app';
import { DEMO_SENHA } from '../helpers/auth';

const SERVER = path.join(REPO_ROOT, 'apps/server/src/server.ts');
const { serverUrl, template, appPassword } = inject('testDb');
const nome = nomeBancoDoTeste();
const url = (db: string) => {
  const u = new URL(serverUrl);
  u.pathname = `/${db}`;
  return u.toString();
};
const procs: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function iniciar(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: url(nome),
      APP_DB_PASSWORD: appPassword ?? '',
      PORT: String(port),
    },
    stdio: 'ignore',
  });
  procs.push(child);
  const base = `http://127.0.0.1:${port}`;
  const fim = Date.now() + 90_000;
  while (Date.now() < fim) {
    const s = await fetch(`${base}/api/v1/status`, { method: 'HEAD' }).then(
      (r) => r.status,
      () => 0,
    );
    if (s === 200) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('o servidor não subiu');
}

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await adminQuery<T>(url(nome), text, params)).rows;
const contagem = async () =>
  (
    await q<{ m: number; a: number; s: string | null; i: number }>(`select
      (select count(*)::int from movimento_estoque) m, (select count(*)::int from ajuste_estoque) a,
      (select sum(quantidade)::text from saldo_estoque) s,
      (select count(*)::int from comando_idempotencia where nome_comando = 'estoque.ajuste') i`)
  )[0]!;

afterAll(async () => {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  await adminQuery(url('postgres'), `drop database if exists ${nome} with (force)`);
});

describe('ajuste de estoque e kill -9', () => {
  it('nada parcial depois do SIGKILL; a repetição com a mesma chave lança uma vez', async () => {
    await adminQuery(url('postgres'), `create database ${nome} template ${template}`);
    const [ref] = await q<{ loja: number; local: number; tipo: number }>(`select l.id as loja, le.id as local,
        (select id from tipo_ajuste t where t.assinante_id = l.assinante_id and t.tipo = 'ENTRADA'
           and not t.exige_observacao order by id limit 1) as tipo
       from loja l join local_estoque le on le.loja_id = l.id and le.tipo = 'LOJA' where l.sigla = 'BV02'`);
    // one line per product, at most 1 000 lines (duplicados.ts): the demo's products and 1 000 more
    await q(`insert into produto (assinante_id, descricao)
      select assinante_id, 'Kill ' || g from loja, generate_series(1, 1000) g where sigla = 'BV02'`);
    const produtos = (
      await q<{ id: number }>(
        `select p.id from produto p
          left join unidade u on u.assinante_id = p.assinante_id and u.id = p.unidade_de_venda_id
        where p.ativo and not coalesce(u.permite_fracionamento, false)
          and p.assinante_id = (select assinante_id from loja where id = $1)`,
        [ref!.loja],
      )
    ).map((p) => p.id);
    const antes = await contagem();
    const corpo = JSON.stringify({
      lojaId: ref!.loja,
      localId: ref!.local,
      tipoDeOperacao: 'ENTRADA',
      tipoDeAjusteId: ref!.tipo,
      dataDaMovimentacao: '2025-06-01',
      confirmarDataAntiga: true,
      itens: Array.from({ length: 1_000 }, (_, i) => ({
        produtoId: produtos[i],
        quantidade: 1 + (i % 5),
      })),
    });
    const chave = crypto.randomUUID();

    const primeiro = await iniciar();
    const auth = (await (
      await fetch(`${primeiro.base}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ana.admin', password: DEMO_SENHA }),
      })
    ).json()) as { accessToken: string };
    const enviar = (base: string) =>
      fetch(`${base}/api/v1/estoque/ajustes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: auth.accessToken, 'idempotency-key': chave },
        body: corpo,
      });
    const pedido = enviar(primeiro.base).catch((e: Error) => e);
    // wait until the command's transaction has written (it holds an xid) and kill the server right there
    let escrevendo = false;
    for (let i = 0; i < 6000 && !escrevendo; i++) {
      const r = await q<{ n: number }>(
        `select count(*)::int n from pg_stat_activity
        where datname = $1 and usename = 'retaguarda_app' and backend_xid is not null`,
        [nome],
      );
      escrevendo = r[0]!.n > 0;
      if (!escrevendo) await new Promise((r) => setTimeout(r, 5));
    }
    expect(escrevendo).toBe(true);
    primeiro.child.kill('SIGKILL');
    expect(await pedido).toBeInstanceOf(Error);
    // PostgreSQL notices the closed connection and aborts the transaction
    for (let i = 0; i < 200; i++) {
      const r = await q<{ n: number }>(
        `select count(*)::int n from pg_stat_activity
        where datname = $1 and usename = 'retaguarda_app' and backend_xid is not null`,
        [nome],
      );
      if (r[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await contagem()).toEqual(antes);

    const segundo = await iniciar();
    const r1 = await enviar(segundo.base);
    expect(r1.status).toBe(201);
    const depois = await contagem();
    expect(depois.m).toBe(antes.m + 1_000);
    expect(depois.a).toBe(antes.a + 1);
    const r2 = await enviar(segundo.base);
    expect(r2.status).toBe(201);
    expect(r2.headers.get('idempotent-replayed')).toBe('true');
    expect(r2.headers.get('location')).toBe(r1.headers.get('location'));
    expect(await contagem()).toEqual(depois);
    segundo.child.kill('SIGTERM');
  }, 240_000);
});
