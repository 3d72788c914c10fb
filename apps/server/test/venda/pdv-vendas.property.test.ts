/**
 * Property: for any mix of valid, failing, repeated and resent sales and returns in batches, the stock moved,
 * the receipts and the daily aggregates equal what the ACCEPTED sales imply, each counted once — and the
 * aggregates equal a recomputation from the raw cupons.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { cupom, enviar, prepararPdv, q, ref } from './pdv-vendas.support';

let t: TestApp;
let ana: LoginResult;
beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  await prepararPdv(t);
});
afterAll(async () => t?.close());

interface Venda {
  q1: number;
  q2: number;
  devolucao: boolean;
  falha: 'nenhuma' | 'operador' | 'total';
}
const venda = fc.record({
  q1: fc.integer({ min: 1, max: 4 }),
  q2: fc.integer({ min: 0, max: 3 }),
  devolucao: fc.boolean(),
  falha: fc.constantFrom('nenhuma', 'nenhuma', 'nenhuma', 'operador', 'total'),
});

const corpo = (v: Venda) => {
  const itens = [
    {
      sequencia: 1,
      produtoId: ref.p1,
      quantidadeVenda: String(v.q1),
      valorUnidade: '3.00',
      valorTotal: (3 * v.q1).toFixed(2),
    },
  ];
  if (v.q2)
    itens.push({
      sequencia: 2,
      produtoId: ref.p2,
      quantidadeVenda: String(v.q2),
      valorUnidade: '1.25',
      valorTotal: (1.25 * v.q2).toFixed(2),
    });
  const total = 3 * v.q1 + 1.25 * v.q2;
  return cupom({
    tipo: v.devolucao ? 'DEVOLUCAO' : 'VENDA',
    dataHoraAberturaCupom: '2026-10-05T12:00:00',
    dataHoraFechamentoCupom: null,
    valor: total.toFixed(2),
    itensVenda: itens,
    funcionarioId: v.falha === 'operador' ? 77777 : ref.func,
    finalizacoes: [{ finalizadoraId: ref.forma, valor: (total + (v.falha === 'total' ? 1 : 0)).toFixed(2) }],
  });
};

const fotografia = async () => {
  const [r] = await q<{ e1: string; e2: string; rec: string; agq: string; agv: string; cq: string; cv: string }>(
    `select
       (select coalesce(sum(quantidade), 0)::text from movimento_estoque where documento_tipo = 'CUPOM_FISCAL' and produto_id = $1) as e1,
       (select coalesce(sum(quantidade), 0)::text from movimento_estoque where documento_tipo = 'CUPOM_FISCAL' and produto_id = $2) as e2,
       (select coalesce(sum(valor), 0)::text from recebimento_pdv where data = '2026-10-05') as rec,
       (select coalesce(sum(quantidade), 0)::text from venda_resumo_dia where data = '2026-10-05') as agq,
       (select coalesce(sum(valor), 0)::text from venda_resumo_dia where data = '2026-10-05') as agv,
       (select coalesce(sum(case when c.tipo = 'DEVOLUCAO' then -1 else 1 end * i.quantidade_venda * i.fator), 0)::text
          from item_cupom_fiscal i join cupom_fiscal c on c.id = i.cupom_id where c.data = '2026-10-05') as cq,
       (select coalesce(sum(case when c.tipo = 'DEVOLUCAO' then -1 else 1 end * i.valor_total), 0)::text
          from item_cupom_fiscal i join cupom_fiscal c on c.id = i.cupom_id where c.data = '2026-10-05') as cv`,
    [ref.p1, ref.p2],
  );
  return r!;
};

it('stock, receipts and aggregates equal what the accepted sales imply, each once', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(venda, { minLength: 1, maxLength: 8 }),
      fc.array(fc.nat(), { maxLength: 4 }),
      async (vendas, reenvios) => {
        const antes = await fotografia();
        const cupons = vendas.map(corpo);
        // a batch with repeats inside, then a resend of some sales in a second batch
        const repetidos = reenvios.map((i) => cupons[i % cupons.length]!);
        const r1 = await enviar(ana, [...cupons, ...repetidos]);
        expect(r1.statusCode, r1.body).toBe(200);
        const r2 = await enviar(
          ana,
          cupons.filter((_, i) => i % 2 === 0),
        );
        expect(r2.statusCode).toBe(200);
        const aceitos = vendas.filter((v) => v.falha === 'nenhuma');
        const sinal = (v: Venda) => (v.devolucao ? 1 : -1);
        const e1 = aceitos.reduce((s, v) => s + sinal(v) * v.q1, 0);
        const e2 = aceitos.reduce((s, v) => s + sinal(v) * v.q2, 0);
        const rec = aceitos.reduce((s, v) => s - sinal(v) * (3 * v.q1 + 1.25 * v.q2), 0);
        const depois = await fotografia();
        expect(Number(depois.e1) - Number(antes.e1)).toBe(e1);
        expect(Number(depois.e2) - Number(antes.e2)).toBe(e2);
        expect((Number(depois.rec) - Number(antes.rec)).toFixed(2)).toBe(rec.toFixed(2));
        expect(Number(depois.agq)).toBe(Number(depois.cq));
        expect(Number(depois.agv).toFixed(2)).toBe(Number(depois.cv).toFixed(2));
        expect(r2.json().resultados.every((x: { situacao: string }) => x.situacao === 'DUPLICADO')).toBe(true);
      },
    ),
    { numRuns: 12 },
  );
}, 240_000);

it('the rebuild command sums the same aggregates again from the cupons', async () => {
  await enviar(ana, [corpo({ q1: 2, q2: 1, devolucao: false, falha: 'nenhuma' })]);
  const antes = await q(
    `select produto_id, quantidade::text, valor::text, custo::text, cupons from venda_resumo_dia
    where loja_id = $1 and data = '2026-10-05' order by produto_id`,
    [ref.BV01],
  );
  await q(`update venda_resumo_dia set quantidade = 0 where loja_id = $1 and data = '2026-10-05'`, [ref.BV01]);
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v1/pdv/resumos-venda/reconstrucao',
    headers: ana.headers,
    payload: { lojaId: ref.BV01, dataInicio: '2026-10-05', dataFim: '2026-10-05' },
  });
  expect(r.statusCode, r.body).toBe(200);
  const depois = await q(
    `select produto_id, quantidade::text, valor::text, custo::text, cupons from venda_resumo_dia
    where loja_id = $1 and data = '2026-10-05' order by produto_id`,
    [ref.BV01],
  );
  expect(depois).toEqual(antes);
});
