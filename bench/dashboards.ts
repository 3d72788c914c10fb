/**
 * Dashboards (issue "Dashboards over real data"): a dashboard of 8 sales indicators over the reference chain's year
 * (bench/lib/cadeia.ts: BENCH_LOJAS 50 stores, BENCH_PRODUTOS 20 000 products, BENCH_CUPONS_DIA 300 cupons of 1 to
 * 14 items per store and day over BENCH_DIAS 365 days: ≈ 40 M sale items), read through the API as the screen reads
 * it (GET …/{id} + GET …/{id}/dados: one call for all 8). Targets: first render ≤ 1 s, a filter change ≤ 300 ms.
 *
 * The indicators never read the items, only the daily aggregates: the chain is written straight into them, in a
 * fresh database, by set-based `generate_series` inserts as the owner (the POS ingest would take hours for a year),
 * triggers off and venda_resumo_dia's indexes dropped during the load and rebuilt after (one sort instead of
 * 25 M random index inserts). Per store and day BENCH_PRODUTOS_DIA distinct products (default: 60 % of the day's
 * item lines, 1 350): the first half the chain's popular products, sold every day and more of each, the rest a
 * rotating slice of the catalogue; 5 payment forms × 14 hours; the store × day totals; then the monthly roll-ups
 * summed from the days, as the triggers keep them.
 *   cd bench && npx tsx dashboards.ts      (CARGA_PG=postgres://postgres@127.0.0.1:5432/postgres DASH_PORTA=4417)
 */
import os from 'node:os';
import pg from 'pg';
import { entrar, FONTE, freshDatabase, resumo, salvar, startInstance, stopInstance } from './carga-lib';
import { opcoesDoAmbiente } from './lib/cadeia';

const CADEIA = opcoesDoAmbiente();
const LOJAS = CADEIA.lojas;
const PRODUTOS = CADEIA.produtos;
const DIAS = CADEIA.dias;
// 1 to 14 items a cupom: 7.5 lines on average, 60 % of a day's lines distinct products
const POR_DIA = Math.min(
  PRODUTOS,
  Number(process.env.BENCH_PRODUTOS_DIA ?? Math.round(CADEIA.cuponsPorDia * 7.5 * 0.6)),
);
const PORTA = Number(process.env.DASH_PORTA ?? 4417);
const PG = process.env.CARGA_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPETICOES = 5;
const ALVO_PRIMEIRA_MS = 1000;
const ALVO_FILTRO_MS = 300;
const INDICADORES = [
  ['VENDAS_DIA', 'LINHA'],
  ['VENDAS_LOJA', 'BARRA'],
  ['TICKET_MEDIO', 'NUMERO'],
  ['ITENS_POR_CUPOM', 'NUMERO'],
  ['TOP_PRODUTOS', 'BARRA'],
  ['TOP_SECOES', 'PIZZA'],
  ['MARGEM_BRUTA', 'NUMERO'],
  ['FORMAS_PAGAMENTO', 'PIZZA'],
] as const;

const segundos = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/** Runs `carga` with the table's primary key and indexes dropped, then builds them again from their definitions. */
async function semIndices(c: pg.Client, tabela: string, carga: () => Promise<void>) {
  const chaves = (
    await c.query<{ nome: string; def: string }>(
      `select conname as nome, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = $1::regclass and contype in ('p', 'u')`,
      [tabela],
    )
  ).rows;
  const indices = (
    await c.query<{ nome: string; def: string }>(
      `select indexname as nome, indexdef as def from pg_indexes
        where tablename = $1 and indexname not in (select conname from pg_constraint where conrelid = $1::regclass)`,
      [tabela],
    )
  ).rows;
  for (const i of indices) await c.query(`drop index ${c.escapeIdentifier(i.nome)}`);
  for (const k of chaves) await c.query(`alter table ${tabela} drop constraint ${c.escapeIdentifier(k.nome)}`);
  await carga();
  await c.query(`set maintenance_work_mem = '512MB'`);
  for (const k of chaves) await c.query(`alter table ${tabela} add constraint ${c.escapeIdentifier(k.nome)} ${k.def}`);
  for (const i of indices) await c.query(i.def);
}

const cargaInicial = os.loadavg();
const url = await freshDatabase(PG, 'retaguarda_bench_dashboards');
const inst = await startInstance(PORTA, { DATABASE_URL: url, APP_DB_PASSWORD: 'bench', DB_POOL_MAX: '10' }, FONTE);
const owner = new pg.Client({ connectionString: url });
await owner.connect();
try {
  const fases: Record<string, string> = {};
  let t = performance.now();
  const { assinante, bv01, hoje } = (
    await owner.query(
      `select l.assinante_id as assinante, l.id as bv01, (now() at time zone 'America/Sao_Paulo')::date::text as hoje
         from loja l where l.sigla = 'BV01'`,
    )
  ).rows[0] as { assinante: number; bv01: number; hoje: string };
  await owner.query(`select set_config('app.assinante_id', $1, false)`, [String(assinante)]);
  const lojas = (
    await owner.query(
      `insert into loja (assinante_id, sigla, numero_do_documento, fantasia, nome, uf, tipo, codigo_ibge, municipio)
       select l.assinante_id, 'BD' || lpad(g::text, 3, '0'), lpad((92000000000000 + g)::text, 14, '0'),
              'Bench ' || g, 'Bench ' || g, l.uf, 'FILIAL', l.codigo_ibge, l.municipio
         from loja l, generate_series(1, $2::int) g where l.id = $1 returning id`,
      [bv01, LOJAS],
    )
  ).rows.map((r) => r.id as number);
  await owner.query(
    `insert into produto (assinante_id, descricao, codigo_interno, unidade_de_venda_id, secao_id, marca_id)
     select p.assinante_id, 'Produto de bench ' || g, 'BD' || g, p.unidade_de_venda_id,
            s.ids[1 + g % array_length(s.ids, 1)], m.ids[1 + g % array_length(m.ids, 1)]
       from (select * from produto where assinante_id = $1 and ativo order by id limit 1) p,
            (select array_agg(id) ids from secao where assinante_id = $1) s,
            (select array_agg(id) ids from marca where assinante_id = $1) m,
            generate_series(1, $2::int) g`,
    [assinante, PRODUTOS],
  );
  fases.cadastros_s = segundos(t);
  // the aggregates as the ingest and the triggers would leave them (triggers off: the roll-ups are summed below)
  await owner.query(`set session_replication_role = replica`);
  // the monthly roll-up groups ~25 M daily rows into ~9 M: with the default 4 MB its hash spills to disk for minutes
  await owner.query(`set work_mem = '256MB'`);
  t = performance.now();
  await semIndices(owner, 'venda_resumo_dia', async () => {
    // product index per (store n, day i, rank k): ranks 1..N/2 the popular products 0..N/2−1 (every day), the
    // other ranks N/2 consecutive positions of the rest of the catalogue shifted by store and day — distinct
    // within a store's day, so no grouping is needed; popular ranks sell more units
    // the products by position, joined (a subscript of a 20 000-element array from a CTE detoasts the whole
    // array for every row: the first version of this load ran for an hour)
    await owner.query(
      `create temp table bench_produto as
       select (row_number() over (order by id))::int - 1 as idx, id from produto
        where assinante_id = $1 and codigo_interno like 'BD%'`,
      [assinante],
    );
    await owner.query('alter table bench_produto add primary key (idx)');
    await owner.query(
      `insert into venda_resumo_dia (assinante_id, loja_id, produto_id, data, quantidade, valor, custo, cupons)
       select $1, l.id, bp.id, $3::date - $4::int + d.i, x.q, x.q * (5 + x.idx % 50),
              x.q * (3 + x.idx % 30), 1 + x.q / 2
         from unnest($2::int4[]) with ordinality l(id, n), generate_series(0, $4::int - 1) d(i),
              generate_series(1, $5::int) k(k)
              cross join lateral (
                select case when k.k <= $5::int / 2 then k.k - 1
                            else $5::int / 2 + (k.k + l.n::int * 7919 + d.i * 104729) % ($6::int - $5::int / 2) end as idx,
                       1 + 40 / k.k + k.k % 3 as q) x
              join bench_produto bp on bp.idx = x.idx`,
      [assinante, lojas, hoje, DIAS, POR_DIA, PRODUTOS],
    );
    fases.produtosDia_s = segundos(t);
    t = performance.now();
    // store × day totals (CADEIA.cuponsPorDia cupons of 7.5 lines on average, a few cancellations and discounts)
    await owner.query(
      `insert into venda_loja_dia (assinante_id, loja_id, data, cupons, valor_cupons, itens, unidades, descontos, valor,
                                   custo, cancelados, valor_cancelado, itens_cancelados, valor_itens_cancelados)
       select assinante_id, loja_id, data, $2::int, sum(valor) + 120, ($2::int * 15) / 2, sum(quantidade), 45, sum(valor),
              sum(custo), 2, 60, 5, 25
         from venda_resumo_dia where loja_id = any($1) group by 1, 2, 3`,
      [lojas, CADEIA.cuponsPorDia],
    );
    await owner.query(
      `insert into venda_resumo_mes (assinante_id, loja_id, produto_id, mes, quantidade, valor, custo)
       select assinante_id, loja_id, produto_id, date_trunc('month', data)::date, sum(quantidade), sum(valor), sum(custo)
         from venda_resumo_dia where loja_id = any($1) group by 1, 2, 3, 4`,
      [lojas],
    );
    fases.totaisEMeses_s = segundos(t);
    t = performance.now();
  });
  fases.indicesProdutosDia_s = segundos(t);
  t = performance.now();
  await owner.query(
    `insert into venda_forma_hora (assinante_id, loja_id, forma_pagamento_id, data, hora, valor, recebimentos)
     select $1, l, f.id, $3::date - $4::int + d.i, h, 100 + (h * 37 + f.id * 11) % 400, 4 + h % 9
       from unnest($2::int4[]) l, generate_series(0, $4::int - 1) d(i), generate_series(8, 21) h,
            (select id from forma_pagamento where assinante_id = $1 order by id limit 5) f`,
    [assinante, lojas, hoje, DIAS],
  );
  await owner.query(
    `insert into venda_forma_mes (assinante_id, loja_id, forma_pagamento_id, mes, valor, recebimentos)
     select assinante_id, loja_id, forma_pagamento_id, date_trunc('month', data)::date, sum(valor), sum(recebimentos)
       from venda_forma_hora where loja_id = any($1) group by 1, 2, 3, 4`,
    [lojas],
  );
  await owner.query(`set session_replication_role = origin`);
  fases.formas_s = segundos(t);
  t = performance.now();
  await owner.query(
    'vacuum analyze venda_resumo_dia, venda_resumo_mes, venda_forma_hora, venda_forma_mes, venda_loja_dia, produto, loja',
  );
  fases.vacuum_s = segundos(t);
  const contagem = (
    await owner.query(
      `select (select count(*) from venda_resumo_dia)::int as dia, (select count(*) from venda_resumo_mes)::int as mes,
              (select count(*) from venda_forma_hora)::int as formas`,
    )
  ).rows[0] as { dia: number; mes: number; formas: number };

  const { access } = await entrar(inst.base, 'ana.admin');
  const h = { authorization: access, 'content-type': 'application/json' };
  const chamar = async (metodo: string, p: string, corpo?: unknown) => {
    const r = await fetch(`${inst.base}${p}`, {
      method: metodo,
      headers: h,
      ...(corpo ? { body: JSON.stringify(corpo) } : {}),
    });
    if (r.status >= 300) throw new Error(`${metodo} ${p}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<{ id: number }>;
  };
  const painel = await chamar('POST', '/api/v1/painel/dashboards', {
    nome: 'Bench da rede',
    periodoPadrao: 'ULTIMOS_30_DIAS',
    lojas,
  });
  for (const [indicador, visualizacao] of INDICADORES)
    await chamar('POST', `/api/v1/painel/dashboards/${painel.id}/indicadores`, { indicador, visualizacao });
  const medir = async (filtro: string) => {
    const t = performance.now();
    await chamar('GET', `/api/v1/painel/dashboards/${painel.id}/dados${filtro}`);
    return performance.now() - t;
  };
  const ano = `?inicio=${new Date(Date.parse(hoje) - 365 * 86_400_000).toISOString().slice(0, 10)}&fim=${hoje}`;
  // first render: the dashboard and its 8 indicators over the year, on a server that never read them
  const tr = performance.now();
  await chamar('GET', `/api/v1/painel/dashboards/${painel.id}`);
  await medir(ano);
  const primeiro = performance.now() - tr;
  const filtros: Record<string, string> = {
    'ano (365 dias)': ano,
    'mês anterior': '?periodo=MES_ANTERIOR',
    'últimos 30 dias': '?periodo=ULTIMOS_30_DIAS',
    'últimos 7 dias': '?periodo=ULTIMOS_7_DIAS',
    'ano, 5 lojas': `${ano}&lojas=${lojas.slice(0, 5).join(',')}`,
  };
  const resultados: Record<string, ReturnType<typeof resumo>> = {};
  for (const [nome, f] of Object.entries(filtros)) {
    const ms: number[] = [];
    for (let i = 0; i < REPETICOES; i++) ms.push(await medir(f));
    resultados[nome] = resumo(ms);
  }
  const pior = Math.max(...Object.values(resultados).map((r) => r.p50));
  const saida = {
    escala: {
      lojas: LOJAS,
      produtos: PRODUTOS,
      produtosPorLojaDia: POR_DIA,
      dias: DIAS,
      itensDeVendaEquivalentes: LOJAS * DIAS * CADEIA.cuponsPorDia * 7.5,
      ...contagem,
    },
    carga: fases,
    primeiraRenderizacao: { ms: Math.round(primeiro), alvo_ms: ALVO_PRIMEIRA_MS, ok: primeiro <= ALVO_PRIMEIRA_MS },
    trocaDeFiltro: { alvo_ms: ALVO_FILTRO_MS, piorP50_ms: pior, ok: pior <= ALVO_FILTRO_MS, ...resultados },
    loadavg: { inicio: cargaInicial.map((x) => x.toFixed(2)), fim: os.loadavg().map((x) => x.toFixed(2)) },
  };
  console.log(JSON.stringify(saida, null, 2));
  console.log(`resultado em ${salvar('dashboards', saida)}`);
} finally {
  await owner.end();
  await stopInstance(inst);
}
