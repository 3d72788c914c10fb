/**
 * Extrato de estoque figures: one product with BENCH_MOVIMENTOS (default 100 000) movements at one store,
 * posted by the stock ledger's posting function in lots of 1 000 over ~1 000 days (a quarter of them exits;
 * an adjustment takes each product on one line only, so the bulk cannot go through it), plus 1 000
 * back-dated single-line adjustments through the real command; then the latency of GET /api/v1/estoque/extrato (through the
 * app: auth, scope, the saldo anterior lookups, the period's count and sums, the first page with its running
 * balance) — first page of a month, of the whole history (every movement in the period), and a page deep in
 * it — p50/p95/p99 over BENCH_REPETICOES (default 200) requests each. Target: first page ≤ 100 ms.
 * Runs the real app on a fresh embedded PostgreSQL under a temporary DATA_DIR.
 * Usage: cd bench && npx tsx estoque-extrato.ts
 */
import fs from 'node:fs';
import { bancadaDeAjustes } from './lib/ajustes';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const N = Number(process.env.BENCH_MOVIMENTOS ?? 100_000);
const REP = Number(process.env.BENCH_REPETICOES ?? 200);
const LOTE = 1000;
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-extrato-'));

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
const bancada = await bancadaDeAjustes(rt);
const { um: one, assinante, loja } = bancada;
// a product of its own: nothing else moves it
const { id: produto } = await one<{ id: number }>(
  `insert into produto (assinante_id, descricao, codigo_interno, unidade_de_venda_id)
   select assinante_id, 'Bench extrato', 'BENCH-EXTRATO', unidade_de_venda_id from produto p
    where p.assinante_id = $1 and p.ativo and p.unidade_de_venda_id is not null order by p.id limit 1 returning id`,
  [assinante],
);
const DIA0 = Date.UTC(2024, 0, 1);
const dia = (n: number) => new Date(DIA0 + n * 86_400_000).toISOString().slice(0, 10);
const lotes = Math.ceil(N / LOTE);
const diasPorLote = Math.max(1, Math.floor(1000 / lotes));

const ajuste = (n: number, data: string, itens: number, chave: string, sai = false) =>
  bancada.ajustar(n, data, itens, chave, [produto], sai);
const { lancarMovimentos } = await import('../apps/server/src/modules/estoque/lancamento');
/** `itens` movements of the product on one day, in one posting (a lot of the ledger, not a document) */
const lote = (n: number, data: string, itens: number, sai: boolean) =>
  rt.db.withTenant(assinante, (trx) =>
    lancarMovimentos(trx, {
      documentoTipo: 'BENCH',
      documentoId: n,
      usuarioId: null,
      movimentos: Array.from({ length: itens }, (_, i) => ({
        lojaId: loja,
        localId: bancada.local,
        produtoId: produto,
        data,
        tipo: sai ? ('AJUSTE_SAIDA' as const) : ('AJUSTE_ENTRADA' as const),
        quantidade: sai ? '-1' : String(1 + (i % 7)),
        custoUnitario: sai ? null : (1 + (i % 997) / 100).toFixed(2),
      })),
    }),
  );

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

try {
  console.log(`${N} movimentos de um produto em ${lotes} ajustes de ${LOTE} itens, loja BV01`);
  const t0 = performance.now();
  for (let n = 0; n < lotes; n++) await lote(n, dia(n * diasPorLote), Math.min(LOTE, N - n * LOTE), n % 4 === 3);
  for (let i = 0; i < 1000; i++) await ajuste(i, dia(Math.floor(Math.random() * lotes * diasPorLote)), 1, `retro-${i}`);
  console.log(`lançados em ${((performance.now() - t0) / 1000).toFixed(1)} s (com 1000 retroativos)`);
  await one('vacuum analyze');

  const login = await rt.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host: 'localhost' },
    payload: { username: 'ana.admin', password: 'Demo@1234' },
  });
  const headers = { host: 'localhost', authorization: `Bearer ${login.json().accessToken}` };
  const ultimo = lotes * diasPorLote;
  const meio = dia(Math.floor(ultimo / 2));
  const casos: [string, string, string, number][] = [
    ['1ª página de um mês', meio, dia(Math.floor(ultimo / 2) + 30), 0],
    ['1ª página do histórico inteiro', dia(0), dia(ultimo), 0],
    ['página no meio do histórico (start=50 000)', dia(0), dia(ultimo), Math.floor(N / 2)],
  ];
  for (const [rotulo, de, ate, start] of casos) {
    const url = `/api/v1/estoque/extrato?produtoId=${produto}&lojaId=${loja}&de=${de}&ate=${ate}&start=${start}&count=50`;
    const tempos: number[] = [];
    let total = 0;
    for (let i = 0; i < REP + 5; i++) {
      const t = performance.now();
      const r = await rt.app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - t;
      if (r.statusCode !== 200) throw new Error(`${rotulo}: ${r.statusCode} ${r.body}`);
      total = r.json().total;
      if (i >= 5) tempos.push(ms); // the first requests warm the plan and the caches
    }
    console.log(
      `${rotulo}: ${total} movimentos no período — p50 ${pct(tempos, 0.5).toFixed(1)} ms, ` +
        `p95 ${pct(tempos, 0.95).toFixed(1)} ms, p99 ${pct(tempos, 0.99).toFixed(1)} ms (meta da 1ª página ≤ 100 ms)`,
    );
  }
} finally {
  await bancada.fechar();
  await rt.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
