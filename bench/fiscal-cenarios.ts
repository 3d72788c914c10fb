/**
 * Cenários fiscais figures: (1) one simulation — the simulator's server function (store, product, price,
 * group and candidate lookups in the tenant transaction, then the pure engine) — p50/p99 over 500 calls,
 * and the engine alone; (2) the cobertura of BENCH_PRODUTOS products (default 100 000) × BENCH_LOJAS stores
 * (default 50) — classes by NCM/CEST/origem resolved per store profile — wall time over 3 runs and where it goes;
 * (3) the same coverage written into inconsistencia_produto by the recount job's statement.
 * Data: the demo tenant (BV) plus generated stores (UFs and CRTs cycled), products over 2 000 NCMs and 3
 * origens, one TODAS rule for 4 of every 5 NCMs (so part of the classes stay uncovered).
 * Runs the real app's runtime on a fresh embedded PostgreSQL under a temporary DATA_DIR.
 * Usage: cd bench && npx tsx fiscal-cenarios.ts
 */
import fs from 'node:fs';
import { entradaSimulacao, UFS } from '@retaguarda/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const NPROD = Number(process.env.BENCH_PRODUTOS ?? 100_000);
const NLOJAS = Number(process.env.BENCH_LOJAS ?? 50);
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-cenarios-'));
// the coverage recount's sweep would start a job over the generated products amid the figures: off
process.env.FISCAL_RECONTAGEM_VARREDURA_S ??= '0';

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
const { simular } = await import('../apps/server/src/modules/fiscal/cenario-simulacao.routes');
const { lerCobertura } = await import('../apps/server/src/modules/fiscal/cenario-cobertura.consulta');
const { gravarCobertura } = await import('../apps/server/src/modules/fiscal/cenario-recontagem');
const { resolverTributacao } = await import('@retaguarda/domain');

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
await owner.connect();
const one = async <T>(text: string, params: unknown[] = []) => (await owner.query(text, params)).rows[0] as T;
const ms = (t0: number) => performance.now() - t0;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

try {
  const { assinante, loja } = await one<{ assinante: number; loja: number }>(
    `select assinante_id as assinante, id as loja from loja where sigla = 'BV01'`,
  );
  let t0 = performance.now();
  const existentes = Number(
    (await one<{ n: string }>('select count(*) n from loja where assinante_id = $1', [assinante])).n,
  );
  await owner.query(
    `insert into loja (assinante_id, sigla, numero_do_documento, fantasia, nome, uf, crt, regime_apuracao)
     select $1, 'BX' || g, lpad(g::text, 14, '9'), 'Bench ' || g, 'Loja bench ' || g,
            ($2::text[])[1 + g % array_length($2::text[], 1)], case when g % 4 = 0 then 1 else 3 end,
            case when g % 4 = 0 then 'SIMPLES' else 'LUCRO_PRESUMIDO' end
       from generate_series(1, $3::int) g`,
    [assinante, [...UFS], Math.max(0, NLOJAS - existentes)],
  );
  const ncms = (
    await owner.query(
      `select codigo from ncm_oficial where digitos = 8 and data_fim >= current_date order by codigo limit 2000`,
    )
  ).rows.map((r) => r.codigo as string);
  await owner.query('alter table produto disable trigger user');
  await owner.query(
    // explicit codes after the tenant's own (its numbering trigger is off with the others here)
    `insert into produto (assinante_id, id, descricao, ncm_id, origem)
     select $1, m.maior + g, 'Produto bench ' || g, ($2::text[])[1 + g % array_length($2::text[], 1)],
            (array['0','1','2'])[1 + g % 3]
       from generate_series(1, $3::int) g,
            (select coalesce(max(id), 0) as maior from produto where assinante_id = $1) m`,
    [assinante, ncms, NPROD],
  );
  await owner.query('alter table produto enable trigger user');
  await owner.query(
    `insert into cenario_fiscal_ncm (assinante_id, descricao, ncm, uf_origem, uf_destino, vigencia_inicio, cst, csosn,
       pis_cofins_cst_saida, aliquota)
     select $1, 'Bench ' || n, n, 'TODAS', 'TODAS', '2024-01-01', '00', '102', '01', 18
       from unnest($2::text[]) with ordinality as x(n, i)
      where i % 5 <> 0 and not exists (select 1 from cenario_fiscal_ncm c where c.assinante_id = $1 and c.ncm = x.n)`,
    [assinante, ncms],
  );
  await owner.query('analyze produto; analyze cenario_fiscal_ncm; analyze loja');
  const lojas = (
    await owner.query('select id from loja where assinante_id = $1 and ativo order by id', [assinante])
  ).rows.map((r) => r.id as number);
  const produtos = Number(
    (await one<{ n: string }>('select count(*) n from produto where assinante_id = $1 and ativo', [assinante])).n,
  );
  console.log(
    `dados: ${produtos} produtos ativos, ${lojas.length} lojas, ${ncms.length} NCMs (regra para 4 de 5) — gerados em ${(ms(t0) / 1000).toFixed(1)} s`,
  );

  // (1) one simulation
  const produto = (
    await one<{ id: number }>(
      `select id from produto where assinante_id = $1 and ncm_id = '33030020' order by id limit 1`,
      [assinante],
    )
  ).id;
  const auth = { lojas };
  const entrada = entradaSimulacao.parse({
    produtoId: produto,
    lojaId: loja,
    tipoOperacao: 'VENDA',
    modelo: '55',
    ufDestino: 'SC',
    valor: '100.00',
    data: '2026-06-15',
  });
  const tempos: number[] = [];
  let ultimo: Awaited<ReturnType<typeof simular>> | undefined;
  for (let i = 0; i < 520; i++) {
    t0 = performance.now();
    ultimo = await rt.db.withTenant(assinante, (trx) => simular(trx, auth, entrada));
    if (i >= 20) tempos.push(ms(t0));
  }
  console.log(
    `simulação (função do servidor, transação do inquilino + consultas + motor): p50 ${pct(tempos, 0.5).toFixed(2)} ms, p99 ${pct(tempos, 0.99).toFixed(2)} ms (meta ≤ 20 ms); CFOP ${ultimo?.cfop}, ST ${ultimo?.st.valor}, ${ultimo?.regras.length} regras avaliadas`,
  );
  // what any tenant transaction costs here (BEGIN, tenant settings, one select, COMMIT): the floor of the above
  const vazia: number[] = [];
  for (let i = 0; i < 520; i++) {
    t0 = performance.now();
    await rt.db.withTenant(assinante, (trx) => sql`select 1`.execute(trx));
    if (i >= 20) vazia.push(ms(t0));
  }
  console.log(
    `transação do inquilino com um select 1: p50 ${pct(vazia, 0.5).toFixed(2)} ms, p99 ${pct(vazia, 0.99).toFixed(2)} ms`,
  );
  // the engine alone on the same candidates
  const motor: number[] = [];
  const e = {
    produto: { ncm: '33030020', origem: '0' },
    loja: { uf: 'PR' as const, crt: 3 as const },
    operacao: { tipo: 'VENDA' as const, modelo: '55' as const, ufContraparte: 'SC' as const },
    data: '2026-06-15',
    valores: { valorUnitario: '100.00', quantidade: '1' },
    candidatos: { ncm: [], operacao: [] },
  };
  for (let i = 0; i < 10_000; i++) {
    t0 = performance.now();
    resolverTributacao(e);
    motor.push(ms(t0));
  }
  console.log(`motor puro (sem regras): p50 ${(pct(motor, 0.5) * 1000).toFixed(0)} µs`);

  // (2) cobertura
  const execucoes: number[] = [];
  let medicao: Parameters<NonNullable<Parameters<typeof lerCobertura>[3]>>[0] | undefined;
  let linhas = 0;
  for (let i = 0; i < 3; i++) {
    t0 = performance.now();
    const r = await rt.db.withTenant(assinante, (trx) =>
      lerCobertura(trx, auth, { tipoOperacao: 'VENDA', modelo: '65', start: 0, count: 20 }, (m) => {
        medicao = m;
      }),
    );
    execucoes.push(ms(t0));
    linhas = r.length;
  }
  console.log(
    `cobertura de ${produtos} produtos × ${lojas.length} lojas: ${execucoes.map((x) => `${(x / 1000).toFixed(2)} s`).join(', ')} (meta ≤ 10 s); ` +
      `${medicao?.classes} classes × ${medicao?.perfis} perfis de loja = ${medicao?.resolucoes} resoluções; ` +
      `leitura dos produtos ${medicao?.ms.produtos.toFixed(0)} ms, regras ${medicao?.ms.regras.toFixed(0)} ms, motor ${medicao?.ms.motor.toFixed(0)} ms; ${linhas} linhas classe × loja sem tratamento completo`,
  );

  // (3) the same coverage over every store written into inconsistencia_produto (the recount job's statement)
  t0 = performance.now();
  const gravadas = await rt.db.withTenant(assinante, (trx) => gravarCobertura(trx));
  console.log(
    `cobertura gravada (job de recontagem, todas as lojas): ${(ms(t0) / 1000).toFixed(2)} s, ${gravadas} linhas`,
  );
} finally {
  await owner.end();
  await rt.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
