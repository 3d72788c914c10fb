/**
 * Extrato de estoque figures: one product with BENCH_MOVIMENTOS (default 100 000) movements at one store,
 * posted through the adjustment command in adjustments of 1 000 items over ~1 000 days (a quarter of them
 * exits), plus 1 000 back-dated single postings; then the latency of GET /api/v1/estoque/extrato (through the
 * app: auth, scope, the saldo anterior lookups, the period's count and sums, the first page with its running
 * balance) — first page of a month, of the whole history (every movement in the period), and a page deep in
 * it — p50/p95/p99 over BENCH_REPETICOES (default 200) requests each. Target: first page ≤ 100 ms.
 * Runs the real app on a fresh embedded PostgreSQL under a temporary DATA_DIR.
 * Usage: cd bench && npx tsx estoque-extrato.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { entradaAjusteEstoque, perm } from '@retaguarda/domain';
import pg from 'pg';

const N = Number(process.env.BENCH_MOVIMENTOS ?? 100_000);
const REP = Number(process.env.BENCH_REPETICOES ?? 200);
const LOTE = 1000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-bench-extrato-'));
fs.chmodSync(dataDir, 0o755);
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = '';

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
const { executarWorkflow } = await import('../apps/server/src/workflows');
const { incluirAjusteEstoque } = await import('../apps/server/src/modules/estoque/ajuste.workflow');

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
await owner.connect();
const one = async <T>(text: string, params: unknown[] = []) => (await owner.query(text, params)).rows[0] as T;
const { assinante, loja, local, usuario } = await one<{
  assinante: number;
  loja: number;
  local: number;
  usuario: number;
}>(
  `select l.assinante_id as assinante, l.id as loja, le.id as local,
          (select id from usuario u where u.assinante_id = l.assinante_id and username = 'ana.admin') as usuario
     from loja l join local_estoque le on le.loja_id = l.id and le.tipo = 'LOJA' where l.sigla = 'BV01'`,
);
// a product of its own: nothing else moves it
const { id: produto } = await one<{ id: number }>(
  `insert into produto (assinante_id, descricao, codigo_interno, unidade_de_venda_id)
   select assinante_id, 'Bench extrato', 'BENCH-EXTRATO', unidade_de_venda_id from produto p
    where p.assinante_id = $1 and p.ativo and p.unidade_de_venda_id is not null order by p.id limit 1 returning id`,
  [assinante],
);
const entrada = await one<{ id: number }>(
  `update tipo_ajuste set afeta_custo_medio = true where id = (select id from tipo_ajuste where assinante_id = $1
     and tipo = 'ENTRADA' and not exige_observacao order by id limit 1) returning id`,
  [assinante],
);
const saida = await one<{ id: number }>(
  `select id from tipo_ajuste where assinante_id = $1 and tipo = 'SAIDA' and not exige_observacao order by id limit 1`,
  [assinante],
);
const auth = {
  assinanteId: assinante,
  usuarioId: usuario,
  username: 'ana.admin',
  sessaoId: null,
  apiKeyId: null,
  administrador: true,
  tipoCliente: 'BOTICARIO' as const,
  permissoes: new Set([perm('AJUSTE_ESTOQUE', 'INCLUIR')]),
  lojas: [loja],
  lojaPrincipal: loja,
};
const DIA0 = Date.UTC(2024, 0, 1);
const dia = (n: number) => new Date(DIA0 + n * 86_400_000).toISOString().slice(0, 10);
const lotes = Math.ceil(N / LOTE);
const diasPorLote = Math.max(1, Math.floor(1000 / lotes));

async function ajuste(n: number, data: string, itens: number, chave: string, sai = false) {
  const e = entradaAjusteEstoque.parse({
    lojaId: loja,
    localId: local,
    tipoDeOperacao: sai ? 'SAIDA' : 'ENTRADA',
    tipoDeAjusteId: sai ? saida.id : entrada.id,
    dataDaMovimentacao: data,
    itens: Array.from({ length: itens }, (_, i) => ({
      produtoId: produto,
      quantidade: sai ? '1' : String(1 + ((n + i) % 7)),
      ...(sai ? {} : { custoUnitario: (1 + ((n * 31 + i) % 997) / 100).toFixed(2) }),
    })),
  });
  const r = await executarWorkflow(rt.db, incluirAjusteEstoque, { entrada: e, auth, chave });
  if (r.status !== 201) throw new Error(`ajuste ${n}: ${r.status} ${JSON.stringify(r.corpo)}`);
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

try {
  console.log(`${N} movimentos de um produto em ${lotes} ajustes de ${LOTE} itens, loja BV01`);
  const t0 = performance.now();
  for (let n = 0; n < lotes; n++)
    await ajuste(n, dia(n * diasPorLote), Math.min(LOTE, N - n * LOTE), `bench-extrato-${n}`, n % 4 === 3);
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
  await owner.end();
  await rt.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
