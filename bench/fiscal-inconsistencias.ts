/**
 * Inconsistências tributárias figures: the full detection of every type over BENCH_PRODUTOS products
 * (default 1 000 000) of the demo tenant — target ≤ 30 s — and the incremental recount a product write
 * triggers (statement trigger → app_detectar_inconsistencias_produtos(ids)), p50/p95/max over BENCH_EDICOES
 * single-product edits — target ≤ 50 ms — beside the same edit with the trigger turned off; and the scenario
 * coverage written for every product (SEM_CENARIO_FISCAL, CFOP_NAO_PERMITIDO_NFCE: the recount job's statement).
 * Data: real 8-digit NCMs (some expired, 1 % without NCM), a CEST found by the NCM's 4-, 6- or 8-digit
 * prefix on 90 % of the products (detection also matches 2-, 3-, 5- and 7-digit annex entries, so SEM_CEST
 * is over-represented: a pessimistic mix), 95 % with an exit situation, 90 % with a PIS/COFINS nature, a state regime (of the store's CRT)
 * in every store for 97 %, one EAN each (1 % with a wrong check digit). Generated with the trigger off, then VACUUM ANALYZE.
 * Runs the real app's runtime on a fresh embedded PostgreSQL under a temporary DATA_DIR.
 * Usage: cd bench && npx tsx fiscal-inconsistencias.ts
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const N = Number(process.env.BENCH_PRODUTOS ?? 1_000_000);
const EDICOES = Number(process.env.BENCH_EDICOES ?? 100);
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-inconsistencias-'));
// the coverage recount's sweep would enqueue a job amid the edits measured below: off (measured on its own)
process.env.FISCAL_RECONTAGEM_VARREDURA_S ??= '0';

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
const { detectarInconsistencias } = await import('../apps/server/src/modules/fiscal/inconsistencias.deteccao');
const { gravarCobertura } = await import('../apps/server/src/modules/fiscal/cenario-recontagem');

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
await owner.connect();
const one = async <T>(text: string, params: unknown[] = []) => (await owner.query(text, params)).rows[0] as T;
const { assinante } = await one<{ assinante: number }>(
  `select id as assinante from assinante where nome = 'Bela Vida'`,
);
const segundos = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

// ---------- data ----------
let t0 = performance.now();
await owner.query(`set app.assinante_id = '${assinante}'`);
await owner.query(`set app.sem_inconsistencias = 'on'`);
await owner.query(`set maintenance_work_mem = '256MB'`);
const sf = await one<{ id: number }>(
  `insert into situacao_fiscal (assinante_id, codigo, descricao, tipo, cst) values ($1, 'BT', 'Bench tributado', 'TRIBUTADO', '00') returning id`,
  [assinante],
);
const sfSimples = await one<{ id: number }>(
  `insert into situacao_fiscal (assinante_id, codigo, descricao, tipo, csosn) values ($1, 'BS', 'Bench simples', 'TRIBUTADO', '102') returning id`,
  [assinante],
);
await owner.query(
  `insert into natureza_pis_cofins (assinante_id, id, descricao, tipo_imposto, cst_saida) values ($1, 'BENCH01', 'Bench tributável', 'PIS', '01')`,
  [assinante],
);
await owner.query(
  `insert into regime_tributario (assinante_id, descricao, uf, situacao_fiscal_saida_id, aliquota_icms)
   select $1, 'Bench ' || uf || ' ' || crt, uf, case when crt = 3 then $2::int else $3::int end, 18
     from (select distinct uf, crt from loja where assinante_id = $1) u`,
  [assinante, sf.id, sfSimples.id],
);
// NCMs: 2 000 in force, 50 expired; their CEST (if any) for half of the products
await owner.query(`create temp table ncm_b as
  select row_number() over (order by codigo) - 1 as i, codigo,
         (select c.codigo from cest_oficial c where c.ncm = any (array[left(n.codigo, 4), left(n.codigo, 6), n.codigo]) limit 1) as cest
    from (select codigo from ncm_oficial where digitos = 8 and data_fim >= current_date order by md5(codigo) limit 2000) n
  union all
  select 2000 + row_number() over (order by codigo) - 1, codigo, null
    from (select codigo from ncm_oficial where digitos = 8 and data_fim < current_date limit 50) v`);
const { total: nNcm } = await one<{ total: number }>(`select count(*)::int as total from ncm_b`);
await owner.query(
  `insert into produto (assinante_id, descricao, codigo_interno, ncm_id, cest, situacao_fiscal_saida_id, natureza_de_imposto_federal_id)
   select $1, 'Bench produto ' || g, 'B' || g,
          case when g % 100 = 0 then null else n.codigo end,
          case when g % 10 <> 0 and g % 100 <> 0 then n.cest end,
          case when g % 20 <> 0 then $2::int end,
          case when g % 10 <> 0 then 'BENCH01' end
     from generate_series(1, $3::int) g join ncm_b n on n.i = g % $4`,
  [assinante, sf.id, N, nNcm],
);
const { min, max } = await one<{ min: number; max: number }>(
  `select min(id) as min, max(id) as max from produto where assinante_id = $1 and codigo_interno like 'B%'`,
  [assinante],
);
await owner.query(
  `insert into produto_regime (assinante_id, produto_id, loja_id, regime_estadual_id)
   select $1, p.id, l.id, r.id from produto p
     join loja l on l.assinante_id = $1 and l.ativo
     join regime_tributario r on r.assinante_id = $1 and r.uf = l.uf and r.descricao = 'Bench ' || l.uf || ' ' || l.crt
    where p.assinante_id = $1 and p.id between $2 and $3 and p.id % 33 <> 0`,
  [assinante, min, max],
);
// an EAN-13 per product (789 + id): the check digit computed, wrong on 1 %
await owner.query(
  `insert into codigo_auxiliar (assinante_id, id, produto_id, tipo)
   select $1, corpo || ((10 - s % 10) % 10 + case when id % 100 = 0 then 1 else 0 end) % 10, id, 'EAN'
     from (select p.id, c.corpo,
                  (select sum(substr(c.corpo, 13 - k, 1)::int * case when k % 2 = 1 then 3 else 1 end) from generate_series(1, 12) k) as s
             from produto p, lateral (select '789' || lpad(p.id::text, 9, '0') as corpo) c
            where p.assinante_id = $1 and p.id between $2 and $3) x`,
  [assinante, min, max],
);
await owner.query(`reset app.sem_inconsistencias`);
await owner.query(`vacuum analyze produto, produto_regime, codigo_auxiliar, inconsistencia_produto`);
console.log(`dados: ${N.toLocaleString('pt-BR')} produtos, regimes e EANs gerados em ${segundos(t0)} s`);

// ---------- full detection ----------
if (process.env.BENCH_PERFIL) {
  // where the time goes: a notice after each statement of the detection (this run's copy only)
  const def = (
    await one<{ d: string }>(`select pg_get_functiondef('app_detectar_inconsistencias(integer[])'::regprocedure) as d`)
  ).d;
  await owner.query(
    def.replace(
      /get diagnostics k = row_count; n := n \+ k;/g,
      "get diagnostics k = row_count; n := n + k; raise notice '% linhas, %', k, clock_timestamp();",
    ),
  );
  owner.on('notice', (m) => console.log(`  ${m.message}`));
  console.log(`início ${new Date().toISOString()}`);
  await owner.query('select app_detectar_inconsistencias()');
  const plano = await owner.query(
    `explain analyze select count(*) from produto p join codigo_auxiliar c on c.assinante_id = p.assinante_id and c.produto_id = p.id and c.ativo and c.tipo = 'EAN' where p.ativo and not app_gtin_valido(c.id)`,
  );
  for (const r of plano.rows) console.log(r['QUERY PLAN']);
  const t1 = performance.now();
  await owner.query(`select count(*) from codigo_auxiliar c where not app_gtin_valido(c.id)`);
  console.log(`gtin só a função: ${(performance.now() - t1).toFixed(0)} ms`);
}
t0 = performance.now();
const linhas = await rt.db.withTenant(assinante, (trx) => detectarInconsistencias(trx));
console.log(
  `detecção completa (todos os tipos): ${segundos(t0)} s, ${linhas.toLocaleString('pt-BR')} linhas (meta ≤ 30 s)`,
);
// SEM_CENARIO_FISCAL and CFOP_NAO_PERMITIDO_NFCE: the scenario coverage of every product (the demo scenarios
// cover only the demo's NCMs, so nearly every generated product lacks one: one row each, no store)
t0 = performance.now();
const cobertura = await rt.db.withTenant(assinante, (trx) => gravarCobertura(trx));
console.log(
  `cobertura dos cenários (venda NFC-e em cada loja): ${segundos(t0)} s, ${cobertura.toLocaleString('pt-BR')} linhas`,
);
const porTipo = await owner.query(
  `select tipo, count(*)::int as linhas, count(distinct produto_id)::int as produtos from inconsistencia_produto
    where assinante_id = $1 group by tipo order by tipo`,
  [assinante],
);
for (const r of porTipo.rows)
  console.log(
    `  ${r.tipo.padEnd(28)} ${String(r.linhas).padStart(9)} linhas ${String(r.produtos).padStart(9)} produtos`,
  );
await owner.query(`vacuum analyze inconsistencia_produto`);

// ---------- incremental ----------
const medir = async (desligado: boolean) => {
  const tempos: number[] = [];
  for (let i = 0; i < EDICOES; i++) {
    const id = min + Math.floor(Math.random() * (max - min + 1));
    const t = performance.now();
    await rt.db.withTenant(assinante, async (trx) => {
      if (desligado) await sql`select set_config('app.sem_inconsistencias', 'on', true)`.execute(trx);
      await sql`update produto set cest = case when cest is null then null else cest end,
                  situacao_fiscal_saida_id = case when situacao_fiscal_saida_id is null then ${sf.id}::int else null end,
                  alterado_em = now() where id = ${id}`.execute(trx);
    });
    tempos.push(performance.now() - t);
  }
  tempos.sort((a, b) => a - b);
  const p = (q: number) => tempos[Math.min(tempos.length - 1, Math.floor(q * tempos.length))]!.toFixed(1);
  return `p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, máx ${tempos[tempos.length - 1]!.toFixed(1)} ms`;
};
console.log(`edição de um produto com recontagem (transação inteira): ${await medir(false)} (meta ≤ 50 ms)`);
console.log(`a mesma edição sem a recontagem:                           ${await medir(true)}`);

await owner.end();
await rt.close();
fs.rmSync(dataDir, { recursive: true, force: true });
