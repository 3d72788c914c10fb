/**
 * A server process killed with SIGKILL in the middle of a 1 000-item adjustment (the most one takes)
 * leaves nothing partial (one transaction: PostgreSQL aborts it with the connection), and the retried
 * request with the same Idempotency-Key posts it exactly once.
 */
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { servidorEmProcesso } from '../helpers/servidor-morto';

const { q, criarBanco, iniciar, token, esperarEscrita, esperarAborto, encerrar } = servidorEmProcesso();
const contagem = async () =>
  (
    await q<{ m: number; a: number; s: string | null; i: number }>(`select
      (select count(*)::int from movimento_estoque) m, (select count(*)::int from ajuste_estoque) a,
      (select sum(quantidade)::text from saldo_estoque) s,
      (select count(*)::int from comando_idempotencia where nome_comando = 'estoque.ajuste') i`)
  )[0]!;

afterAll(encerrar);

describe('ajuste de estoque e kill -9', () => {
  it('nada parcial depois do SIGKILL; a repetição com a mesma chave lança uma vez', async () => {
    await criarBanco();
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
    const autorizacao = await token(primeiro.base);
    const enviar = (base: string) =>
      fetch(`${base}/api/v1/estoque/ajustes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: autorizacao, 'idempotency-key': chave },
        body: corpo,
      });
    const pedido = enviar(primeiro.base).catch((e: Error) => e);
    // wait until the command's transaction has written (it holds an xid) and kill the server right there
    expect(await esperarEscrita()).toBe(true);
    primeiro.child.kill('SIGKILL');
    expect(await pedido).toBeInstanceOf(Error);
    await esperarAborto();
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
