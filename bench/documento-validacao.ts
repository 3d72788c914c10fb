/**
 * Item-line documents (issue #25.1): a 1 000-line document validated by the shared item-line validator —
 * the products read as a set (`produtosDasLinhas`: lines by id in one statement, lines by code through the
 * code resolver) and the domain's `validarLinhas` (product active, unit decimals, code factor, costs,
 * duplicate policy) — over the reference chain's generated products (./lib/gerador.ts). Lines: 800 by
 * product id (an adjustment's), 200 by code (EANs, as a collector file sends them). Prints the median and
 * p95 of the whole validation and of the domain part alone. Target: ≤ 30 ms for the whole.
 * Usage: cd bench && npx tsx documento-validacao.ts
 */
import os from 'node:os';
import { linhasDeEstoque, validarLinhas } from '@retaguarda/domain';
import { gerar } from './lib/gerador';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const NPROD = Number(process.env.BENCH_PRODUTOS ?? 20_000);
const N = 1_000;
const RODADAS = Number(process.env.BENCH_RODADAS ?? 40);
usarPastaDeDados(pastaDeDados('retaguarda-bench-documento-'));

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
const { produtosDasLinhas } = await import('../apps/server/src/modules/produto/linhas');
const pg = (await import('pg')).default;

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
try {
  const t0 = performance.now();
  await gerar(rt.target.ownerUrl, NPROD);
  await owner.connect();
  await owner.query('vacuum analyze produto, codigo_auxiliar');
  const produtos = (
    await owner.query<{ id: number; ean: string }>(
      `select distinct on (p.id) p.id, c.id as ean from produto p
         join codigo_auxiliar c on c.assinante_id = p.assinante_id and c.produto_id = p.id and c.tipo = 'EAN'
        where p.assinante_id = 1 and p.ativo and c.ativo order by p.id, c.id limit ${N}`,
    )
  ).rows;
  if (produtos.length < N) throw new Error(`só ${produtos.length} produtos com EAN`);
  console.log(
    `${NPROD.toLocaleString('pt-BR')} produtos gerados; preparo ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  // one line per product (the stock documents refuse repeats): 4 of 5 by id, 1 of 5 by its EAN
  const linhas = produtos.map((p, i) =>
    i % 5 === 4 ? { codigo: p.ean, quantidade: '2' } : { produtoId: p.id, quantidade: '1', custoUnitario: '3.25' },
  );
  const declaracao = { ...linhasDeEstoque('ajuste'), maxLinhas: N };
  const validar = () =>
    rt.db.withTenant(1, async (trx) => validarLinhas(declaracao, linhas, await produtosDasLinhas(trx, linhas)));
  const r = await validar();
  if (r.falhas.length) throw new Error(`falhas inesperadas: ${JSON.stringify(r.falhas.slice(0, 3))}`);
  const lidos = await rt.db.withTenant(1, (trx) => produtosDasLinhas(trx, linhas));
  // the adjustment as integrations and the grid send it: every line by product id
  const porId = produtos.map((p) => ({ produtoId: p.id, quantidade: '1', custoUnitario: '3.25' }));
  const validarPorId = () =>
    rt.db.withTenant(1, async (trx) => validarLinhas(declaracao, porId, await produtosDasLinhas(trx, porId)));

  const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
  const tempos: Record<'tudo' | 'porId' | 'dominio', number[]> = { tudo: [], porId: [], dominio: [] };
  for (let i = 0; i < RODADAS + 5; i++) {
    let t = performance.now();
    await validar();
    if (i >= 5) tempos.tudo.push(performance.now() - t);
    t = performance.now();
    await validarPorId();
    if (i >= 5) tempos.porId.push(performance.now() - t);
    t = performance.now();
    validarLinhas(declaracao, linhas, lidos);
    if (i >= 5) tempos.dominio.push(performance.now() - t);
  }
  const f = (xs: number[]) => `mediana ${mediana(xs).toFixed(1)} ms, p95 ${p95(xs).toFixed(1)} ms`;
  console.log(
    `validação de um documento de ${N} linhas (meta ≤ 30 ms), carga da máquina ${os.loadavg()[0]!.toFixed(1)} em ${os.cpus().length} CPUs:\n` +
      `  leitura dos produtos (800 ids + 200 códigos) e regras, numa transação: ${f(tempos.tudo)}\n` +
      `  o mesmo com as 1 000 linhas por id (o ajuste como é enviado): ${f(tempos.porId)}\n` +
      `  só as regras do domínio (validarLinhas): ${f(tempos.dominio)}`,
  );
} finally {
  await owner.end().catch(() => {});
  await rt.close();
}
