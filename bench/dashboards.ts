/**
 * Dashboards (issue "Dashboards over real data"): a dashboard of 8 sales indicators over a big chain's year, read
 * through the API as the screen reads it (GET …/{id} + GET …/{id}/dados: one call for all 8). Targets: first render
 * ≤ 1 s, a filter change ≤ 300 ms (API time for all 8 indicators).
 * The chain is written straight into the aggregates the indicators read, set-based SQL as the owner (the POS ingest
 * would take hours for a year): BENCH_LOJAS stores (50) × 365 days × BENCH_PRODUTOS_DIA distinct products sold per
 * store and day (400, out of BENCH_PRODUTOS = 20 000, popular ones more often) in venda_resumo_dia, 5 payment forms ×
 * 14 hours in venda_forma_hora, the store × day totals (300 cupons a day) in venda_loja_dia; the monthly roll-ups
 * are then summed from the days, as the triggers keep them (the triggers are off during the load).
 *   cd bench && npx tsx dashboards.ts      (CARGA_PG=postgres://postgres@127.0.0.1:5432/postgres DASH_PORTA=4417)
 */
import os from 'node:os';
import pg from 'pg';
import { entrar, FONTE, freshDatabase, resumo, salvar, startInstance, stopInstance } from './carga-lib';

const LOJAS = Number(process.env.BENCH_LOJAS ?? 50);
const PRODUTOS = Number(process.env.BENCH_PRODUTOS ?? 20_000);
const POR_DIA = Number(process.env.BENCH_PRODUTOS_DIA ?? 400);
const PORTA = Number(process.env.DASH_PORTA ?? 4417);
const PG = process.env.CARGA_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPETICOES = 5;
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

const url = await freshDatabase(PG, 'retaguarda_bench_dashboards');
const inst = await startInstance(PORTA, { DATABASE_URL: url, APP_DB_PASSWORD: 'bench', DB_POOL_MAX: '10' }, FONTE);
const owner = new pg.Client({ connectionString: url });
await owner.connect();
try {
  const t0 = performance.now();
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
  // the aggregates as the ingest and the triggers would leave them (triggers off: the roll-ups are summed below)
  await owner.query(`set session_replication_role = replica`);
  const t1 = performance.now();
  await owner.query(
    `with p as (select array_agg(id order by id) ids from produto where assinante_id = $1 and codigo_interno like 'BD%')
     insert into venda_resumo_dia (assinante_id, loja_id, produto_id, data, quantidade, valor, custo, cupons)
     select $1, l, p.ids[1 + (((k * k) / ${POR_DIA}) * 7 + k * 13 + (d - date '2000-01-01') * 31 + l * 17) % ${PRODUTOS}],
            d, sum(1 + k % 3), sum((1 + k % 3) * (5 + k % 50)), sum((1 + k % 3) * (3 + k % 30)), count(*)
       from p, unnest($2::int4[]) l, generate_series($3::date - 365, $3::date - 1, '1 day') g(dd)
            cross join lateral (select g.dd::date as d) x, generate_series(1, ${POR_DIA}) k
      group by 2, 3, 4`,
    [assinante, lojas, hoje],
  );
  const t2 = performance.now();
  await owner.query(
    `insert into venda_forma_hora (assinante_id, loja_id, forma_pagamento_id, data, hora, valor, recebimentos)
     select $1, l, f.id, d::date, h, 100 + (h * 37 + f.id * 11) % 400, 4 + h % 9
       from unnest($2::int4[]) l, generate_series($3::date - 365, $3::date - 1, '1 day') d, generate_series(8, 21) h,
            (select id from forma_pagamento where assinante_id = $1 order by id limit 5) f`,
    [assinante, lojas, hoje],
  );
  await owner.query(
    `insert into venda_loja_dia (assinante_id, loja_id, data, cupons, valor_cupons, itens, unidades, descontos, valor, custo,
                                 cancelados, valor_cancelado, itens_cancelados, valor_itens_cancelados)
     select assinante_id, loja_id, data, 300, sum(valor) + 120, 300 * 7, sum(quantidade), 45, sum(valor), sum(custo),
            2, 60, 5, 25
       from venda_resumo_dia where loja_id = any($1) group by 1, 2, 3`,
    [lojas],
  );
  await owner.query(
    `insert into venda_resumo_mes (assinante_id, loja_id, produto_id, mes, quantidade, valor, custo)
     select assinante_id, loja_id, produto_id, date_trunc('month', data)::date, sum(quantidade), sum(valor), sum(custo)
       from venda_resumo_dia where loja_id = any($1) group by 1, 2, 3, 4`,
    [lojas],
  );
  await owner.query(
    `insert into venda_forma_mes (assinante_id, loja_id, forma_pagamento_id, mes, valor, recebimentos)
     select assinante_id, loja_id, forma_pagamento_id, date_trunc('month', data)::date, sum(valor), sum(recebimentos)
       from venda_forma_hora where loja_id = any($1) group by 1, 2, 3, 4`,
    [lojas],
  );
  await owner.query(`set session_replication_role = origin`);
  await owner.query(
    'vacuum analyze venda_resumo_dia, venda_resumo_mes, venda_forma_hora, venda_forma_mes, venda_loja_dia, produto, loja',
  );
  const t3 = performance.now();
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
  const saida = {
    escala: { lojas: LOJAS, produtos: PRODUTOS, produtosPorLojaDia: POR_DIA, dias: 365, ...contagem },
    carga: {
      cadastros_s: ((t1 - t0) / 1000).toFixed(1),
      produtosDia_s: ((t2 - t1) / 1000).toFixed(1),
      restante_s: ((t3 - t2) / 1000).toFixed(1),
    },
    primeiraRenderizacao_ms: Math.round(primeiro),
    trocaDeFiltro_ms: resultados,
    loadavg: os.loadavg().map((x) => x.toFixed(2)),
  };
  console.log(JSON.stringify(saida, null, 2));
  console.log(`resultado em ${salvar('dashboards', saida)}`);
} finally {
  await owner.end();
  await stopInstance(inst);
}
