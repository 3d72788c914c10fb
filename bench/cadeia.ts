/**
 * Builds the reference chain (./lib/cadeia.ts) on a fresh embedded PostgreSQL with the demo data, and prints
 * what it wrote and where the time went (rows/s). Sized by BENCH_LOJAS (50), BENCH_PRODUTOS (20 000),
 * BENCH_CUPONS_DIA (300), BENCH_DIAS (365), BENCH_INICIO (2025-01-01). BENCH_MANTER=1 keeps the DATA_DIR and
 * prints it, so other benches can start on it (DATA_DIR=<it>) instead of generating again.
 * Usage: cd bench && BENCH_LOJAS=2 BENCH_PRODUTOS=500 BENCH_CUPONS_DIA=20 BENCH_DIAS=60 npx tsx cadeia.ts
 */
import fs from 'node:fs';
import pg from 'pg';
import { gerarCadeia, opcoesDoAmbiente } from './lib/cadeia';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const manter = process.env.BENCH_MANTER === '1';
const dataDir = usarPastaDeDados(process.env.DATA_DIR || pastaDeDados('retaguarda-bench-cadeia-'));

const { loadConfig } = await import('../apps/server/src/config');
const { openDatabaseTarget } = await import('../apps/server/src/db/target');
const { migrate } = await import('../apps/server/src/db/migrate');
const { seed } = await import('../apps/server/src/db/seed');

const o = opcoesDoAmbiente();
const target = await openDatabaseTarget(loadConfig(), () => {});
try {
  await migrate(target.ownerUrl, () => {});
  await seed(target.ownerUrl, { demo: true });
  console.log(
    `cadeia: ${o.lojas} lojas × ${o.produtos} produtos, ${o.cuponsPorDia} cupons/loja/dia por ${o.dias} dias desde ${o.inicio}`,
  );
  const g = await gerarCadeia(target.ownerUrl, o, (m) => console.log(`  ${m}`));
  const c = new pg.Client({ connectionString: target.ownerUrl });
  await c.connect();
  const n = async (q: string) => Number((await c.query<{ n: string }>(q)).rows[0]!.n);
  const dias = await n('select count(*) as n from saldo_estoque_dia');
  const tamanho = (await c.query<{ t: string }>(`select pg_size_pretty(pg_database_size(current_database())) as t`))
    .rows[0]!.t;
  await c.end();
  const escrita = (g.fases.vendas ?? 0) + (g.fases.devolucoes ?? 0) + (g.fases.compras ?? 0);
  console.log(
    `${g.cupons.toLocaleString('pt-BR')} cupons, ${g.movimentos.toLocaleString('pt-BR')} movimentos ` +
      `(${Math.round(g.movimentos / Math.max(escrita, 0.001)).toLocaleString('pt-BR')} linhas/s), ` +
      `${dias.toLocaleString('pt-BR')} saldos diários; ${g.segundos.toFixed(1)} s no total, banco com ${tamanho}`,
  );
  console.log(`fases (s): ${JSON.stringify(g.fases)}`);
  if (manter) console.log(`DATA_DIR mantido: ${dataDir}`);
} finally {
  await target.stop();
  if (!manter) fs.rmSync(dataDir, { recursive: true, force: true });
}
