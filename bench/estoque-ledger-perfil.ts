/**
 * Profile of one stock posting (issue #25.4): the catalogue around the ledger (triggers, indexes, RLS
 * policies) and EXPLAIN (ANALYZE, BUFFERS) of the posting statement of BENCH_LOTE (default 1 000) distinct
 * products, after BENCH_AQUECER (default 20) postings so the tables hold rows. Fresh embedded PostgreSQL.
 * Usage: cd bench && npx tsx estoque-ledger-perfil.ts
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { bancadaDeAjustes } from './lib/ajustes';
import { gerar } from './lib/gerador';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const LOTE = Number(process.env.BENCH_LOTE ?? 1000);
const AQUECER = Number(process.env.BENCH_AQUECER ?? 20);
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-perfil-'));
const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
const { instrucaoDeLancamento } = await import('../apps/server/src/modules/estoque/lancamento');
const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
await gerar(rt.target.ownerUrl, LOTE + 200);
const bancada = await bancadaDeAjustes(rt);
const { owner, assinante, loja, local } = bancada;
try {
  const produtos = (
    await owner.query(
      `select p.id from produto p left join unidade u on u.assinante_id = p.assinante_id and u.id = p.unidade_de_venda_id
        where p.assinante_id = $1 and p.ativo and not coalesce(u.permite_fracionamento, false) order by p.id limit $2`,
      [assinante, LOTE],
    )
  ).rows.map((r) => r.id as number);
  const dia = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10);
  for (let n = 0; n < AQUECER; n++) await bancada.ajustar(n, dia(n * 5), LOTE, `perfil-${n}`, produtos, n % 4 === 3);
  const tabelas = ['movimento_estoque', 'saldo_estoque', 'saldo_estoque_dia', 'custo_medio_estoque'];
  const q = async (t: string, p: unknown[] = []) => (await owner.query(t, p)).rows;
  console.log(
    'triggers:',
    await q(
      `select tgname, tgrelid::regclass::text as t, tgtype from pg_trigger
     where not tgisinternal and tgrelid::regclass::text = any($1) order by 2, 1`,
      [tabelas],
    ),
  );
  console.log(
    'indexes:',
    await q(`select tablename, indexname, indexdef from pg_indexes where tablename = any($1) order by 1, 2`, [tabelas]),
  );
  console.log(
    'policies:',
    await q(`select tablename, policyname, cmd, qual, with_check from pg_policies where tablename = any($1)`, [
      tabelas,
    ]),
  );
  console.log(
    'partitions:',
    await q(`select count(*)::int as n from pg_inherits where inhparent = 'movimento_estoque'::regclass`),
  );
  console.log(
    'fks:',
    await q(
      `select conrelid::regclass::text as t, conname from pg_constraint where contype = 'f' and conrelid::regclass::text = any($1)`,
      [tabelas],
    ),
  );
  for (const [i, data] of [dia(AQUECER * 5 + 1), dia(3)].entries()) {
    const l = {
      documentoTipo: 'BENCH',
      documentoId: null,
      usuarioId: null,
      movimentos: produtos.map((p, k) => ({
        lojaId: loja,
        localId: local,
        produtoId: p,
        data,
        tipo: 'AJUSTE_ENTRADA' as const,
        quantidade: String(1 + (k % 5)),
        custoUnitario: '2.50',
      })),
    };
    await rt.db.withTenant(assinante, async (trx) => {
      const { rows } = await sql<{
        'QUERY PLAN': string;
      }>`explain (analyze, buffers, verbose) ${instrucaoDeLancamento(l)}`.execute(trx);
      console.log(`--- plan ${i ? 'back-dated' : 'latest date'} ---\n` + rows.map((r) => r['QUERY PLAN']).join('\n'));
    });
  }
  // paired under the same load: one posting (lancarMovimentos) then the same rows into an unindexed copy
  const { lancarMovimentos } = await import('../apps/server/src/modules/estoque/lancamento');
  const { colunas, unnestDe } = await import('../apps/server/src/ledger/colunas');
  await owner.query(`create table bench_piso_perfil (like movimento_estoque including defaults including identity);
    grant select, insert on bench_piso_perfil to retaguarda_app`);
  const ms = { lancamento: [] as number[], piso: [] as number[] };
  for (let r = 0; r < 15; r++) {
    const movimentos = produtos.map((p, k) => ({
      lojaId: loja,
      localId: local,
      produtoId: p,
      data: dia(AQUECER * 5 + 10 + r),
      tipo: 'AJUSTE_ENTRADA' as const,
      quantidade: String(1 + (k % 5)),
      custoUnitario: '2.50',
    }));
    let t = performance.now();
    await rt.db.withTenant(assinante, (trx) =>
      lancarMovimentos(trx, { documentoTipo: 'BENCH', documentoId: null, usuarioId: null, movimentos }),
    );
    ms.lancamento.push(performance.now() - t);
    const c = colunas(movimentos, [
      'lojaId',
      'localId',
      'produtoId',
      'data',
      'tipo',
      'quantidade',
      'custoUnitario',
    ] as const);
    const it = unnestDe('t', [
      { nome: 'loja_id', tipo: 'int4', valores: c.lojaId },
      { nome: 'local_id', tipo: 'int4', valores: c.localId },
      { nome: 'produto_id', tipo: 'int4', valores: c.produtoId },
      { nome: 'data', tipo: 'date', valores: c.data },
      { nome: 'tipo', tipo: 'text', valores: c.tipo },
      { nome: 'quantidade', tipo: 'numeric', valores: c.quantidade },
      { nome: 'custo', tipo: 'numeric', valores: c.custoUnitario },
    ]);
    t = performance.now();
    await rt.db.withTenant(assinante, (trx) =>
      sql`insert into bench_piso_perfil (assinante_id, loja_id, local_id, produto_id, data, tipo, quantidade,
            custo_unitario, custo_informado, custo_medio_apos, documento_tipo, documento_id, usuario_id, ocorrido_em)
          select (select app_assinante()), t.loja_id, t.local_id, t.produto_id, t.data, t.tipo, t.quantidade,
                 t.custo, t.quantidade > 0, t.custo, 'BENCH', null, null, now() from ${it}`.execute(trx),
    );
    ms.piso.push(performance.now() - t);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `pareado (15 rodadas de ${LOTE} linhas): lançamento mediana ${med(ms.lancamento).toFixed(1)} ms, ` +
      `piso ${med(ms.piso).toFixed(1)} ms — razão ${(med(ms.piso) / med(ms.lancamento)).toFixed(2)}`,
  );
} finally {
  await bancada.fechar();
  await rt.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
