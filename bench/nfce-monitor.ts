/**
 * NFC-e monitor figures (issue "Monitoramento de documentos eletrônicos"): BENCH_NFCE documents (default
 * 5 500 000, the reference chain's year) written set-based into `documento_nfce` of the demo tenant — a year
 * of days ending today over its stores, one série per store numbered in emission order with a number skipped
 * every 1 000, the mix 92 % AUTORIZADA / 3 % CANCELADA / 3 % REJEITADA (five cStat) / 2 % CONTINGENCIA — then
 * VACUUM ANALYZE, and through the app (auth, scope, the filter's validation):
 * - the default screen (REJEITADA, last 7 days, every store): the grid's first page + the status cards + the
 *   rejection reasons, requested together as the screen does — target ≤ 300 ms;
 * - "faixa" over 1 000 000 numbers of one store and série — target ≤ 1 s.
 * p50/p95 over BENCH_REPETICOES (default 30). The documents carry no cupom (the reads measured never join it).
 * Usage: cd bench && npx tsx nfce-monitor.ts   (prints the load average with the figures)
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const N = Number(process.env.BENCH_NFCE ?? 5_500_000);
const REP = Number(process.env.BENCH_REPETICOES ?? 30);
/** BENCH_NFCE_EXPLICAR=1: plans of the slow statements in the kept DATA_DIR's postgres.log */
const EXPLICAR = process.env.BENCH_NFCE_EXPLICAR === '1';
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-nfce-'));

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
await owner.connect();
const one = async <T>(text: string, params: unknown[] = []) => (await owner.query(text, params)).rows[0] as T;
const pct = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))]!;
const carga = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

try {
  const { assinante } = await one<{ assinante: number }>(
    `select id as assinante from assinante where nome = 'Bela Vida'`,
  );
  // BENCH_NFCE_LOJAS: how many of the tenant's stores get the documents (default all; 1 puts every number in one
  // store's série, to profile "faixa" on a smaller load)
  const { lojas } = await one<{ lojas: number[] }>(
    `select (array_agg(id order by id))[1:coalesce($2::int, 1000)] as lojas from loja where assinante_id = $1`,
    [assinante, process.env.BENCH_NFCE_LOJAS ? Number(process.env.BENCH_NFCE_LOJAS) : null],
  );
  const L = lojas.length;
  console.log(`carga antes: ${carga()} — gerando ${N.toLocaleString('pt-BR')} NFC-e em ${L} lojas`);
  let t0 = performance.now();
  await owner.query(`set maintenance_work_mem = '256MB'`);
  // the store's k-th note (k = g / L) is number k + k/1000 (a gap each 1 000) of série 900; day from the oldest
  await owner.query(
    `insert into documento_nfce (assinante_id, chave, cupom_id, data, loja_id, serie, numero, tp_emis, status, c_stat,
       x_motivo, protocolo, emissao_local, numero_caixa, operador_id, valor, tentativas)
     select $1, '9' || lpad(g::text, 43, '0'), g, d.dia, ($2::int[])[1 + g % $3], 900, (g / $3) + (g / $3) / 1000 + 1,
            case when s.k >= 98 then 9 else 1 end, s.status,
            case s.status when 'AUTORIZADA' then 100 when 'CANCELADA' then 135
                          when 'REJEITADA' then (array[778, 539, 704, 386, 725])[1 + g % 5] end,
            case s.status when 'REJEITADA' then 'Rejeição' end, case when s.status in ('AUTORIZADA', 'CANCELADA') then '1' || lpad(g::text, 14, '0') end,
            d.dia + make_interval(secs => ((g::int8 * 7919) % 50400 + 32400)::int), 1 + g % 7, null, ((g % 20000) / 100.0)::numeric(15, 2), 1
       from generate_series(0, $4::int - 1) g
       cross join lateral (select current_date - 364 + (g::bigint * 365 / $4)::int as dia) d
       cross join lateral (select (g * 37) % 100 as k) k0
       cross join lateral (select k0.k,
              case when k0.k < 92 then 'AUTORIZADA' when k0.k < 95 then 'CANCELADA' when k0.k < 98 then 'REJEITADA'
                   else 'CONTINGENCIA' end as status) s`,
    [assinante, lojas, L, N],
  );
  console.log(`gerados em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  await owner.query('vacuum analyze documento_nfce');
  console.log(`vacuum analyze em ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const login = await rt.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host: 'localhost' },
    payload: { username: 'carlos.fiscal', password: 'Demo@1234' },
  });
  const headers = { host: 'localhost', authorization: `Bearer ${login.json().accessToken}` };
  const get = async (url: string) => {
    const r = await rt.app.inject({ method: 'GET', url, headers });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return r.json();
  };
  const medir = async (rotulo: string, meta: number, fn: () => Promise<string>) => {
    const tempos: number[] = [];
    let info = '';
    for (let i = 0; i < REP + 3; i++) {
      const t = performance.now();
      info = await fn();
      if (i >= 3) tempos.push(performance.now() - t);
    }
    console.log(
      `${rotulo}: ${info} — p50 ${pct(tempos, 0.5).toFixed(0)} ms, p95 ${pct(tempos, 0.95).toFixed(0)} ms ` +
        `(meta ≤ ${meta} ms) · carga ${carga()}`,
    );
  };
  const N_ = '/api/v1/fiscal/nfce';
  await medir('tela padrão (rejeitadas, 7 dias, todas as lojas) + cartões + motivos', 300, async () => {
    const [lista, cartoes] = await Promise.all([
      get(`${N_}/documentos?status=REJEITADA&count=50`),
      get(`${N_}/cartoes`),
      get(`${N_}/motivos-rejeicao`),
    ]);
    const soma = cartoes.items.reduce((s: number, c: { quantidade: number }) => s + c.quantidade, 0);
    return `${lista.total} rejeitadas, ${soma} notas nos cartões`;
  });
  if (EXPLICAR) {
    // every statement over 200 ms of the app's sessions logs its plan (postgres.log of the kept DATA_DIR)
    await owner.query(`alter system set session_preload_libraries = 'auto_explain'`);
    await owner.query(`alter system set auto_explain.log_min_duration = '200ms'`);
    await owner.query(`alter system set auto_explain.log_analyze = on`);
    await owner.query('select pg_reload_conf()');
    await owner.query(`select pg_terminate_backend(pid) from pg_stat_activity where usename = 'retaguarda_app'`);
  }
  const ano = `dataInicio=${new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)}`;
  await medir('faixa de 1 000 000 de números (uma loja, uma série)', 1000, async () => {
    const r = await get(`${N_}/faixas?${ano}&lojas=${lojas[0]}&numeroDocumentoMinimo=1&numeroDocumentoMaximo=1000000`);
    const s = r.series.find((x: { serie: number }) => x.serie === 900) ?? r.series[0];
    return `série ${s?.serie}: ${s?.usados ?? 0} usados, ${s?.lacunas ?? 0} números em lacunas`;
  });
} finally {
  await owner.end();
  await rt.close();
  if (EXPLICAR) console.log(`planos em ${dataDir}/postgres.log (pasta mantida)`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
