/**
 * Where the tail of lists and creates comes from: the registers bench's child (real app + the minimal
 * Fastify + pg endpoint) with the probe on (bench/lib/sonda.ts), each case at N connections, then the
 * probe's figures for that case: request phases (hooks = tenant + session check, handler, serialise),
 * pool waits and waitingCount, statement round trips, event-loop delay.
 *
 *   BENCH_ROWS=100000 BENCH_SECONDS=20 CAUDA_CONNS=50 npx tsx bench/cauda.ts [lista|incluir|...]
 */
import { medir, type Pedido } from './lib/carga';
import { iniciarFilho, pararFilho } from './lib/filho';
import { gerar } from './lib/gerador';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNS = Number(process.env.CAUDA_CONNS ?? 50);
const CASOS = process.argv.slice(2);

process.env.BENCH_SONDA = '1';
const port = Number(process.env.BENCH_PORT ?? 8471);
const filho = await iniciarFilho(port, 'cauda');
const base = `http://127.0.0.1:${port}`;
const mini = `http://127.0.0.1:${port + 1}`;
try {
  const g = await gerar(filho.ownerUrl, ROWS);
  const sec = g.secaoFiltro;
  const auth = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ana.admin', password: 'Demo@1234' }),
  });
  const h = { authorization: ((await auth.json()) as { accessToken: string }).accessToken };
  let codigo = 96_000_000;
  let marca = 0;
  const json = { ...h, 'content-type': 'application/json' };
  const casos: Array<{ nome: string; p: Pedido }> = [
    {
      nome: 'lista engine',
      p: { url: `${base}/api/v1/produto/produtos?q=secaoId==${sec}&sort=-id&start=0&count=10`, headers: h },
    },
    { nome: 'lista mínimo', p: { url: `${mini}/produtos?secao=${sec}` } },
    { nome: 'lista mín+sessão', p: { url: `${mini}/produtos-sessao?secao=${sec}`, headers: h } },
    {
      nome: 'incluir produto',
      p: {
        url: base,
        headers: json,
        method: 'POST',
        path: () => '/api/v1/produto/produtos',
        body: () =>
          JSON.stringify({ descricao: `Produto bench ${codigo}`, codigoInterno: String(codigo++), secaoId: sec }),
      },
    },
    {
      nome: 'incluir marca',
      p: {
        url: base,
        headers: json,
        method: 'POST',
        path: () => '/api/v1/produto/marcas',
        body: () => JSON.stringify({ descricao: `Marca cauda ${process.pid}-${marca++}` }),
      },
    },
  ];
  for (const c of casos.filter((x) => !CASOS.length || CASOS.some((k) => x.nome.includes(k)))) {
    await fetch(`${mini}/sonda`);
    const m = await medir(c.nome, '', c.p, CONNS, SECONDS);
    const s = (await (await fetch(`${mini}/sonda`)).json()) as Record<string, unknown>;
    console.log(
      `\n== ${c.nome}, ${CONNS} conexões, ${SECONDS} s: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, falhas ${m.falhas}`,
    );
    console.table(s);
  }
} finally {
  await pararFilho(filho);
}
