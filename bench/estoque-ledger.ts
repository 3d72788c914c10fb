/**
 * Stock ledger figures: movement rows/s posting BENCH_MOVIMENTOS (default 1 000 000) movements through the
 * adjustment command (contract parse + estoque.ajuste on defineWorkflow: tenant transaction, lock,
 * idempotency key, audit, set-based posting with balances and average cost) in adjustments of BENCH_LOTE
 * items; then p99 of the balance as of a past date (saldo_estoque_dia lookup, and the same through the
 * /saldos?data= select) for the most-moved product, before and after 1 000 back-dated postings.
 * Products cycle over BENCH_PRODUTOS of the demo tenant (default BENCH_LOTE: an adjustment refuses a product on
 * two lines, so a lot needs that many).
 * The floor, in the same run: the same rows (same lots, one transaction each) inserted by one
 * `insert … select unnest(…)` into an unindexed, trigger-less copy of the movement table — what writing the
 * rows alone costs here — each lot right after its posting (both under the same load of a shared machine),
 * and the ratio of the posting (balances, daily balances, per-day summaries and average cost) to it
 * (target ≥ 0.5).
 * Runs the real app's runtime on a fresh embedded PostgreSQL under a temporary DATA_DIR.
 * Usage: cd bench && npx tsx estoque-ledger.ts
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { criarPiso, type LinhaDoPiso } from './lib/piso-ledger';
import { bancadaDeAjustes } from './lib/ajustes';
import { gerar } from './lib/gerador';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const N = Number(process.env.BENCH_MOVIMENTOS ?? 1_000_000);
const LOTE = Number(process.env.BENCH_LOTE ?? 1000);
// an adjustment takes each product on one line only: at least one product per item of a lot
const NPROD = Number(process.env.BENCH_PRODUTOS ?? LOTE);
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-estoque-'));

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
/** The balance at the end of a day: the one indexed lookup of saldos.ts (saldoEm), in one round trip. */
const saldoSql = (produtoId: number, d: string) =>
  sql`select saldo from saldo_estoque_dia where loja_id = ${loja} and local_id = ${local}
       and produto_id = ${produtoId} and data <= ${d}::date order by data desc limit 1`;

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
// an adjustment names each product once: generated products (the demo's first tenant) give a lot's distinct items
if (NPROD > 1) await gerar(rt.target.ownerUrl, NPROD + 200);
const bancada = await bancadaDeAjustes(rt);
const { owner, um: one, assinante, loja, local } = bancada;
const produtos = (
  await owner.query(
    `select p.id from produto p left join unidade u on u.assinante_id = p.assinante_id and u.id = p.unidade_de_venda_id
      where p.assinante_id = $1 and p.ativo and not coalesce(u.permite_fracionamento, false) order by p.id limit $2`,
    [assinante, NPROD],
  )
).rows.map((r) => r.id as number);
const dia = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10);
const lotes = Math.ceil(N / LOTE);
const diasPorLote = Math.max(1, Math.floor(1000 / lotes)); // ~1000 distinct days over the run

const ajuste = (n: number, data: string, itens: number, chave: string, saidaDeEstoque = false) =>
  bancada.ajustar(n, data, itens, chave, produtos, saidaDeEstoque);

/**
 * What the ledger kit's guard (locks + closed-period read, `abrirLancamento`) adds to a posting: the same
 * 1 000-row posting with it (lancarMovimentos) and without it (the store lock alone, then the statement),
 * alternating in pairs so the machine's drift falls on both.
 */
async function custoDoGuarda(data: string) {
  const { instrucaoDeLancamento, lancarMovimentos } = await import('../apps/server/src/modules/estoque/lancamento');
  const { chaveSaldos } = await import('../apps/server/src/modules/estoque/razao');
  const { travar } = await import('../apps/server/src/workflows/trava');
  const l = {
    documentoTipo: 'BENCH',
    documentoId: null,
    usuarioId: null,
    movimentos: Array.from({ length: LOTE }, (_, i) => ({
      lojaId: loja,
      localId: local,
      produtoId: produtos[i % produtos.length]!,
      data,
      tipo: 'AJUSTE_ENTRADA' as const,
      quantidade: '1',
      custoUnitario: '2.50',
    })),
  };
  const ms = { com: [] as number[], sem: [] as number[] };
  for (let r = 0; r < 20; r++)
    for (const guarda of r % 2 ? [true, false] : [false, true]) {
      const t = performance.now();
      await rt.db.withTenant(assinante, async (trx) => {
        if (guarda) await lancarMovimentos(trx, l);
        else {
          await travar(trx, null, chaveSaldos(loja));
          await instrucaoDeLancamento(l).execute(trx);
        }
      });
      ms[guarda ? 'com' : 'sem'].push(performance.now() - t);
    }
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `guarda do kit (travas + período fechado) num lançamento de ${LOTE}: mediana ${med(ms.com).toFixed(1)} ms com, ` +
      `${med(ms.sem).toFixed(1)} ms sem (${(((med(ms.com) - med(ms.sem)) / med(ms.sem)) * 100).toFixed(1)} %)`,
  );
}

const p99 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;
async function consultas(rotulo: string) {
  const hot = produtos[0]!;
  const ultimoDia = Math.min(lotes * diasPorLote, 1000);
  const lookup: number[] = [];
  const execucao: number[] = [];
  const lista: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const d = dia(Math.floor(Math.random() * ultimoDia));
    let t0 = performance.now();
    await rt.db.readOnce(assinante, saldoSql(hot, d));
    lookup.push(performance.now() - t0);
    if (i % 10 === 0) {
      const [plano] = await rt.db.readOnce<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
        assinante,
        sql`explain (analyze, format json) ${saldoSql(hot, d)}`,
      );
      execucao.push(Object.values(plano!)[0]![0]!['Execution Time']);
    }
    t0 = performance.now();
    await rt.db.readOnce(
      assinante,
      sql`select (select d.saldo from saldo_estoque_dia d where d.loja_id = s.loja_id and d.local_id = s.local_id
                    and d.produto_id = s.produto_id and d.data <= ${d}::date order by d.data desc limit 1),
                 (select m.custo_medio_apos from movimento_estoque m where m.loja_id = s.loja_id
                    and m.produto_id = s.produto_id and m.data <= ${d}::date order by m.data desc, m.id desc limit 1)
            from saldo_estoque s where s.loja_id = ${loja} and s.produto_id = ${hot}`,
    );
    lista.push(performance.now() - t0);
  }
  const movs = await one<{ n: number }>('select count(*)::int as n from movimento_estoque where produto_id = $1', [
    hot,
  ]);
  console.log(
    `${rotulo}: produto ${hot} com ${movs.n} movimentos — saldo em data passada p99 ${p99(lookup).toFixed(2)} ms ` +
      `(execução no servidor p99 ${p99(execucao).toFixed(3)} ms); ` +
      `saldo + custo médio na data (select de /saldos?data=) p99 ${p99(lista).toFixed(2)} ms`,
  );
}

try {
  console.log(`${N} movimentos em ${lotes} ajustes de ${LOTE} itens, ${produtos.length} produto(s), loja BV01`);
  const piso = await criarPiso(rt, owner, assinante);
  // the floor's rows of lot n: the posting's shape (entries of 1–7 with a cost, every 4th lot exits of 1)
  const linhasDoPiso = (n: number): LinhaDoPiso[] =>
    Array.from({ length: Math.min(LOTE, N - n * LOTE) }, (_, i) => {
      const sai = n % 4 === 3;
      return {
        lojaId: loja,
        localId: local,
        produtoId: produtos[(n + i) % produtos.length]!,
        data: dia(n * diasPorLote),
        tipo: sai ? 'AJUSTE_SAIDA' : 'AJUSTE_ENTRADA',
        quantidade: sai ? '-1' : String(1 + ((n + i) % 7)),
        custo: sai ? '0' : (1 + ((n * 31 + i) % 997) / 100).toFixed(2),
      };
    });
  let msLancamento = 0;
  let msPiso = 0;
  for (let n = 0; n < lotes; n++) {
    const t = performance.now();
    await ajuste(n, dia(n * diasPorLote), Math.min(LOTE, N - n * LOTE), `bench-${n}`, n % 4 === 3);
    msLancamento += performance.now() - t;
    msPiso += await piso.inserir(linhasDoPiso(n), n);
    if (n % 100 === 99)
      console.log(`  ${(n + 1) * LOTE} movimentos, ${Math.round(((n + 1) * LOTE * 1000) / msLancamento)} movimentos/s`);
  }
  const s = msLancamento / 1000;
  const taxaPiso = N / (msPiso / 1000);
  console.log(
    `lançamento: ${N} movimentos em ${s.toFixed(1)} s = ${Math.round(N / s)} movimentos/s (saldos e custo médio mantidos)`,
  );
  // the posting statement alone (no command around it): what the command's own steps add
  const { lancarMovimentos } = await import('../apps/server/src/modules/estoque/lancamento');
  let msInstrucao = 0;
  let msPisoInstrucao = 0;
  for (let n = 0; n < 20; n++) {
    const movimentos = Array.from({ length: LOTE }, (_, i) => ({
      lojaId: loja,
      localId: local,
      produtoId: produtos[i % produtos.length]!,
      data: dia(lotes * diasPorLote),
      tipo: 'AJUSTE_ENTRADA' as const,
      quantidade: '1',
      custoUnitario: '2.50',
    }));
    const t2 = performance.now();
    await rt.db.withTenant(assinante, (trx) =>
      lancarMovimentos(trx, { documentoTipo: 'BENCH', documentoId: null, usuarioId: null, movimentos }),
    );
    msInstrucao += performance.now() - t2;
    msPisoInstrucao += await piso.inserir(
      movimentos.map((m) => ({ ...m, custo: m.custoUnitario })),
      lotes + n,
    );
  }
  await piso.descartar();
  const instrucao = (20 * LOTE) / (msInstrucao / 1000);
  const razaoInstrucao = msPisoInstrucao / msInstrucao;
  console.log(`só a instrução de lançamento: ${Math.round(instrucao)} movimentos/s`);
  await custoDoGuarda(dia(lotes * diasPorLote));
  console.log(
    `piso (as mesmas ${N} linhas, insert … select unnest(…) numa cópia sem índices da tabela de movimentos, ` +
      `cada lote logo depois do seu lançamento): ${Math.round(taxaPiso)} movimentos/s — razão lançamento/piso: ` +
      `instrução ${razaoInstrucao.toFixed(2)} (com o seu piso de 20 lotes), comando ${(N / s / taxaPiso).toFixed(2)} (meta ≥ 0,5)`,
  );
  await one('vacuum analyze');
  await consultas('antes dos retroativos');
  const t1 = performance.now();
  for (let i = 0; i < 1000; i++) await ajuste(i, dia(Math.floor(Math.random() * lotes * diasPorLote)), 1, `retro-${i}`);
  console.log(`1000 lançamentos retroativos (1 item): ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  await consultas('depois de 1000 retroativos');
  const cheque = await one<{ ok: boolean }>(
    `select (select sum(quantidade) from movimento_estoque) = (select sum(quantidade) from saldo_estoque) as ok`,
  );
  console.log(`conferência: soma dos movimentos = soma dos saldos: ${cheque.ok}`);
} finally {
  await bancada.fechar();
  await rt.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
