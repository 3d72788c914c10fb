/**
 * Before/after, paired: the register cases of `registers.ts` on two checkouts side by side — each server on its own
 * embedded PostgreSQL with the same generated rows — measured in short alternating bursts (A B, then B A, …), so
 * the machine's drift between runs (±20 % on a shared 2-core machine) falls on both sides alike. Prints per case
 * the mean req/s of each side, the ratio of the means and the median and range of the per-round ratios.
 *
 *   BENCH_ANTES=/path/to/other/checkout npx tsx antes-depois.ts      (that checkout's node_modules in place)
 *   BENCH_CASOS=lista,por id,incluir,alterar  BENCH_ROWS=100000  BENCH_SECONDS=5  BENCH_RODADAS=8
 *
 * The current checkout is "depois"; each side runs its own server and data generator (its own schema).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { alteracao, amostraDeIds, entrar } from './lib/amostra';
import { medir, type Pedido } from './lib/carga';

const repo = path.resolve(import.meta.dirname, '..');
const ANTES = process.env.BENCH_ANTES;
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 8);
const CASOS = (process.env.BENCH_CASOS ?? 'lista,por id').split(',');
const CONEXOES = [1, 50];

type Filho = { child: { kill: (s: string) => void }; ownerUrl: string; dataDir: string };
interface Lado {
  nome: 'antes' | 'depois';
  base: string;
  filho: Filho;
  parar: (f: Filho) => Promise<void>;
  pedidos: Map<string, Pedido>;
  /** signs in again: a run outlasts the access token (ACCESS_TOKEN_TTL_SECONDS, 15 min) */
  renovar: () => Promise<void>;
}

if (!ANTES || !fs.existsSync(path.join(ANTES, 'bench/lib/filho.ts'))) {
  console.error('BENCH_ANTES=<outro checkout com bench/lib/filho.ts> é obrigatório');
  process.exit(2);
}

const lados: Lado[] = [];
try {
  // one at a time: generating 100 k rows in both at once would only slow both down
  lados.push(await preparar('antes', ANTES, 8381));
  lados.push(await preparar('depois', repo, 8371));
  const medidas: Record<string, { antes: number[]; depois: number[] }> = {};
  for (let r = 0; r < RODADAS; r++) {
    const ordem = r % 2 === 0 ? lados : [...lados].reverse();
    for (const lado of lados) await lado.renovar();
    for (const caso of CASOS)
      for (const conns of CONEXOES) {
        const chave = `${caso} · ${conns} conexões`;
        medidas[chave] ??= { antes: [], depois: [] };
        for (const lado of ordem) {
          const m = await medir(caso, lado.nome, lado.pedidos.get(caso)!, conns, SECONDS);
          if (m.falhas) throw new Error(`${lado.nome} ${chave}: ${m.falhas} falhas`);
          medidas[chave][lado.nome].push(m.rps);
        }
      }
    console.log(`rodada ${r + 1}/${RODADAS} (${ordem.map((l) => l.nome).join(' → ')})`);
  }
  const linhas = Object.entries(medidas).map(([caso, m]) => {
    const razoes = m.depois.map((d, i) => d / m.antes[i]!).sort((a, b) => a - b);
    const media = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return {
      caso,
      antes: Math.round(media(m.antes)),
      depois: Math.round(media(m.depois)),
      'depois/antes': +(media(m.depois) / media(m.antes)).toFixed(3),
      'mediana das rodadas': +razoes[Math.floor(razoes.length / 2)]!.toFixed(3),
      'faixa das rodadas': `${razoes[0]!.toFixed(2)}–${razoes.at(-1)!.toFixed(2)}`,
    };
  });
  console.table(linhas);
  const dir = path.join(repo, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const arquivo = path.join(dir, `antes-depois-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.json`);
  const resultado = {
    quando: new Date().toISOString(),
    antes: ANTES,
    linhas: ROWS,
    segundos: SECONDS,
    medidas,
    resumo: linhas,
  };
  fs.writeFileSync(arquivo, `${JSON.stringify(resultado, null, 2)}\n`);
  console.log(`Resultados: ${path.relative(repo, arquivo)}`);
} finally {
  for (const l of lados) await l.parar(l.filho);
}

/** Starts a checkout's bench server, fills it with that checkout's generator and builds the requests. */
async function preparar(nome: Lado['nome'], raiz: string, port: number): Promise<Lado> {
  const importar = (arquivo: string) => import(pathToFileURL(path.join(raiz, 'bench/lib', arquivo)).href);
  const { iniciarFilho, pararFilho } = await importar('filho.ts');
  const { gerar } = await importar('gerador.ts');
  const filho: Filho = await iniciarFilho(port, `par-${nome}`);
  console.log(`${nome} (${raiz}): gerando ${ROWS.toLocaleString('pt-BR')} produtos…`);
  const g = await gerar(filho.ownerUrl, ROWS);
  const base = `http://127.0.0.1:${port}`;
  const amostra = await amostraDeIds(filho.ownerUrl, g.secaoFiltro);
  const h = { authorization: await entrar(base) };
  const json = { ...h, 'content-type': 'application/json' };
  const renovar = async () => {
    h.authorization = json.authorization = await entrar(base);
  };
  let codigo = 95_000_000;
  let i = 0;
  const pedidos = new Map<string, Pedido>([
    [
      'lista',
      { url: `${base}/api/v1/produto/produtos?q=secaoId==${g.secaoFiltro}&sort=-id&start=0&count=10`, headers: h },
    ],
    ['por id', { url: base, headers: h, path: () => `/api/v1/produto/produtos/${amostra[i++ % amostra.length]!.id}` }],
    [
      'incluir',
      {
        url: base,
        headers: json,
        method: 'POST',
        path: () => '/api/v1/produto/produtos',
        body: () =>
          JSON.stringify({
            descricao: `Produto bench ${codigo}`,
            codigoInterno: String(codigo++),
            secaoId: g.secaoEscrita,
          }),
      },
    ],
    [
      'alterar',
      {
        url: base,
        headers: json,
        method: 'PUT',
        ...alteracao('/api/v1/produto/produtos', amostra, (x) => ({
          descricao: `Alterado ${x.codigo}`,
          codigoInterno: x.codigo,
          secaoId: g.secaoEscrita,
        })),
      },
    ],
  ]);
  return { nome, base, filho, parar: pararFilho, pedidos, renovar };
}
