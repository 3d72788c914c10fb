/**
 * The sync cursor's cost on writers (issue #25.7, migration 0392): the same 1 000-item stock adjustment
 * (the real command: contract, tenant transaction, lock, idempotency, audit, set-based posting with balances,
 * daily balances, summaries and average cost) posted with movimento_estoque as shipped and with the cursor
 * adopted on it (`app_cursor_adotar`: one xid8 column default and one index entry per row), in alternating
 * blocks (A B B A …) in one run so machine drift falls on both sides. Then the worst case, nothing else to
 * dilute it: 1 000 rows in one `insert … select` into two copies of the movement table, one with the cursor.
 * Prints the medians and the ratios; target overhead ≤ 5 %. Adopting on the ledger is this bench's doing only:
 * no migration adopts it there (no incremental reader of movements exists yet).
 * Usage: cd bench && npx tsx cursor-overhead.ts   (BENCH_BLOCOS, BENCH_POR_BLOCO)
 */
import os from 'node:os';
import { bancadaDeAjustes } from './lib/ajustes';
import { gerar } from './lib/gerador';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const BLOCOS = Number(process.env.BENCH_BLOCOS ?? 40);
const POR_BLOCO = Number(process.env.BENCH_POR_BLOCO ?? 2);
const ITENS = 1000;
usarPastaDeDados(pastaDeDados('retaguarda-bench-cursor-'));

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
// an adjustment takes each product once: 1 200 generated products (tenant 1, the demo's first) give 1 000 distinct items
await gerar(rt.target.ownerUrl, 1200);
const bancada = await bancadaDeAjustes(rt);
const { owner, assinante } = bancada;
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const razao = (com: number, sem: number) => `${(com / sem).toFixed(3)} (${((com / sem - 1) * 100).toFixed(1)} %)`;
try {
  const produtos = (
    await owner.query(
      `select p.id from produto p left join unidade u on u.assinante_id = p.assinante_id and u.id = p.unidade_de_venda_id
        where p.assinante_id = $1 and p.ativo and not coalesce(u.permite_fracionamento, false) order by p.id`,
      [assinante],
    )
  ).rows.map((r) => r.id as number);
  const tempos = { sem: [] as number[], com: [] as number[] };
  let n = 0;
  let comCursor = 0; // rows stamped, counted at the end of each block with the cursor (the column goes after)
  const dia = (k: number) => new Date(Date.UTC(2024, 0, 1 + (k % 300))).toISOString().slice(0, 10);
  await bancada.ajustar(n++, dia(0), ITENS, 'aquecimento-1', produtos); // warm-up, outside the figures
  for (let b = 0; b < BLOCOS; b++) {
    const lado: 'sem' | 'com' = [0, 3].includes(b % 4) ? 'sem' : 'com';
    await owner.query(
      lado === 'com'
        ? `select app_cursor_adotar('movimento_estoque')`
        : `select app_cursor_abandonar('movimento_estoque')`,
    );
    await bancada.ajustar(n++, dia(n), ITENS, `aquecimento-b${b}`, produtos); // plans after the DDL
    for (let i = 0; i < POR_BLOCO; i++) {
      const t0 = performance.now();
      await bancada.ajustar(n, dia(n), ITENS, `cursor-${n}`, produtos);
      tempos[lado].push(performance.now() - t0);
      n++;
    }
    if (lado === 'com')
      comCursor += (await owner.query(`select count(*)::int as n from movimento_estoque where cursor_tx > '0'::xid8`))
        .rows[0].n;
  }
  await owner.query(`select app_cursor_abandonar('movimento_estoque')`);
  const [sem, com] = [mediana(tempos.sem), mediana(tempos.com)];
  console.log(
    `ajuste de ${ITENS} itens pelo comando (${tempos.sem.length} + ${tempos.com.length} medições, carga ` +
      `${os.loadavg()[0]!.toFixed(1)} em ${os.cpus().length} CPUs; ${comCursor} linhas com cursor (somadas ao fim de cada bloco com ele)):\n` +
      `  sem cursor: mediana ${sem.toFixed(1)} ms (mínimo ${Math.min(...tempos.sem).toFixed(1)})\n` +
      `  com cursor: mediana ${com.toFixed(1)} ms (mínimo ${Math.min(...tempos.com).toFixed(1)})\n` +
      `  razão com/sem: ${razao(com, sem)} — meta ≤ 5 %`,
  );

  // the worst case: the insert alone, into two unpartitioned copies of the ledger table
  await owner.query(`drop table if exists bench_mov_sem, bench_mov_com;
    create table bench_mov_sem (like movimento_estoque including defaults including identity including indexes);
    create table bench_mov_com (like movimento_estoque including defaults including identity including indexes);
    select app_cursor_adotar('bench_mov_com');`);
  const cols = `assinante_id, loja_id, local_id, produto_id, data, tipo, quantidade, custo_unitario, custo_medio_apos, documento_tipo`;
  const insercao = (t: string) =>
    `insert into ${t} (${cols}) select ${assinante}, 1, 1, (g % 50) + 1, date '2024-01-01' + (g % 30), 'AJUSTE_ENTRADA', 1, 1, 1, 'AJUSTE'
       from generate_series(1, ${ITENS}) g`;
  const bruto = { sem: [] as number[], com: [] as number[] };
  for (let i = 0; i < 200; i++)
    for (const lado of (i % 2 ? ['sem', 'com'] : ['com', 'sem']) as ('sem' | 'com')[]) {
      const t0 = performance.now();
      await owner.query(`begin; ${insercao(`bench_mov_${lado}`)}; commit`);
      if (i >= 20) bruto[lado].push(performance.now() - t0);
    }
  await owner.query('drop table bench_mov_sem, bench_mov_com');
  const [bs, bc] = [mediana(bruto.sem), mediana(bruto.com)];
  console.log(
    `só a inserção de ${ITENS} linhas (insert … select, cópia da tabela de movimentos, ${bruto.sem.length} + ${bruto.com.length}):\n` +
      `  sem cursor: mediana ${bs.toFixed(2)} ms; com cursor: mediana ${bc.toFixed(2)} ms; razão ${razao(bc, bs)}`,
  );
} finally {
  await bancada.fechar();
  await rt.close();
}
