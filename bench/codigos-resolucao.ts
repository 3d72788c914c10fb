/**
 * Product-code resolution (issue #25.2): 10 000 mixed codes resolved for one store — EAN-13s, internal codes,
 * GTIN-14 case codes (auxiliary codes with factor 12), EANs left-padded to 14 as collector files write them,
 * unknown codes — over the reference chain's products (./lib/gerador.ts, BENCH_PRODUTOS = 20 000, the same
 * products bench/lib/cadeia.ts writes; the chain's year of cupons is left out: resolution reads only
 * produto, codigo_auxiliar and unidade). Prints the median and p95 of (a) the resolver — one statement plus
 * the answer's mapping, what a workflow step calls, also split into its parts — and (b) the whole HTTP call
 * (auth, zod, JSON both ways); and, in the same run, a floor: the two key lookups alone, counted (nothing sent
 * back), to show the machine's share on a loaded box. Target: ≤ 50 ms for (a). Usage: cd bench && npx tsx codigos-resolucao.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import { gtinComDigito } from '@retaguarda/domain';
import { gerar } from './lib/gerador';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const NPROD = Number(process.env.BENCH_PRODUTOS ?? 20_000);
const N = 10_000;
const RODADAS = Number(process.env.BENCH_RODADAS ?? 40);
// ~400 MB of embedded database: removed at the end, also when the run fails
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-codigos-'));
const apagar = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.once('SIGINT', () => {
  apagar();
  process.exit(130);
});

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
const { buscarAchados, chavesDistintas, consultaCodigos, respostasPorCodigo } = await import(
  '../apps/server/src/modules/produto/codigos.resolver'
);
const pg = (await import('pg')).default;

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {}).catch((err) => {
  apagar();
  throw err;
});
const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
try {
  const t0 = performance.now();
  await gerar(rt.target.ownerUrl, NPROD);
  await owner.connect();
  // a case code (GTIN-14, indicator 1, factor 12) for every other generated product
  const eans = (
    await owner.query<{ id: string; produto_id: number; codigo_interno: string }>(
      `select c.id, c.produto_id, p.codigo_interno from codigo_auxiliar c
         join produto p on p.assinante_id = c.assinante_id and p.id = c.produto_id
        where c.assinante_id = 1 and c.tipo = 'EAN' and length(c.id) = 13 order by c.id`,
    )
  ).rows;
  const caixas = eans.filter((_, i) => i % 2 === 0).map((e) => gtinComDigito(`1${e.id.slice(0, 12)}`));
  await owner.query(
    `insert into codigo_auxiliar (assinante_id, id, produto_id, tipo, fator)
     select 1, x.id, x.p, 'EAN', 12 from unnest($1::text[], $2::int[]) as x(id, p) on conflict do nothing`,
    [caixas, eans.filter((_, i) => i % 2 === 0).map((e) => e.produto_id)],
  );
  await owner.query('vacuum analyze produto, codigo_auxiliar');
  const loja = (await owner.query<{ id: number }>(`select id from loja where assinante_id = 1 order by id limit 1`))
    .rows[0]!.id;
  console.log(
    `${eans.length.toLocaleString('pt-BR')} produtos com EAN, ${caixas.length.toLocaleString('pt-BR')} códigos de caixa; ` +
      `preparo ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // the mix: 40 % EAN-13, 30 % internal codes, 15 % case codes, 10 % padded EANs, 5 % unknown; deterministic
  let semente = 42;
  const sorteio = (n: number) => {
    semente = (semente * 1103515245 + 12345) % 2 ** 31;
    return semente % n;
  };
  const codigos = Array.from({ length: N }, (_, i) => {
    const e = eans[sorteio(eans.length)]!;
    const f = i % 20;
    if (f < 8) return e.id;
    if (f < 14) return e.codigo_interno;
    if (f < 17) return caixas[sorteio(caixas.length)]!;
    if (f < 19) return `0${e.id}`;
    return gtinComDigito(`2999${String(100_000_000 + i).slice(-8)}`);
  });

  const minimo = (xs: number[]) => Math.min(...xs);
  const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
  const resolver = async () => {
    const chaves = chavesDistintas(codigos);
    return respostasPorCodigo(codigos, await rt.db.withTenantClient(1, (c) => buscarAchados(c, chaves)));
  };
  const r = await resolver();
  const conta = (m: string | null) => r.filter((x) => x.motivo === m).length;
  console.log(
    `${N} códigos (${chavesDistintas(codigos).length} chaves distintas): ${conta(null)} resolvidos, ` +
      `${conta('Código não encontrado.')} não encontrados, ${r.filter((x) => x.fator === '12').length} com fator 12`,
  );
  const login = await rt.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host: 'localhost' },
    payload: { username: 'ana.admin', password: 'Demo@1234' },
  });
  const headers = { host: 'localhost', authorization: `Bearer ${login.json().accessToken}` };
  const http = async () => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/v1/produto/codigos/resolucao',
      headers,
      payload: { lojaId: loja, codigos },
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  };
  // the floor, in the same run: both key lookups alone, counted — no product columns, nothing sent back
  const piso = `select
      (select count(*) from unnest($1::text[]) e(chave) join produto p on p.chave_codigo = e.chave)
    + (select count(*) from unnest($1::text[]) e(chave) join codigo_auxiliar c on c.chave_codigo = e.chave) as n`;
  const partes = ['resolver', 'chaves', 'comando', 'respostas', 'piso', 'http'] as const;
  const tempos = Object.fromEntries(partes.map((p) => [p, [] as number[]])) as Record<
    (typeof partes)[number],
    number[]
  >;
  for (let i = 0; i < RODADAS + 5; i++) {
    const conta = i >= 5;
    let t = performance.now();
    await resolver();
    if (conta) tempos.resolver.push(performance.now() - t);
    // the same resolution, split: keys (JS), the statement's round trip, the answers (JS)
    t = performance.now();
    const chaves = chavesDistintas(codigos);
    const t1 = performance.now();
    const achados = await rt.db.withTenantClient(1, (c) => buscarAchados(c, chaves));
    const t2 = performance.now();
    respostasPorCodigo(codigos, achados);
    if (conta) {
      tempos.chaves.push(t1 - t);
      tempos.comando.push(t2 - t1);
      tempos.respostas.push(performance.now() - t2);
    }
    t = performance.now();
    await rt.db.withTenantClient(1, (c) => c.query(piso, [chavesDistintas(codigos)]));
    if (conta) tempos.piso.push(performance.now() - t);
  }
  // the whole HTTP call in its own loop: its 10 000-answer JSON leaves garbage whose collection, interleaved,
  // fell into the next resolver's time (a median 13 ms above the sum of its own parts)
  for (let i = 0; i < RODADAS + 5; i++) {
    const t = performance.now();
    await http();
    if (i >= 5) tempos.http.push(performance.now() - t);
  }
  const execucoes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const q = consultaCodigos(chavesDistintas(codigos));
    const plano = await rt.db.withTenantClient(1, (c) =>
      c.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`explain (analyze, format json) ${q.sql}`, [
        ...q.parameters,
      ]),
    );
    execucoes.push(plano.rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }
  const f = (xs: number[]) =>
    `mínimo ${minimo(xs).toFixed(1)} ms, mediana ${mediana(xs).toFixed(1)} ms, p95 ${p95(xs).toFixed(1)} ms`;
  console.log(
    `resolução de ${N} códigos (meta ≤ 50 ms), carga da máquina ${os.loadavg()[0]!.toFixed(1)} em ${os.cpus().length} CPUs:\n` +
      `  resolvedor (um comando SQL + respostas): ${f(tempos.resolver)}\n` +
      `    chaves distintas (JS): ${f(tempos.chaves)}\n` +
      `    comando (ida e volta, linhas lidas): ${f(tempos.comando)}\n` +
      `    respostas por código (JS): ${f(tempos.respostas)}\n` +
      `  execução no servidor (EXPLAIN ANALYZE): ${f(execucoes)}\n` +
      `  piso: as duas buscas por chave, só contadas: ${f(tempos.piso)}\n` +
      `  chamada HTTP inteira (auth, zod, JSON): ${f(tempos.http)}`,
  );
} finally {
  await owner.end().catch(() => {});
  await rt.close().catch(() => {});
  apagar();
}
