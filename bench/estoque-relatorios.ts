/**
 * Stock report figures: 'Extrato de movimentações' of BENCH_LOJAS × BENCH_PRODUTOS movements (default
 * 50 × 20 000 = 1 M) to XLSX, and 'Saldo de estoque' of those 50 stores × 20 k products (1 M balances)
 * to XLSX: seconds and the peak RSS of the Node process generating them, sampled every 100 ms (the
 * report job's own generator — cursor, exceljs streaming writer to a temporary file — the file stored in
 * parts of 1 MB and read back part by part, as the job and the download route do; the HTTP app is not
 * started), with V8's heap and the buffers outside it at the peak. Targets (issue): ≤ 60 s with RSS ≤ 300 MB;
 * ≤ 20 s. The data is prepared by a child process of this script (`--preparar`: migrations, the demo seed
 * and, straight by SQL, one movement per store + product dated over 300 days of 2026 with the balance tables
 * that posting keeps) on a fresh embedded PostgreSQL under a temporary DATA_DIR, so the measuring process
 * holds only what a server instance generating the report holds (the seed left ~110 MB in it before).
 * Usage: cd bench && node --max-semi-space-size=8 --max-old-space-size=256 --expose-gc --import tsx estoque-relatorios.ts
 *   (--max-semi-space-size=8: the flag scripts/supervisor.mjs gives the server; without it V8's young generation
 *   alone takes ~100 MB more RSS)
 *   (BENCH_LOJAS=5 BENCH_PRODUTOS=2000 for a quick run; --expose-gc: each report starts after a full
 *   collection; the heap cap shows the reports run flat in it: without
 *   it V8 lets garbage pile up to a few hundred MB before a full collection, which RSS shows too)
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const LOJAS = Number(process.env.BENCH_LOJAS ?? 50);
const PRODUTOS = Number(process.env.BENCH_PRODUTOS ?? 20_000);
const PREPARAR = process.argv.includes('--preparar');
const dataDir = PREPARAR
  ? process.env.DATA_DIR!
  : fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-bench-relatorios-'));
fs.chmodSync(dataDir, 0o755);
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = '';
const PREPARADO = path.join(dataDir, 'bench-preparado.json');

const { loadConfig } = await import('../apps/server/src/config');
const { openDatabaseTarget } = await import('../apps/server/src/db/target');

const mb = (b: number) => Math.round(b / 1024 / 1024);
const seg = (ms: number) => (ms / 1000).toFixed(1);

interface Preparado {
  assinante: number;
  usuario: number;
  lojas: number[];
  tempos: string;
}

if (PREPARAR) await preparar();
else await medirTudo();

/** The child: migrations, the demo seed and the bench's data; what the measuring process needs, in a file. */
async function preparar() {
  const { migrate } = await import('../apps/server/src/db/migrate');
  const { seed } = await import('../apps/server/src/db/seed');
  const target = await openDatabaseTarget(loadConfig(), () => {});
  const owner = new pg.Client({ connectionString: target.ownerUrl });
  try {
    await migrate(target.ownerUrl, () => {});
    await seed(target.ownerUrl, { demo: true });
    await owner.connect();
    const um = async <T>(text: string, params: unknown[] = []) => (await owner.query(text, params)).rows[0] as T;
    const { assinante, bv01, usuario } = await um<{ assinante: number; bv01: number; usuario: number }>(
      `select l.assinante_id as assinante, l.id as bv01,
              (select id from usuario u where u.assinante_id = l.assinante_id and username = 'ana.admin') as usuario
         from loja l where l.sigla = 'BV01'`,
    );
    // product writes run the tenant's triggers
    await owner.query(`select set_config('app.assinante_id', $1, false)`, [String(assinante)]);
    const t0 = performance.now();
    const lojas = (
      await owner.query(
        `insert into loja (assinante_id, sigla, numero_do_documento, fantasia, nome, uf, tipo, codigo_ibge, municipio)
         select l.assinante_id, 'BN' || lpad(g::text, 3, '0'), lpad((91000000000000 + g)::text, 14, '0'),
                'Bench ' || g, 'Bench ' || g, l.uf, 'FILIAL', l.codigo_ibge, l.municipio
           from loja l, generate_series(1, $2::int) g where l.id = $1 returning id`,
        [bv01, LOJAS],
      )
    ).rows.map((r) => r.id as number);
    await owner.query(
      `insert into local_estoque (assinante_id, loja_id, descricao, tipo, permite_venda, padrao_venda, padrao_entrada)
       select $1, id, 'Loja', 'LOJA', true, true, true from loja where id = any($2)`,
      [assinante, lojas],
    );
    await owner.query(
      `insert into produto (assinante_id, descricao, codigo_interno, unidade_de_venda_id, secao_id, marca_id)
       select p.assinante_id, 'Produto de bench ' || g, 'BP' || g, p.unidade_de_venda_id, p.secao_id, p.marca_id
         from (select * from produto where assinante_id = $1 and ativo order by id limit 1) p,
              generate_series(1, $2::int) g`,
      [assinante, PRODUTOS],
    );
    const t1 = performance.now();
    // one movement per store + product: entries (positive, with a cost) and exits (negative), 300 days of 2026
    await owner.query(
      `insert into movimento_estoque (assinante_id, loja_id, local_id, produto_id, data, tipo, quantidade,
                                      custo_unitario, custo_medio_apos, documento_tipo, documento_id)
       select $1, le.loja_id, le.id, p.id, date '2026-01-01' + ((p.id * 7 + le.loja_id * 13) % 300),
              t.tipo, t.sinal * (1 + (p.id + le.loja_id) % 40), 1 + (p.id % 97) / 10.0, 1 + (p.id % 97) / 10.0,
              'BENCH', p.id
         from local_estoque le
         join produto p on p.assinante_id = $1 and p.codigo_interno like 'BP%'
         cross join lateral (select (array['ENTRADA_NF','VENDA','AJUSTE_ENTRADA','PERDA','TRANSFERENCIA_ENTRADA'])[1 + (p.id + le.loja_id) % 5] as tipo,
                                    case when (p.id + le.loja_id) % 5 in (1, 3) then -1 else 1 end as sinal) t
        where le.loja_id = any($2)`,
      [assinante, lojas],
    );
    const t2 = performance.now();
    await owner.query(
      `insert into saldo_estoque (assinante_id, loja_id, local_id, produto_id, quantidade)
       select assinante_id, loja_id, local_id, produto_id, quantidade from movimento_estoque where loja_id = any($1)`,
      [lojas],
    );
    await owner.query(
      `insert into saldo_estoque_dia (assinante_id, loja_id, local_id, produto_id, data, quantidade_dia, saldo)
       select assinante_id, loja_id, local_id, produto_id, data, quantidade, quantidade from movimento_estoque
        where loja_id = any($1)`,
      [lojas],
    );
    await owner.query(
      `insert into custo_medio_estoque (assinante_id, loja_id, produto_id, quantidade, custo_medio)
       select assinante_id, loja_id, produto_id, quantidade, custo_medio_apos from movimento_estoque where loja_id = any($1)`,
      [lojas],
    );
    await owner.query(
      'vacuum analyze movimento_estoque, saldo_estoque, saldo_estoque_dia, custo_medio_estoque, produto',
    );
    const t3 = performance.now();
    const tempos = `cadastros ${seg(t1 - t0)} s, movimentos ${seg(t2 - t1)} s, saldos + VACUUM ANALYZE ${seg(t3 - t2)} s`;
    fs.writeFileSync(PREPARADO, JSON.stringify({ assinante, usuario, lojas, tempos } satisfies Preparado));
  } finally {
    await owner.end();
    await target.stop();
  }
}

/** The parent: the data from a child process, then each report generated, stored and read back here. */
async function medirTudo() {
  const filho = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, '--preparar'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir },
  });
  if (filho.status !== 0) throw new Error(`preparação dos dados falhou (${filho.status})`);
  const { assinante, usuario, lojas, tempos } = JSON.parse(fs.readFileSync(PREPARADO, 'utf8')) as Preparado;
  const { createDatabase } = await import('../apps/server/src/db/database');
  const { criarRelatorio, concluirRelatorio, conteudoDe } = await import(
    '../apps/server/src/modules/relatorios/relatorios.store'
  );
  const { descartarArquivo, tamanhoDoArquivo } = await import('../apps/server/src/modules/relatorios/relatorios.fila');
  const { gerarMovimentacoes, consultaMovimentos } = await import(
    '../apps/server/src/modules/estoque/relatorios/movimentacoes'
  );
  const { gerarSaldo, consultaSaldos, consultaSaldosAtuais } = await import(
    '../apps/server/src/modules/estoque/relatorios/saldo'
  );
  const { sql } = await import('kysely');
  const target = await openDatabaseTarget(loadConfig(), () => {});
  const db = createDatabase(target.appUrl);
  try {
    const n = LOJAS * PRODUTOS;
    console.log(`carga da máquina (load average 1 min, ${os.cpus().length} núcleos): ${os.loadavg()[0]!.toFixed(1)}`);
    console.log(`dados: ${LOJAS} lojas × ${PRODUTOS} produtos = ${n} movimentos e saldos (${tempos})`);
    console.log(`RSS do processo que mede, antes dos relatórios: ${mb(process.memoryUsage().rss)} MB`);

    async function medir(
      nome: string,
      tipo: 'EXTRATO_MOVIMENTACOES' | 'SALDO_ESTOQUE',
      parametros: Record<string, unknown>,
      gerar: typeof gerarSaldo,
      consulta: ReturnType<typeof sql>,
    ) {
      // the report's query alone (every row read, none sent): how much of the time is the database's
      const q0 = performance.now();
      await db.withTenant(assinante, (trx) => sql`select count(*) from (${consulta}) q`.execute(trx));
      console.log(`${nome}: só a consulta ${seg(performance.now() - q0)} s`);
      if (process.env.BENCH_PLANO)
        await db.withTenant(assinante, async (trx) => {
          const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off, timing off)
            select count(*) from (${consulta}) q`.execute(trx);
          console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
        });
      (globalThis as { gc?: () => void }).gc?.();
      const base = process.memoryUsage().rss;
      let pico = base;
      // what the process held at its peak: V8's heap (used / reserved), buffers outside it
      let composicao = '';
      const amostra = setInterval(() => {
        const u = process.memoryUsage();
        if (u.rss <= pico) return;
        pico = u.rss;
        composicao = `heap ${mb(u.heapUsed)}/${mb(u.heapTotal)} MB, buffers ${mb(u.arrayBuffers)} MB`;
      }, 100);
      const inicio = performance.now();
      const cpu0 = process.cpuUsage();
      const relatorio = await db.withTenant(assinante, (trx) =>
        criarRelatorio(trx, {
          assinanteId: assinante,
          usuarioId: usuario,
          tipo,
          titulo: nome,
          formato: 'XLSX',
          parametros,
          instancia: crypto.randomUUID(),
        }),
      );
      const arquivo = await gerar({ db, assinanteId: assinante, relatorio, parametros });
      const gerado = performance.now();
      // CPU seconds of this process: the machine is shared (the wall time depends on its load, this does not)
      const cpu = process.cpuUsage(cpu0);
      const picoGerar = Math.max(pico, process.memoryUsage().rss);
      // storing: the framework writes the file in parts of 1 MB from the generator's temporary file
      try {
        await db.withTenant(assinante, (trx) => concluirRelatorio(trx, relatorio.id, arquivo));
      } finally {
        await descartarArquivo(arquivo);
      }
      const fim = performance.now();
      const picoGravar = Math.max(pico, process.memoryUsage().rss);
      // the download: the route's own reading, part by part, every byte consumed
      const leitor = { usuarioId: usuario, administrador: true };
      const conteudo = await db.withTenant(assinante, (trx) => conteudoDe(trx, db, assinante, relatorio.id, leitor));
      let lidos = 0;
      if (Buffer.isBuffer(conteudo) || !conteudo) lidos = conteudo?.length ?? -1;
      else for await (const parte of conteudo) lidos += (parte as Buffer).length;
      const baixado = performance.now();
      clearInterval(amostra);
      pico = Math.max(pico, process.memoryUsage().rss);
      const tamanho = tamanhoDoArquivo(arquivo);
      if (lidos !== tamanho) throw new Error(`download de ${lidos} bytes, o arquivo tem ${tamanho}`);
      console.log(
        `${nome} → XLSX: ${seg(fim - inicio)} s (gerar ${seg(gerado - inicio)} s, ` +
          `CPU do Node ${seg((cpu.user + cpu.system) / 1000)} s; gravar ${seg(fim - gerado)} s; ` +
          `ler de volta ${seg(baixado - fim)} s), arquivo ${mb(tamanho)} MB; RSS do processo: antes ${mb(base)} MB, ` +
          `pico ao gerar ${mb(picoGerar)} MB, ao gravar ${mb(picoGravar)} MB, ao ler de volta ${mb(pico)} MB (${composicao})`,
      );
    }

    const filtros = { lojas, todasAsLojas: false, secoes: [], marcas: [], fornecedores: [] };
    const extrato = { ...filtros, de: '2026-01-01', ate: '2026-12-31', tipos: [], produtos: [] };
    await medir(
      `Extrato de movimentações (${n} movimentos)`,
      'EXTRATO_MOVIMENTACOES',
      extrato,
      gerarMovimentacoes,
      consultaMovimentos(extrato as never),
    );
    // as of today (on or after the last movement: the current tables) and as of a past date (lookups per row)
    for (const data of [new Date().toISOString().slice(0, 10), '2026-06-30']) {
      const saldo = { ...filtros, data, situacao: 'TODOS' };
      await medir(
        `Saldo de estoque em ${data} (${LOJAS} lojas × ${PRODUTOS} produtos)`,
        'SALDO_ESTOQUE',
        saldo,
        gerarSaldo,
        data >= '2026-10-27' ? consultaSaldosAtuais(saldo as never) : consultaSaldos(saldo as never),
      );
    }
  } finally {
    await db.close();
    await target.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
