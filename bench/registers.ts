import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE, startInstance, stopInstance } from './carga-lib';
import { medir, type Medida, type Pedido } from './lib/carga';
import { prepararTabelaDoPar, startDirectus, TABELA_DO_PAR, type Peer } from './lib/directus';
import { iniciarFilho, pararFilho } from './lib/filho';
import { alteracao, amostraDeIds, entrar, sqlDono } from './lib/amostra';
import { gerar } from './lib/gerador';

const repo = path.resolve(import.meta.dirname, '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_ONLY=lista: only the HTTP cases (no deep pages, no export), for a quick re-run. */
const ONLY = process.env.BENCH_ONLY;
/** BENCH_CASOS=lista,incluir: only these HTTP cases (and hello-world), no deep pages, no export. */
const CASOS = process.env.BENCH_CASOS?.split(',');
const BUSCA = 'aurora 1 kg 42';

if (process.argv[2] === '--server') await (await import('./lib/servidor')).serve();
else await main();

async function main() {
  const port = Number(process.env.BENCH_PORT ?? 8371);
  const filho = await iniciarFilho(port, 'reg');
  const { child, ownerUrl, dataDir } = filho;
  let peer: Peer | undefined;
  const base = `http://127.0.0.1:${port}`;
  const mini = `http://127.0.0.1:${port + 1}`;
  const hello = `http://127.0.0.1:${port + 2}/`;
  // Ctrl+C: stop Directus and the server (which stops its PostgreSQL) before leaving
  process.once('SIGINT', () => {
    void peer?.stop();
    child.kill('SIGTERM');
    child.once('exit', () => process.exit(130));
  });
  const resultado: Record<string, unknown> = { quando: new Date().toISOString(), linhas: ROWS, segundos: SECONDS };
  const casos: Medida[] = [];
  try {
    console.log(`Gerando ${ROWS.toLocaleString('pt-BR')} produtos (com GTIN) e fornecedores (CNPJ) por COPY…`);
    const g = await gerar(ownerUrl, ROWS);
    console.log(
      `  ${g.segundos.toFixed(1)} s: COPY ${g.fases.copy} s, índices ${g.fases.indices} s, VACUUM ANALYZE ${g.fases.vacuum} s`,
    );
    resultado.geracao = g;
    const amostra = await amostraDeIds(ownerUrl, g.secaoFiltro);
    await prepararTabelaDoPar((t) => sqlDono(ownerUrl, t), 1);
    peer = await startDirectus(ownerUrl, port + 3, console.log);
    if (!peer && process.env.BENCH_DIRECTUS !== '0') {
      // a comparison silently omitted reads like a result: stop, say why (BENCH_DIRECTUS=0 runs without it)
      throw new Error('o par de comparação (Directus) não subiu: veja a razão acima, ou rode com BENCH_DIRECTUS=0');
    }
    const token = await entrar(base);
    const h = { authorization: token };
    const sec = g.secaoFiltro;
    const secW = g.secaoEscrita;
    const lista = `/api/v1/produto/produtos?q=secaoId==${sec}&sort=-id&start=0&count=10`;
    const busca = `/api/v1/produto/produtos?q=${encodeURIComponent(`descricao=="*${BUSCA}*"`)}&sort=-id&count=10`;
    const dLista = `/items/${TABELA_DO_PAR}?filter[secao_id][_eq]=${sec}&sort=-id&limit=10&meta=filter_count`;
    const dBusca = `/items/${TABELA_DO_PAR}?filter[descricao][_icontains]=${encodeURIComponent(BUSCA)}&sort=-id&limit=10&meta=filter_count`;
    const totalLista = ((await (await fetch(base + lista, { headers: h })).json()) as { total: number }).total;
    const totalBusca = ((await (await fetch(base + busca, { headers: h })).json()) as { total: number }).total;
    console.log(`Filtro secaoId==${sec}: ${totalLista} linhas; busca '${BUSCA}': ${totalBusca} linhas`);
    let codigo = 95_000_000;
    const porId = (p: string, ids = amostra) => {
      let i = 0;
      return () => `${p}/${ids[i++ % ids.length]!.id}`;
    };
    const pedidos: Array<{ caso: string; quem: string; p: Pedido }> = [
      { caso: 'hello-world', quem: 'fastify', p: { url: hello } },
      { caso: 'lista', quem: 'engine', p: { url: base + lista, headers: h } },
      { caso: 'lista', quem: 'mínimo', p: { url: `${mini}/produtos?secao=${sec}` } },
      { caso: 'lista', quem: 'mín+sessão', p: { url: `${mini}/produtos-sessao?secao=${sec}`, headers: h } },
      { caso: 'busca', quem: 'engine', p: { url: base + busca, headers: h } },
      { caso: 'busca', quem: 'mínimo', p: { url: `${mini}/produtos?busca=${encodeURIComponent(BUSCA)}` } },
      { caso: 'por id', quem: 'engine', p: { url: base, headers: h, path: porId('/api/v1/produto/produtos') } },
      {
        caso: 'incluir',
        quem: 'engine',
        p: {
          url: base,
          headers: { ...h, 'content-type': 'application/json' },
          method: 'POST',
          path: () => '/api/v1/produto/produtos',
          body: () =>
            JSON.stringify({ descricao: `Produto bench ${codigo}`, codigoInterno: String(codigo++), secaoId: secW }),
        },
      },
      {
        caso: 'alterar',
        quem: 'engine',
        p: {
          url: base,
          headers: { ...h, 'content-type': 'application/json' },
          method: 'PUT',
          ...alteracao('/api/v1/produto/produtos', amostra, (x) => ({
            descricao: `Alterado ${x.codigo}`,
            codigoInterno: x.codigo,
            secaoId: secW,
          })),
        },
      },
    ];
    if (peer) {
      // a peer answering 403/500 fast looks like throughput: one request must be a 200 first
      const prova = await fetch(peer.base + dLista, { headers: peer.headers });
      if (prova.status !== 200) {
        throw new Error(`Directus respondeu ${prova.status} a ${dLista}: ${(await prova.text()).slice(0, 300)}`);
      }
      const d = { headers: peer.headers };
      pedidos.push(
        { caso: 'lista', quem: 'Directus', p: { url: peer.base + dLista, ...d } },
        { caso: 'busca', quem: 'Directus', p: { url: peer.base + dBusca, ...d } },
        { caso: 'por id', quem: 'Directus', p: { url: peer.base, ...d, path: porId(`/items/${TABELA_DO_PAR}`) } },
        {
          caso: 'incluir',
          quem: 'Directus',
          p: {
            url: peer.base,
            headers: { ...peer.headers, 'content-type': 'application/json' },
            method: 'POST',
            path: () => `/items/${TABELA_DO_PAR}`,
            body: () =>
              JSON.stringify({
                assinante_id: 1,
                descricao: `Produto bench ${codigo}`,
                codigo_interno: String(codigo++),
                secao_id: secW,
              }),
          },
        },
        {
          caso: 'alterar',
          quem: 'Directus',
          p: {
            url: peer.base,
            headers: { ...peer.headers, 'content-type': 'application/json' },
            method: 'PATCH',
            ...alteracao(`/items/${TABELA_DO_PAR}`, amostra, (x) => ({ descricao: `Alterado ${x.codigo}` })),
          },
        },
      );
    }
    const casosEscolhidos = CASOS ?? (ONLY ? ['lista', 'busca'] : undefined);
    const escolhidos = casosEscolhidos
      ? pedidos.filter((x) => [...casosEscolhidos, 'hello-world'].includes(x.caso))
      : pedidos;
    for (const conns of [1, 50]) {
      for (const x of escolhidos) {
        const m = await medir(x.caso, x.quem, x.p, conns, SECONDS);
        casos.push(m);
        console.log(
          `  ${x.caso.padEnd(12)} ${x.quem.padEnd(10)} ${String(conns).padStart(2)} conexões: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.falhas ? `, ${m.falhas} não-2xx/erros` : ''}`,
        );
      }
    }
    resultado.casos = casos;
    if (!ONLY && !CASOS) {
      const curva: Medida[] = [];
      for (const start of [0, 10_000, 100_000, 500_000].filter((s) => s < ROWS)) {
        curva.push(
          await medir(
            `start=${start}`,
            'engine',
            { url: `${base}/api/v1/produto/produtos?sort=id&start=${start}&count=10`, headers: h },
            1,
            Math.min(SECONDS, 5),
          ),
        );
        if (peer)
          curva.push(
            await medir(
              `start=${start}`,
              'Directus',
              {
                url: `${peer.base}/items/${TABELA_DO_PAR}?sort=id&offset=${start}&limit=10&meta=total_count`,
                headers: peer.headers,
              },
              1,
              Math.min(SECONDS, 5),
            ),
          );
      }
      resultado.paginasProfundas = curva;
      resultado.exportacao = await exportarNoBuild(ownerUrl, dataDir, port + 4, () => exportar(base, h, child.pid!));
    }
    resultado.razoes = razoes(casos);
    imprimir(resultado);
    const dir = path.join(repo, 'bench/results');
    fs.mkdirSync(dir, { recursive: true });
    const arquivo = path.join(dir, `registers-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.json`);
    fs.writeFileSync(arquivo, `${JSON.stringify(resultado, null, 2)}\n`);
    console.log(`Resultados: ${path.relative(repo, arquivo)}`);
  } finally {
    await peer?.stop();
    await pararFilho(filho);
  }
}

/**
 * Exports are measured on the shipped server (the esbuild bundle `npm start` runs, after `npm run
 * build`), connected to the same embedded PostgreSQL as an external server: the benchmark's own child
 * runs under tsx with its compiler loaded and the comparison endpoints, ~50 MB more RSS than the
 * product. Without a build, the child is measured (and the figure says so).
 */
async function exportarNoBuild(ownerUrl: string, dataDir: string, port: number, semBuild: () => Promise<unknown>) {
  if (!fs.existsSync(BUNDLE)) {
    console.log('  (sem build: exportação medida no servidor do benchmark, sob tsx)');
    return { servidor: 'tsx', medidas: await semBuild() };
  }
  const { appPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-bench-build-'));
  const env = { DATA_DIR: dir, DATABASE_URL: ownerUrl, APP_DB_PASSWORD: appPassword, SEED_DEMO: 'false' };
  const srv = await startInstance(port, env, [BUNDLE]);
  const { base } = srv;
  try {
    const ocioso = rssMb(srv.child.pid!, 'VmRSS');
    const headers = { authorization: await entrar(base) };
    // a server that has been serving (10 s of lists at 50 connections), as in production
    await medir('aquecimento', 'build', { url: `${base}/api/v1/produto/produtos?sort=-id&count=10`, headers }, 50, 10);
    console.log(
      `  exportação no servidor do build (apps/server/dist/server.mjs): RSS ocioso ${ocioso} MB, após carga ${rssMb(srv.child.pid!, 'VmRSS')} MB`,
    );
    return { servidor: 'build', rssOciosoMb: ocioso, medidas: await exportar(base, headers, srv.child.pid!) };
  } finally {
    await stopInstance(srv);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Peak RSS of the server during each export (the kernel's high-water mark, reset before each). */
async function exportar(base: string, headers: Record<string, string>, pid: number) {
  const out: Array<Record<string, unknown>> = [];
  for (const formato of ['csv', 'xlsx']) {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const antes = rssMb(pid, 'VmRSS');
    const t1 = performance.now();
    const res = await fetch(`${base}/api/v1/produto/produtos/export?format=${formato}&sort=id`, { headers });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    const r = {
      formato,
      status: res.status,
      segundos: Number(((performance.now() - t1) / 1000).toFixed(1)),
      mb: Number((bytes / 1e6).toFixed(0)),
      rssAntesMb: antes,
      rssPicoMb: rssMb(pid, 'VmHWM'),
    };
    console.log(
      `  exportação ${formato}: HTTP ${r.status}, ${r.segundos} s, ${r.mb} MB, RSS ${r.rssAntesMb} → pico ${r.rssPicoMb} MB`,
    );
    out.push(r);
  }
  return out;
}

function rssMb(pid: number, campo: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${campo}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

function razoes(casos: Medida[]) {
  const de = (caso: string, quem: string, c: number) =>
    casos.find((m) => m.caso === caso && m.quem === quem && m.conns === c);
  const out: Array<Record<string, unknown>> = [];
  for (const c of [1, 50])
    for (const caso of ['lista', 'busca', 'por id', 'incluir', 'alterar']) {
      const e = de(caso, 'engine', c);
      if (!e) continue;
      const mini = de(caso, 'mínimo', c);
      const miniSessao = de(caso, 'mín+sessão', c);
      const d = de(caso, 'Directus', c);
      out.push({
        caso,
        conns: c,
        engineRps: Math.round(e.rps),
        'mínimo/engine': mini ? Number((mini.rps / e.rps).toFixed(2)) : undefined,
        'mín+sessão/engine': miniSessao ? Number((miniSessao.rps / e.rps).toFixed(2)) : undefined,
        'engine/Directus': d ? Number((e.rps / d.rps).toFixed(2)) : undefined,
        'engine/hello': Number((e.rps / (de('hello-world', 'fastify', c)?.rps ?? Number.NaN)).toFixed(3)),
      });
    }
  return out;
}

function imprimir(r: Record<string, unknown>) {
  const linha = (m: Medida) => ({
    caso: m.caso,
    quem: m.quem,
    conns: m.conns,
    'req/s': Math.round(m.rps),
    p50: m.p50,
    p99: m.p99,
    falhas: m.falhas || '',
  });
  console.table((r.casos as Medida[]).map(linha));
  if (r.paginasProfundas) console.table((r.paginasProfundas as Medida[]).map(linha));
  console.table(r.razoes);
}
