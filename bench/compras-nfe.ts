/**
 * Purchase invoice from the supplier's NF-e XML (issue "Purchasing"): an NF-e with 500 items — each a distinct
 * product found by its GTIN, tax groups per item, two duplicatas — sent through the upload route, as the
 * preview (`?previa=true`), as the entry (201) and then confirmed (500 ENTRADA_NF through the ledger kit).
 * Products from ./lib/gerador.ts (BENCH_PRODUTOS, default 2 000). Prints the median and max of each over
 * BENCH_RODADAS runs (a new invoice number each). Target: the entry ≤ 2 s. The machine is shared with other
 * agents: figures are what this box gave, not a floor. Usage: cd bench && npx tsx compras-nfe.ts
 */
import fs from 'node:fs';
import { gerar } from './lib/gerador';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const NPROD = Number(process.env.BENCH_PRODUTOS ?? 2_000);
const ITENS = 500;
const RODADAS = Number(process.env.BENCH_RODADAS ?? 5);
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-nfe-'));
const apagar = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.once('SIGINT', () => {
  apagar();
  process.exit(130);
});

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
const { nfeXml } = await import('../apps/server/test/compras/nfe.amostras');
const { hojeNaZona } = await import('@retaguarda/domain');
const pg = (await import('pg')).default;

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {}).catch((err) => {
  apagar();
  throw err;
});
const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
const mediana = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
try {
  await gerar(rt.target.ownerUrl, NPROD);
  await owner.connect();
  const eans = (
    await owner.query<{ id: string }>(
      `select c.id from codigo_auxiliar c join produto p on p.assinante_id = c.assinante_id and p.id = c.produto_id
        where c.assinante_id = 1 and c.tipo = 'EAN' and c.fator = 1 and c.ativo and p.ativo
        order by c.produto_id limit ${ITENS}`,
    )
  ).rows.map((r) => r.id);
  if (eans.length < ITENS) throw new Error(`só ${eans.length} produtos com EAN`);
  const loja = (
    await owner.query<{ id: number; doc: string }>(
      `select id, numero_do_documento as doc from loja where assinante_id = 1 order by id limit 1`,
    )
  ).rows[0]!;
  const fornecedor = (
    await owner.query<{ doc: string }>(
      `select numero_do_documento as doc from fornecedor where assinante_id = 1 and ativo order by id limit 1`,
    )
  ).rows[0]!.doc.replace(/[^0-9A-Z]/gi, '');
  await owner.query('vacuum analyze produto, codigo_auxiliar');
  const login = await rt.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host: 'localhost' },
    payload: { username: 'ana.admin', password: 'Demo@1234' },
  });
  const headers = {
    host: 'localhost',
    authorization: `Bearer ${login.json().accessToken}`,
    'content-type': 'application/octet-stream',
    'content-disposition': 'attachment; filename="nfe.xml"',
  };
  const tempos = { previa: [] as number[], entrada: [] as number[], confirmacao: [] as number[] };
  let bytes = 0;
  for (let r = 0; r < RODADAS; r++) {
    const xml = nfeXml({
      emitente: fornecedor,
      destinatario: loja.doc.replace(/\D/g, ''),
      serie: 7,
      numero: 500_000 + r,
      dhEmi: `${hojeNaZona('America/Sao_Paulo')}T08:00:00-03:00`,
      itens: eans.map((e, i) => ({
        cProd: `P${i}`,
        cEAN: e,
        xProd: `Produto ${i}`,
        qCom: '12.0000',
        vUnCom: '3.4500000000',
        vProd: '41.40',
        vIPI: '2.07',
      })),
      duplicatas: [
        { nDup: '001', dVenc: '2099-01-30', vDup: '10000.00' },
        { nDup: '002', dVenc: '2099-02-28', vDup: '11735.00' },
      ],
    });
    bytes = Buffer.byteLength(xml);
    const enviar = async (previa: boolean) => {
      const t0 = performance.now();
      const res = await rt.app.inject({
        method: 'POST',
        url: `/api/v1/compra/notas-fiscais/xml?lojaId=${loja.id}${previa ? '&previa=true' : ''}`,
        headers,
        payload: Buffer.from(xml),
      });
      if (res.statusCode !== (previa ? 200 : 201)) throw new Error(`${res.statusCode} ${res.body.slice(0, 500)}`);
      return { ms: performance.now() - t0, id: res.json().id as number };
    };
    tempos.previa.push((await enviar(true)).ms);
    const e = await enviar(false);
    tempos.entrada.push(e.ms);
    const t0 = performance.now();
    const c = await rt.app.inject({
      method: 'POST',
      url: `/api/v1/compra/notas-fiscais/${e.id}/confirmar`,
      headers: { host: 'localhost', authorization: headers.authorization },
    });
    if (c.statusCode !== 200) throw new Error(`${c.statusCode} ${c.body.slice(0, 500)}`);
    tempos.confirmacao.push(performance.now() - t0);
  }
  console.log(`NF-e com ${ITENS} itens (${(bytes / 1024).toFixed(0)} KB), ${RODADAS} rodadas, máquina compartilhada:`);
  for (const [k, v] of Object.entries(tempos))
    console.log(`  ${k.padEnd(12)} mediana ${mediana(v).toFixed(0)} ms · máx ${Math.max(...v).toFixed(0)} ms`);
} finally {
  await owner.end().catch(() => {});
  await rt.close().catch(() => {});
  apagar();
}
