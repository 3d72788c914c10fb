/**
 * POS sales upload (issue "subida de vendas"): a POS simulator — BENCH_TERMINAIS terminals (20) of one store each
 * sending batches of BENCH_LOTE cupons (50; 1 to 14 items, 2 % bad: an unknown EAN) over real HTTP to
 * POST /api/v1/pdv/vendas, BENCH_CUPONS cupons in all (20 000) — prints sale lines/s (stock, receipts, items,
 * NFC-e-less cupons and daily aggregates all posted); then p99 of a single 20-item sale sent alone (200 sends),
 * and `cupons-fiscais` of one day paged at 1 000.
 * Runs the real app's runtime on a fresh embedded PostgreSQL under a temporary DATA_DIR, on this machine (shared
 * with other agents: say so next to any figure).
 * Usage: cd bench && npx tsx pdv-vendas.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const TERMINAIS = Number(process.env.BENCH_TERMINAIS ?? 20);
const LOTE = Number(process.env.BENCH_LOTE ?? 50);
const CUPONS = Number(process.env.BENCH_CUPONS ?? 20_000);
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-pdv-'));
const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
const { MEDIDAS_INGESTAO } = await import('../apps/server/src/modules/venda/pdv-vendas.gravacao');
const carga = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const razao = (medido: number, alvo: number) => `${(medido / alvo).toFixed(2)}× o alvo`;

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
await rt.app.listen({ port: 0, host: '127.0.0.1' });
const addr = rt.app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
await owner.connect();
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;
try {
  const { rows: lojas } = await owner.query<{ id: number; assinante_id: number }>(
    `select l.id, l.assinante_id from loja l join assinante a on a.id = l.assinante_id
      where a.nome = 'Bela Vida' and l.sigla = 'BV01'`,
  );
  const loja = lojas[0]!;
  // the terminals: POS numbers 101.. of BV01
  await owner.query(
    `insert into dispositivo (assinante_id, loja_id, identificador, nome, tipo, numero_caixa, credencial_hash, prefixo)
     select $1, $2, 'bench-' || g, 'Bench ' || g, 'POS_ANDROID', 100 + g, md5(random()::text), 'rtgd_bench'
       from generate_series(1, $3::int) g`,
    [loja.assinante_id, loja.id, TERMINAIS],
  );
  const { rows: produtos } = await owner.query<{ id: number }>(
    `select p.id from produto p where p.assinante_id = $1 and p.ativo and nullif(trim(p.ncm_id), '') is not null
        and not exists (select 1 from inconsistencia_produto i where i.assinante_id = p.assinante_id
                        and i.produto_id = p.id and i.resolvida_em is null and i.tipo = 'SEM_CENARIO_FISCAL')
      order by p.id`,
    [loja.assinante_id],
  );
  const forma = (
    await owner.query<{ id: number }>(`select min(id) as id from forma_pagamento where assinante_id = $1 and ativo`, [
      loja.assinante_id,
    ])
  ).rows[0]!.id;
  const auth = (await (
    await fetch(`${base}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ana.admin', password: 'Demo@1234' }),
    })
  ).json()) as { accessToken: string };
  const h = { authorization: auth.accessToken, 'content-type': 'application/json' };

  let seq = 0;
  const cupom = (caixa: number, i: number, itens: number, ruim: boolean) => {
    const linhas = Array.from({ length: itens }, (_, k) => {
      const p = produtos[(i * 7 + k * 13) % produtos.length]!;
      return ruim && k === 0
        ? { sequencia: 1, codigo: '7890000000000', quantidadeVenda: '1', valorUnidade: '2.50', valorTotal: '2.50' }
        : { sequencia: k + 1, produtoId: p.id, quantidadeVenda: '1', valorUnidade: '2.50', valorTotal: '2.50' };
    });
    const total = (itens * 2.5).toFixed(2);
    // a day of the store: lunch and evening peaks
    const hora = [9, 11, 12, 12, 13, 15, 17, 18, 19, 19, 20][i % 11]!;
    return {
      lojaId: loja.id,
      numeroCaixa: caixa,
      sequencial: ++seq,
      dataHoraAberturaCupom: `2026-11-20T${String(hora).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
      valor: total,
      itensVenda: linhas,
      finalizacoes: [{ finalizadoraId: forma, valor: total }],
    };
  };

  let linhas = 0;
  const status: Record<string, number> = {};
  const porTerminal = Math.ceil(CUPONS / TERMINAIS);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: TERMINAIS }, async (_, t) => {
      for (let feito = 0; feito < porTerminal; feito += LOTE) {
        const lote = Array.from({ length: Math.min(LOTE, porTerminal - feito) }, (_, j) => {
          const i = t * porTerminal + feito + j;
          return cupom(101 + t, i, 1 + (i % 14), i % 50 === 7);
        });
        linhas += lote.reduce((s, c) => s + c.itensVenda.length, 0);
        const r = await fetch(`${base}/api/v1/pdv/vendas`, {
          method: 'POST',
          headers: h,
          body: JSON.stringify({ cupons: lote }),
        });
        await r.arrayBuffer();
        status[r.status] = (status[r.status] ?? 0) + 1;
      }
    }),
  );
  const s = (performance.now() - t0) / 1000;
  console.log(`[pdv] carga da máquina (1/5/15 min): ${carga()}`);
  console.log(
    `[pdv] ${TERMINAIS} terminais, ${CUPONS} cupons em lotes de ${LOTE}: ${linhas} linhas em ${s.toFixed(1)} s = ` +
      `${Math.round(linhas / s)} linhas/s (${Math.round(CUPONS / s)} cupons/s; alvo ≥ 10 000 linhas/s: ` +
      `${razao(linhas / s, 10_000)}); respostas ${JSON.stringify(status)}`,
  );
  const m = MEDIDAS_INGESTAO;
  console.log(
    `[pdv] gravação dos aceitos em ${m.lotes} lotes: trabalho ${m.trabalhoMs.toFixed(0)} ms (sem esperas de trava), ` +
      `espera nas travas ${m.esperaMs.toFixed(0)} ms; resumos diários ${m.resumosMs.toFixed(0)} ms = ` +
      `${((100 * m.resumosMs) / m.trabalhoMs).toFixed(1)} % do trabalho (alvo ≤ 10 %)`,
  );

  const tempos: number[] = [];
  for (let i = 0; i < 200; i++) {
    const c = cupom(101, 1_000_000 + i, 20, false);
    const a = performance.now();
    const r = await fetch(`${base}/api/v1/pdv/vendas`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify({ cupons: [c] }),
    });
    await r.arrayBuffer();
    tempos.push(performance.now() - a);
  }
  console.log(
    `[pdv] um cupom de 20 itens sozinho: p50 ${tempos.sort((a, b) => a - b)[100]!.toFixed(1)} ms, p99 ${p99(tempos).toFixed(1)} ms ` +
      `(alvo ≤ 50 ms: ${razao(p99(tempos), 50)}); carga ${carga()}`,
  );

  const exato = Number(
    (
      await owner.query(`select count(*) as n from cupom_fiscal where assinante_id = $1 and data = '2026-11-20'`, [
        loja.assinante_id,
      ])
    ).rows[0].n,
  );
  const paginas: number[] = [];
  let total = 0;
  for (let start = 0; ; start += 1000) {
    const a = performance.now();
    const r = (await (
      await fetch(
        `${base}/api/v1/venda/cupons-fiscais?q=dataVenda=ge=2026-11-20T00:00:00;dataVenda=le=2026-11-20T23:59:59&start=${start}&count=1000`,
        { headers: h },
      )
    ).json()) as { count: number; total: number };
    paginas.push(performance.now() - a);
    total = r.total;
    if (r.count < 1000) break;
  }
  console.log(
    `[pdv] cupons-fiscais de um dia (${total} cupons; no banco ${exato}: total ${total === exato ? 'exato' : 'ERRADO'}) em ` +
      `${paginas.length} páginas de 1 000: pior ${Math.max(...paginas).toFixed(0)} ms (alvo ≤ 200 ms: ` +
      `${razao(Math.max(...paginas), 200)}), p50 ${paginas.sort((a, b) => a - b)[Math.floor(paginas.length / 2)]!.toFixed(0)} ms; carga ${carga()}`,
  );
} finally {
  await owner.end();
  await rt.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
