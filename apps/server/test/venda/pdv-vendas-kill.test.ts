/**
 * A server process killed with SIGKILL in the middle of a 5 000-sale POS upload leaves nothing partial (one
 * transaction: PostgreSQL aborts it with the connection); the whole batch resent posts every sale, its stock and
 * its receipts exactly once, and a further resend changes nothing (each sale answers DUPLICADO).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { servidorEmProcesso } from '../helpers/servidor-morto';

const { q, criarBanco, iniciar, token, esperarEscrita, esperarAborto, encerrar } = servidorEmProcesso();
const contagem = async () =>
  (
    await q<{ c: number; m: number; r: number; s: string | null }>(`select
      (select count(*)::int from cupom_fiscal) c,
      (select count(*)::int from movimento_estoque where documento_tipo = 'CUPOM_FISCAL') m,
      (select count(*)::int from recebimento_pdv) r,
      (select sum(valor)::text from recebimento_pdv) s`)
  )[0]!;

afterAll(encerrar);

describe('subida de vendas e kill -9', () => {
  it('nada parcial depois do SIGKILL no meio de 5 000 cupons; o lote reenviado lança cada venda uma vez', async () => {
    await criarBanco();
    const [ref] = await q<{ loja: number; p1: number; p2: number; forma: number }>(`select l.id as loja,
        (select min(p.id) from produto p where p.assinante_id = l.assinante_id and p.ativo
           and nullif(trim(p.ncm_id), '') is not null) as p1,
        (select min(p.id) from produto p where p.assinante_id = l.assinante_id and p.ativo and p.id > 1
           and nullif(trim(p.ncm_id), '') is not null) as p2,
        (select min(f.id) from forma_pagamento f where f.assinante_id = l.assinante_id and f.ativo) as forma
       from loja l where l.sigla = 'BV01'`);
    const cupons = Array.from({ length: 5_000 }, (_, i) => ({
      lojaId: ref!.loja,
      numeroCaixa: 11,
      sequencial: 900_000 + i,
      dataHoraAberturaCupom: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00`,
      valor: '13.50',
      itensVenda: [
        { sequencia: 1, produtoId: ref!.p1, quantidadeVenda: '2', valorUnidade: '5.00', valorTotal: '10.00' },
        { sequencia: 2, produtoId: ref!.p2, quantidadeVenda: '1', valorUnidade: '3.50', valorTotal: '3.50' },
      ],
      finalizacoes: [{ finalizadoraId: ref!.forma, valor: '20.00', troco: '6.50' }],
    }));
    const corpo = JSON.stringify({ cupons });
    const antes = await contagem();

    const primeiro = await iniciar();
    const autorizacao = await token(primeiro.base);
    const enviar = (base: string) =>
      fetch(`${base}/api/v1/pdv/vendas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: autorizacao },
        body: corpo,
      });
    const pedido = enviar(primeiro.base).catch((e: Error) => e);
    // wait until the upload's transaction has written (it holds an xid) and kill the server right there
    expect(await esperarEscrita()).toBe(true);
    primeiro.child.kill('SIGKILL');
    expect(await pedido).toBeInstanceOf(Error);
    await esperarAborto();
    expect(await contagem()).toEqual(antes);

    const segundo = await iniciar();
    const r1 = await enviar(segundo.base);
    expect(r1.status).toBe(200);
    expect(((await r1.json()) as { aceitos: number }).aceitos).toBe(5_000);
    const depois = await contagem();
    expect(depois.c).toBe(antes.c + 5_000);
    expect(depois.m).toBe(antes.m + 10_000);
    expect(depois.r).toBe(antes.r + 5_000);
    // the whole batch once more: every sale already received, nothing changes
    const r2 = await enviar(segundo.base);
    expect(((await r2.json()) as { duplicados: number }).duplicados).toBe(5_000);
    expect(await contagem()).toEqual(depois);
    segundo.child.kill('SIGTERM');
  }, 300_000);
});
