/**
 * The nine indicators the sales test does not cover, against figures computed by hand: sections and brands,
 * stock value, ruptura, giro, pending uploads, the reconciliation backlog, orders per status and NFC-e problems.
 * Everything sits ~500 days back, long before any demo row: the stock balances and the operational rows are
 * written as their owners would leave them, the sales go through POST /api/v1/pdv/vendas (which also posts
 * their stock exits to the ledger).
 */
import { hojeNaZona, somarDias } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { cupom, enviar, prepararPdv, q, ref } from '../venda/pdv-vendas.support';

let t: TestApp;
let ana: LoginResult;
const hoje = hojeNaZona('America/Sao_Paulo');
const D0 = somarDias(hoje, -510); // opening stock
const S = somarDias(hoje, -505); // the sales, the operational rows; the period is S..X
const X = somarDias(hoje, -500);
let painel: number;
const ind: Record<string, number> = {};
let local: number;

type Resultado = {
  total: { atual: string | null };
  linhas: { chave: string; rotulo: string; atual: string | null }[];
};

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  await prepararPdv(t);
  await q(
    `update custo_medio_estoque set custo_medio = case produto_id when $2 then 4 else 2 end
    where loja_id = $1 and produto_id in ($2, $3)`,
    [ref.BV01, ref.p1, ref.p2],
  );
  local = (
    await q<{ local_id: number }>(`select local_id from saldo_estoque where loja_id = $1 and produto_id = $2 limit 1`, [
      ref.BV01,
      ref.p1,
    ])
  )[0]!.local_id;
  // nothing of the demo's is this old (else the figures below would not be the test's alone)
  const [antes] = await q<{ n: number }>(
    `select (select count(*) from saldo_estoque_dia where data <= $1)::int
          + (select count(*) from venda_resumo_dia where data <= $1)::int as n`,
    [X],
  );
  expect(antes!.n).toBe(0);
  // opening balances on D0: p1 10 units at 4.00, p2 3 units at 2.00
  await q(
    `insert into saldo_estoque_dia (loja_id, local_id, produto_id, data, quantidade_dia, saldo, custo_medio, entradas,
                                    movimentos)
     values ($1, $2, $3, $5, 10, 10, 4, 10, 1), ($1, $2, $4, $5, 3, 3, 2, 3, 1)`,
    [ref.BV01, local, ref.p1, ref.p2, D0],
  );
  // S: p1 2 × 10.00 and p2 3 × 5.50 sold (p2 sells out)
  const r = await enviar(ana, [
    cupom({
      dataHoraAberturaCupom: `${S}T10:00:00`,
      dataHoraFechamentoCupom: null,
      valor: '36.50',
      itensVenda: [
        { sequencia: 1, produtoId: ref.p1, quantidadeVenda: '2', valorUnidade: '10.00', valorTotal: '20.00' },
        { sequencia: 2, produtoId: ref.p2, quantidadeVenda: '3', valorUnidade: '5.50', valorTotal: '16.50' },
      ],
      finalizacoes: [{ finalizadoraId: ref.forma, valor: '36.50' }],
    }),
  ]);
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().aceitos, r.body).toBe(1);

  // pending POS uploads: two pending in BV01, one discarded in BV01, one pending in BV02 (not asked for)
  await q(
    `insert into subida_venda_transacao (assinante_id, loja_id, pdv, data_movimento, data_hora, valor, tipo_erro, mensagem,
                                         status)
     values ($1, $2, 11, $4, now(), 10, 'PRODUTO_NAO_CADASTRADO', 'x', 'PENDENTE'),
            ($1, $2, 11, $4, now(), 12, 'PRODUTO_INATIVO', 'x', 'PENDENTE'),
            ($1, $2, 11, $4, now(), 14, 'PRODUTO_INATIVO', 'x', 'DESCARTADA'),
            ($1, $3, 11, $4, now(), 16, 'PRODUTO_INATIVO', 'x', 'PENDENTE')`,
    [ref.assinante, ref.BV01, ref.BV02, S],
  );
  // bank lines of a BV01 account: three open, one ignored, one reconciled
  const conta = (
    await q<{ id: number }>(`select id from conta_corrente where loja_id = $1 order by id limit 1`, [ref.BV01])
  )[0]!.id;
  const extrato = (
    await q<{ id: number }>(`insert into extrato_bancario (conta_corrente_id, loja_id) values ($1, $2) returning id`, [
      conta,
      ref.BV01,
    ])
  )[0]!.id;
  const linhas = await q<{ id: string }>(
    `insert into extrato_linha (extrato_id, conta_corrente_id, identidade_hash, tipo_transacao, data, valor, ignorado)
     select $1, $2, sha256(convert_to('painel-' || g, 'UTF8')), 'DEBIT', $3, -g, g = 4 from generate_series(1, 5) g returning id::text`,
    [extrato, conta, S],
  );
  const conc = (
    await q<{ id: string }>(`insert into conciliacao (conta_corrente_id) values ($1) returning id::text`, [conta])
  )[0]!.id;
  await q(`insert into conciliacao_linha (conciliacao_id, linha_id) values ($1, $2)`, [conc, linhas[4]!.id]);
  // orders issued on S: two new, one delivered, one refused by the store
  await q(
    `insert into pedido_venda (id, loja_id, etapa, recusado, data_emissao, valor_total, quantidade_itens)
     select 990000 + g, $1, e.etapa, e.recusado, $2::date + time '10:00', 10, 1
       from (values (1, 'NOVO', false), (2, 'NOVO', false), (3, 'CONCLUIDO', false), (4, 'CANCELADO', true)) e(g, etapa, recusado)`,
    [ref.BV01, S],
  );
  // NFC-e of S: two rejected, one in contingency, one authorised
  await q(
    `insert into documento_nfce (chave, cupom_id, data, loja_id, status)
     select lpad((4100000000 + g)::text, 44, '9'), 0, $2, $1, s
       from (values (1, 'REJEITADA'), (2, 'REJEITADA'), (3, 'CONTINGENCIA'), (4, 'AUTORIZADA')) x(g, s)`,
    [ref.BV01, S],
  );

  const d = await t.app.inject({
    method: 'POST',
    url: '/api/v1/painel/dashboards',
    headers: ana.headers,
    payload: { nome: 'Operação', periodoPadrao: 'ULTIMOS_7_DIAS', lojas: [ref.BV01] },
  });
  expect(d.statusCode, d.body).toBe(201);
  painel = d.json().id;
  for (const [indicador, visualizacao] of [
    ['TOP_SECOES', 'PIZZA'],
    ['TOP_MARCAS', 'BARRA'],
    ['VALOR_ESTOQUE', 'BARRA'],
    ['RUPTURA', 'NUMERO'],
    ['GIRO_ESTOQUE', 'NUMERO'],
    ['PENDENCIAS_SUBIDA', 'NUMERO'],
    ['BACKLOG_CONCILIACAO', 'NUMERO'],
    ['PEDIDOS_STATUS', 'PIZZA'],
    ['NFCE_PROBLEMAS', 'BARRA'],
  ] as const) {
    const i = await t.app.inject({
      method: 'POST',
      url: `/api/v1/painel/dashboards/${painel}/indicadores`,
      headers: ana.headers,
      payload: { indicador, visualizacao },
    });
    expect(i.statusCode, i.body).toBe(201);
    ind[indicador] = i.json().id;
  }
}, 120_000);
afterAll(async () => t?.close());

async function dados(): Promise<Map<string, Resultado>> {
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/v1/painel/dashboards/${painel}/dados?inicio=${S}&fim=${X}&lojas=${ref.BV01}`,
    headers: ana.headers,
  });
  expect(r.statusCode, r.body).toBe(200);
  const m = new Map<string, Resultado>();
  for (const [k, id] of Object.entries(ind)) {
    const x = r.json().indicadores.find((i: { id: number }) => i.id === id);
    expect(x.erro, k).toBeNull();
    m.set(k, x.resultado);
  }
  return m;
}
const pares = (r: Resultado) => r.linhas.map((l) => [l.chave, l.atual]).sort();

describe('dashboards: stock and operations indicators, by hand', () => {
  it('sections and brands sum the sales of their products', async () => {
    const d = await dados();
    const prods = await q<{ id: number; secao: string; marca: string }>(
      `select id, coalesce(secao_id::text, '0') secao, coalesce(marca_id::text, '0') marca from produto where id = any($1)`,
      [[ref.p1, ref.p2]],
    );
    const valor: Record<number, number> = { [ref.p1]: 20, [ref.p2]: 16.5 };
    for (const [k, campo] of [
      ['TOP_SECOES', 'secao'],
      ['TOP_MARCAS', 'marca'],
    ] as const) {
      const esperado = new Map<string, number>();
      for (const p of prods) esperado.set(p[campo], (esperado.get(p[campo]) ?? 0) + valor[p.id]!);
      const r = d.get(k)!;
      expect(pares(r)).toEqual([...esperado].map(([c, v]) => [c, v.toFixed(2)]).sort());
      expect(r.total.atual).toBe('36.50');
    }
  });

  it('stock value at the end of the period: p1 (10 − 2) × 4.00, p2 sold out', async () => {
    const d = await dados();
    expect(pares(d.get('VALOR_ESTOQUE')!)).toEqual([[String(ref.BV01), '32.00']]);
  });

  it('ruptura: of the two products sold in the 30 days, p2 has no stock left', async () => {
    const d = await dados();
    expect(pares(d.get('RUPTURA')!)).toEqual([[String(ref.BV01), '1']]);
  });

  it('giro: cost of the sales (2 × 4.00 + 3 × 2.00) over the stock value (32.00)', async () => {
    const d = await dados();
    expect(d.get('GIRO_ESTOQUE')!.total.atual).toBe('0.44');
  });

  it('pending uploads, the reconciliation backlog, orders per status, NFC-e problems', async () => {
    const d = await dados();
    expect(pares(d.get('PENDENCIAS_SUBIDA')!)).toEqual([[String(ref.BV01), '2']]);
    expect(pares(d.get('BACKLOG_CONCILIACAO')!)).toEqual([[String(ref.BV01), '3']]);
    expect(pares(d.get('PEDIDOS_STATUS')!)).toEqual([
      ['CONCLUIDO', '1'],
      ['NOVO', '2'],
      ['RECUSADO', '1'],
    ]);
    expect(pares(d.get('NFCE_PROBLEMAS')!)).toEqual([
      ['CONTINGENCIA', '1'],
      ['REJEITADA', '2'],
    ]);
  });
});

describe('dashboards: the aggregates rebuilt', () => {
  it('a rebuild of the period gives the store × day rows and the figures the ingest left', async () => {
    const linhasLojaDia = () =>
      q(`select * from venda_loja_dia where loja_id = $1 and data between $2 and $3 order by data`, [ref.BV01, S, X]);
    const antes = await linhasLojaDia();
    expect(antes).toHaveLength(1);
    expect(antes[0]).toMatchObject({ cupons: 1, itens: 2, valor: '36.50', valor_cupons: '36.50' });
    const [porData] = await q<{ v: string }>(
      `select r.valor::text as v from venda_resumo_mes r where r.loja_id = $1 and r.mes = date_trunc('month', $2::date)
         and r.produto_id = $3`,
      [ref.BV01, S, ref.p1],
    );
    const figuras = await dados();
    // drift: the store × day row wrong, another day's row that has no cupom
    await q(`update venda_loja_dia set cupons = 9, valor = 0, itens = 0 where loja_id = $1 and data = $2`, [
      ref.BV01,
      S,
    ]);
    await q(`insert into venda_loja_dia (loja_id, data, cupons, valor) values ($1, $2, 3, 99)`, [ref.BV01, X]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pdv/resumos-venda/reconstrucao',
      headers: ana.headers,
      payload: { lojaId: ref.BV01, dataInicio: S, dataFim: X },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ produtosDia: 2, lojaDias: 1 });
    expect(await linhasLojaDia()).toEqual(antes);
    expect(await dados()).toEqual(figuras);
    const [depois] = await q<{ v: string }>(
      `select r.valor::text as v from venda_resumo_mes r where r.loja_id = $1 and r.mes = date_trunc('month', $2::date)
         and r.produto_id = $3`,
      [ref.BV01, S, ref.p1],
    );
    expect(depois!.v).toBe(porData!.v);
  });
});
