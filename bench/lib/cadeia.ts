/**
 * The reference chain every later bench builds on (issue "Reference data for benches"): BENCH_LOJAS stores
 * (50) with a sales-floor location each, BENCH_PRODUTOS products (20 000, from ./gerador.ts: GTIN, NCM,
 * suppliers), and BENCH_DIAS days (365 from BENCH_INICIO, 2025-01-01) of BENCH_CUPONS_DIA cupons per store
 * per day (300: ≈ 5.5 M cupons and ≈ 40 M items a year at full size, 1 to 14 items each, popular products
 * sold more), 1 % of the cupons returned the same day, and a monthly purchase (ENTRADA_NF) per store and
 * product sized to its demand. Until the POS issue brings cupom tables, a cupom is its stock movements:
 * one VENDA per item (documento CUPOM <n>), one DEVOLUCAO_VENDA per returned item (documento DEVOLUCAO <n>).
 * Everything is set-based SQL run as the owner, a month per statement; then the derived state the posting
 * keeps — saldo_estoque, saldo_estoque_dia (running balance per day), custo_medio_estoque — is built from the
 * ledger in one pass (movimento_estoque_resumo_dia is kept by the ledger's own trigger). The average cost is
 * the month's purchase cost (exits leave at it): exact enough for reads and reports; a bench of the cost
 * arithmetic itself posts through the command. Deterministic: two runs hold the same data.
 */
import pg from 'pg';
import { gerar } from './gerador';

export interface OpcoesCadeia {
  lojas: number;
  produtos: number;
  cuponsPorDia: number;
  dias: number;
  /** first day (YYYY-MM-DD) */
  inicio: string;
}

const inteiro = (v: string | undefined, padrao: number) => (v && Number.isInteger(Number(v)) ? Number(v) : padrao);

/** The chain's size from BENCH_LOJAS, BENCH_PRODUTOS, BENCH_CUPONS_DIA, BENCH_DIAS and BENCH_INICIO. */
export function opcoesDoAmbiente(env: NodeJS.ProcessEnv = process.env): OpcoesCadeia {
  return {
    lojas: inteiro(env.BENCH_LOJAS, 50),
    produtos: inteiro(env.BENCH_PRODUTOS, 20_000),
    cuponsPorDia: inteiro(env.BENCH_CUPONS_DIA, 300),
    dias: inteiro(env.BENCH_DIAS, 365),
    inicio: env.BENCH_INICIO ?? '2025-01-01',
  };
}

export interface CadeiaGerada {
  assinanteId: number;
  lojas: number[];
  /** the sales-floor location of each store (same order) */
  locais: number[];
  /** product ids, most sold first */
  produtos: number[];
  cupons: number;
  movimentos: number;
  /** seconds per phase (cadastros, vendas, devolucoes, compras, saldos, vacuum) */
  fases: Record<string, number>;
  segundos: number;
}

/** a cupom's number packs store, day and sequence; its items' products come from a multiplicative hash */
const HASH = '2654435761';

export async function gerarCadeia(
  ownerUrl: string,
  o: OpcoesCadeia,
  log: (m: string) => void = () => {},
): Promise<CadeiaGerada> {
  const t0 = performance.now();
  const fases: Record<string, number> = {};
  const medir = async <T>(fase: string, f: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const r = await f();
    fases[fase] = Number(((performance.now() - t) / 1000).toFixed(1));
    log(`${fase}: ${fases[fase]} s`);
    return r;
  };
  // products (and suppliers) of tenant 1, as the register benches have them
  await medir('produtos', () => gerar(ownerUrl, o.produtos));
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    const assinanteId = 1;
    await c.query(`select set_config('app.assinante_id', $1, false)`, [String(assinanteId)]);
    // a few big statements: compiling them (JIT) would cost more than it saves at small sizes
    await c.query('set jit = off');
    const { lojas, locais, produtos } = await medir('lojas', () => cadastros(c, assinanteId, o));
    await criarParticoes(c, o);
    const fim = (await c.query<{ d: string }>(`select ($1::date + $2::int - 1)::text as d`, [o.inicio, o.dias]))
      .rows[0]!.d;
    const meses = (
      await c.query<{ de: string; ate: string; m: number }>(
        `select greatest(m, $1::date)::text as de, least((m + interval '1 month - 1 day')::date, $2::date)::text as ate,
                (row_number() over (order by m))::int - 1 as m
           from generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') m`,
        [o.inicio, fim],
      )
    ).rows;
    const p = { a: assinanteId, lojas, locais, produtos };
    let movimentos = 0;
    for (const mes of meses) {
      movimentos += await medirSomando(fases, 'compras', () => compras(c, p, o, mes));
      movimentos += await medirSomando(fases, 'vendas', () => vendas(c, p, o, mes));
      movimentos += await medirSomando(fases, 'devolucoes', () => devolucoes(c, p, mes));
      log(`${mes.de.slice(0, 7)}: ${movimentos.toLocaleString('pt-BR')} movimentos`);
    }
    await medir('saldos', () => saldos(c, assinanteId, lojas));
    await medir('vacuum', () =>
      c.query(
        'vacuum analyze movimento_estoque, movimento_estoque_resumo_dia, saldo_estoque, saldo_estoque_dia, custo_medio_estoque',
      ),
    );
    return {
      assinanteId,
      lojas,
      locais,
      produtos,
      cupons: o.lojas * o.dias * o.cuponsPorDia,
      movimentos,
      fases,
      segundos: (performance.now() - t0) / 1000,
    };
  } finally {
    await c.end();
  }
}

async function medirSomando(fases: Record<string, number>, fase: string, f: () => Promise<number>) {
  const t = performance.now();
  const n = await f();
  fases[fase] = Number(((fases[fase] ?? 0) + (performance.now() - t) / 1000).toFixed(1));
  return n;
}

/** The chain's stores (copies of the tenant's first one) with a sales-floor location, and its products. */
async function cadastros(c: pg.Client, a: number, o: OpcoesCadeia) {
  const lojas = (
    await c.query<{ id: number }>(
      `insert into loja (assinante_id, sigla, numero_do_documento, fantasia, nome, uf, tipo, codigo_ibge, municipio)
       select l.assinante_id, 'RC' || lpad(g::text, 3, '0'), lpad((92000000000000 + g)::text, 14, '0'),
              'Rede ' || g, 'Rede de referência ' || g, l.uf, 'FILIAL', l.codigo_ibge, l.municipio
         from (select * from loja where assinante_id = $1 order by id limit 1) l, generate_series(1, $2::int) g
       returning id`,
      [a, o.lojas],
    )
  ).rows.map((r) => r.id);
  const locais = (
    await c.query<{ id: number; loja_id: number }>(
      `insert into local_estoque (assinante_id, loja_id, descricao, tipo, permite_venda, padrao_venda, padrao_entrada)
       select $1, id, 'Loja', 'LOJA', true, true, true from unnest($2::int[]) with ordinality u(id, n) order by n
       returning id, loja_id`,
      [a, lojas],
    )
  ).rows;
  const localDe = new Map(locais.map((l) => [l.loja_id, l.id]));
  // ./gerador.ts numbers its products from 9 000 000 (codigo_interno)
  const produtos = (
    await c.query<{ id: number }>(
      `select id from produto where assinante_id = $1 and codigo_interno ~ '^9[0-9]{6}$' order by id limit $2`,
      [a, o.produtos],
    )
  ).rows.map((r) => r.id);
  return { lojas, locais: lojas.map((l) => localDe.get(l)!), produtos };
}

/**
 * Monthly partitions for the period. A month whose rows already sit in the default partition (the demo's
 * recent weeks) cannot get one: its movements stay in the default, as the server's own start does.
 */
async function criarParticoes(c: pg.Client, o: OpcoesCadeia) {
  const { rows } = await c.query<{ m: string }>(
    `select m::date::text as m from generate_series(date_trunc('month', $1::date), $1::date + $2::int, interval '1 month') m`,
    [o.inicio, o.dias],
  );
  for (const { m } of rows) await c.query('select app_estoque_particoes($1::date, $1::date)', [m]).catch(() => {});
}

interface Parametros {
  a: number;
  lojas: number[];
  locais: number[];
  produtos: number[];
}
interface Mes {
  de: string;
  ate: string;
  m: number;
}

/** the product's cost in month m: 1.00 to 10.60 by product, 0.5 % more each month */
const custo = (produtoIdx: string, mes: string) => `round((1 + (${produtoIdx} % 97) / 10.0) * (1 + ${mes} * 0.005), 2)`;

/**
 * One cupom per (store, day, sequence): number = (store index × days + day index) × cupons per day + sequence.
 * Its 1–14 items pick products with u² of a hashed uniform u (the first products sell most), 1–3 units each.
 */
async function vendas(c: pg.Client, p: Parametros, o: OpcoesCadeia, mes: Mes): Promise<number> {
  const r = await c.query(
    `insert into movimento_estoque (assinante_id, loja_id, local_id, produto_id, data, tipo, quantidade,
                                    custo_unitario, custo_medio_apos, documento_tipo, documento_id)
     select $1, l.loja_id, l.local_id, ($5::int[])[1 + i.idx], d.data, 'VENDA', -(1 + i.h % 3), i.custo, i.custo,
            'CUPOM', cu.numero
       from unnest($2::int[], $3::int[]) with ordinality l(loja_id, local_id, n)
      cross join lateral (select g::date as data from generate_series($6::date, $7::date, interval '1 day') g) d
      cross join generate_series(1, $8::int) s
      cross join lateral (select ((l.n - 1) * $9::bigint + (d.data::date - $4::date)) * $8 + s as numero) cu
      cross join lateral generate_series(1, 1 + ((cu.numero * ${HASH}) % 4294967296) % 14) k
      cross join lateral (select ((cu.numero * 16 + k) * ${HASH}) % 4294967296 as h) hh
      cross join lateral (select least(floor(cardinality($5::int[]) * power(hh.h / 4294967296.0, 2))::int,
                                       cardinality($5::int[]) - 1) as idx, hh.h) i0
      cross join lateral (select i0.idx, i0.h, ${custo('i0.idx', '$10::int')} as custo) i`,
    [p.a, p.lojas, p.locais, o.inicio, p.produtos, mes.de, mes.ate, o.cuponsPorDia, o.dias, mes.m],
  );
  return r.rowCount ?? 0;
}

/** 1 % of the cupons (number ending in 07 of each hundred) come back whole the same day. */
async function devolucoes(c: pg.Client, p: Parametros, mes: Mes): Promise<number> {
  const r = await c.query(
    `insert into movimento_estoque (assinante_id, loja_id, local_id, produto_id, data, tipo, quantidade,
                                    custo_unitario, custo_medio_apos, documento_tipo, documento_id)
     select assinante_id, loja_id, local_id, produto_id, data, 'DEVOLUCAO_VENDA', -quantidade, custo_unitario,
            custo_medio_apos, 'DEVOLUCAO', documento_id
       from movimento_estoque
      where assinante_id = $1 and loja_id = any($2) and data between $3 and $4 and tipo = 'VENDA'
        and documento_id % 100 = 7`,
    [p.a, p.lojas, mes.de, mes.ate],
  );
  return r.rowCount ?? 0;
}

/**
 * A purchase per store and product on the month's first day, sized to the product's expected demand
 * (its share of the u² draw × items that month × 2 units on average, plus 30 %), at the month's cost.
 */
async function compras(c: pg.Client, p: Parametros, o: OpcoesCadeia, mes: Mes): Promise<number> {
  const r = await c.query(
    `insert into movimento_estoque (assinante_id, loja_id, local_id, produto_id, data, tipo, quantidade,
                                    custo_unitario, custo_medio_apos, documento_tipo, documento_id)
     select $1, l.loja_id, l.local_id, pr.id, $4::date, 'ENTRADA_NF',
            1 + ceil(($5::date - $4::date + 1) * $6::int * 7.5 * 2 * 1.3
                     * (sqrt((pr.n)::float8 / n.total) - sqrt((pr.n - 1)::float8 / n.total))),
            ${custo('(pr.n - 1)', '$7::int')}, ${custo('(pr.n - 1)', '$7::int')}, 'NF', $7::int * 100000 + pr.n
       from unnest($2::int[], $3::int[]) l(loja_id, local_id)
      cross join unnest($8::int[]) with ordinality pr(id, n)
      cross join (select cardinality($8::int[]) as total) n`,
    [p.a, p.lojas, p.locais, mes.de, mes.ate, o.cuponsPorDia, mes.m, p.produtos],
  );
  return r.rowCount ?? 0;
}

/** The derived state of the chain's stores, from the ledger in one pass each. */
async function saldos(c: pg.Client, a: number, lojas: number[]) {
  await c.query(
    `insert into saldo_estoque_dia (assinante_id, loja_id, local_id, produto_id, data, quantidade_dia, saldo)
     select assinante_id, loja_id, local_id, produto_id, data, q,
            sum(q) over (partition by loja_id, local_id, produto_id order by data)
       from (select assinante_id, loja_id, local_id, produto_id, data, sum(quantidade) as q
               from movimento_estoque where assinante_id = $1 and loja_id = any($2)
              group by 1, 2, 3, 4, 5) d`,
    [a, lojas],
  );
  await c.query(
    `insert into saldo_estoque (assinante_id, loja_id, local_id, produto_id, quantidade)
     select assinante_id, loja_id, local_id, produto_id, sum(quantidade) from movimento_estoque
      where assinante_id = $1 and loja_id = any($2) group by 1, 2, 3, 4`,
    [a, lojas],
  );
  await c.query(
    `insert into custo_medio_estoque (assinante_id, loja_id, produto_id, quantidade, custo_medio)
     select assinante_id, loja_id, produto_id, sum(quantidade),
            (array_agg(custo_medio_apos order by data desc, id desc))[1]
       from movimento_estoque where assinante_id = $1 and loja_id = any($2) group by 1, 2, 3`,
    [a, lojas],
  );
}
