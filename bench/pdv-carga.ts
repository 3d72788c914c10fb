/**
 * The POS change feed (issue: frente de loja) over the reference chain's products (./lib/gerador.ts,
 * BENCH_PRODUTOS = 50 000, each with a price in BV01): (a) the full initial load of a store, paged (5 000 per
 * call) through the HTTP route as a terminal sends it — target ≤ 3 s; (b) the incremental feed after 1 000 price
 * changes (one marker, answer of 1 000 changes), median of BENCH_RODADAS calls — target ≤ 50 ms; (c) 500
 * registered terminals polling every 30 s (≈ 16.7 calls/s, each an incremental call with its own credential and
 * marker) on this one instance for BENCH_SEGUNDOS: process CPU over wall time — target < 50 % of one core (the
 * process also runs the in-process client: `inject`, so the figure is an upper bound of the server's share).
 * Usage: cd bench && npx tsx pdv-carga.ts
 */
import fs from 'node:fs';
import { gerar } from './lib/gerador';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const NPROD = Number(process.env.BENCH_PRODUTOS ?? 50_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 20);
const TERMINAIS = Number(process.env.BENCH_TERMINAIS ?? 500);
const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 30);
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-pdv-'));
const apagar = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.once('SIGINT', () => {
  apagar();
  process.exit(130);
});

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
const pg = (await import('pg')).default;
const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {}).catch((err) => {
  apagar();
  throw err;
});
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
try {
  await gerar(rt.target.ownerUrl, NPROD);
  await owner.connect();
  await owner.query(`select set_config('app.assinante_id', '1', false)`);
  const lojaId = (await owner.query<{ id: number }>(`select id from loja where assinante_id = 1 and sigla = 'BV01'`))
    .rows[0]!.id;
  await owner.query(
    `insert into preco (assinante_id, produto_id, loja_id, preco_venda1)
     select 1, p.id, $1, 10 + (p.id % 90) from produto p
      where p.assinante_id = 1 and not exists (select 1 from preco x where x.produto_id = p.id and x.loja_id = $1)`,
    [lojaId],
  );
  await owner.query('vacuum analyze carga_alteracao, preco, produto');
  const login = await rt.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host: 'localhost' },
    payload: { username: 'ana.admin', password: 'Demo@1234' },
  });
  const ana = { host: 'localhost', authorization: `Bearer ${login.json().accessToken}` };
  const registrar = async (i: number) => {
    const tok = await rt.app.inject({
      method: 'POST',
      url: '/api/v1/dispositivos/tokens',
      headers: ana,
      payload: { lojaId },
    });
    const r = await rt.app.inject({
      method: 'POST',
      url: '/api/v1/dispositivos/registro',
      headers: { host: 'localhost' },
      payload: { token: tok.json().token, identificador: `bench-${i}`, nome: `Bench ${i}`, tipo: 'COLETOR' },
    });
    return { host: 'localhost', authorization: r.json().credencial as string };
  };
  const carga = (headers: Record<string, string>, corpo: object) =>
    rt.app.inject({ method: 'POST', url: `/api/v1/pessoa/lojas/${lojaId}/cargas`, headers, payload: corpo });

  // (a) full load
  const pdv = await registrar(0);
  let marcador: string | null = null;
  let itens = 0;
  let chamadas = 0;
  const t0 = performance.now();
  for (;;) {
    const r = await carga(pdv, { marcador, limite: 5000 });
    const c = r.json();
    itens += c.alterados.length;
    chamadas++;
    marcador = c.marcador;
    if (!c.temMais) break;
  }
  const completa = (performance.now() - t0) / 1000;
  console.log(`(a) carga completa: ${itens} itens em ${chamadas} chamadas, ${completa.toFixed(2)} s (meta ≤ 3 s)`);

  // (b) incremental after 1 000 price changes
  await owner.query(
    `update preco set preco_venda1 = preco_venda1 + 1 where id in (select id from preco where loja_id = $1 order by id limit 1000)`,
    [lojaId],
  );
  const tempos: number[] = [];
  let n = 0;
  for (let i = 0; i < RODADAS; i++) {
    const t = performance.now();
    const r = await carga(pdv, { marcador });
    tempos.push(performance.now() - t);
    n = r.json().alterados.length;
  }
  console.log(
    `(b) incremental após 1 000 preços: ${n} alterados, mediana ${mediana(tempos).toFixed(1)} ms (meta ≤ 50 ms)`,
  );

  // (c) terminals polling
  const terminais: { h: Record<string, string>; m: string }[] = [];
  for (let i = 1; i <= TERMINAIS; i++) terminais.push({ h: await registrar(i), m: marcador! });
  const intervaloMs = 30_000 / TERMINAIS;
  const cpu0 = process.cpuUsage();
  const w0 = performance.now();
  let feitas = 0;
  let erros = 0;
  const fim = w0 + SEGUNDOS * 1000;
  const voando: Promise<void>[] = [];
  for (let i = 0; performance.now() < fim; i++) {
    const alvo = w0 + i * intervaloMs;
    const espera = alvo - performance.now();
    if (espera > 0) await new Promise((r) => setTimeout(r, espera));
    const term = terminais[i % TERMINAIS]!;
    voando.push(
      carga(term.h, { marcador: term.m }).then((r) => {
        feitas++;
        if (r.statusCode !== 200) erros++;
        else term.m = r.json().marcador;
      }),
    );
  }
  await Promise.all(voando);
  const cpu = process.cpuUsage(cpu0);
  const parede = performance.now() - w0;
  const pct = ((cpu.user + cpu.system) / 1000 / parede) * 100;
  console.log(
    `(c) ${TERMINAIS} terminais a cada 30 s: ${feitas} chamadas em ${(parede / 1000).toFixed(1)} s, ${erros} erros, CPU do processo ${pct.toFixed(1)} % de um núcleo (meta < 50 %)`,
  );
} finally {
  await owner.end().catch(() => {});
  await rt.close().catch(() => {});
  apagar();
}
