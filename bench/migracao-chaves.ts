/**
 * Migration time of the tenant keys (0300) and per-tenant numbering (0301) on the reference chain: a fresh
 * embedded PostgreSQL is migrated up to the last file before them, given the demo data and the reference chain
 * (./lib/cadeia.ts, sized by BENCH_LOJAS, BENCH_PRODUTOS, BENCH_CUPONS_DIA, BENCH_DIAS), then upgraded as an
 * operator's `npm run migrate` would: the dump the runner takes first (scripts/backup.sh) and each pending
 * migration are timed apart. Prints the figures; JSON in bench/results/.
 * Usage: cd bench && npx tsx migracao-chaves.ts   (BENCH_DIAS=30 for a twelfth of the year)
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { gerarCadeia, opcoesDoAmbiente } from './lib/cadeia';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const ANTES = '0260_atualizacao_tarefa.sql';
const dataDir = usarPastaDeDados(pastaDeDados('retaguarda-bench-migracao-'));

const { loadConfig } = await import('../apps/server/src/config');
const { openDatabaseTarget } = await import('../apps/server/src/db/target');
const { migrate } = await import('../apps/server/src/db/migrate');
const { seed } = await import('../apps/server/src/db/seed');

const o = opcoesDoAmbiente();
const target = await openDatabaseTarget(loadConfig(), () => {});
const s = (ms: number) => Number((ms / 1000).toFixed(1));
try {
  await migrate(target.ownerUrl, () => {}, { ate: ANTES });
  await seed(target.ownerUrl, { demo: true });
  console.log(
    `cadeia (esquema até ${ANTES}): ${o.lojas} lojas × ${o.produtos} produtos, ${o.cuponsPorDia} cupons/loja/dia por ${o.dias} dias`,
  );
  const g = await gerarCadeia(target.ownerUrl, o, (m) => console.log(`  ${m}`));
  const c = new pg.Client({ connectionString: target.ownerUrl });
  await c.connect();
  const linhas = Number(
    (
      await c.query<{ n: string }>(
        `select sum(c.reltuples)::bigint as n from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'assinante_id')`,
      )
    ).rows[0]!.n,
  );
  const antes = (await c.query<{ t: string }>(`select pg_size_pretty(pg_database_size(current_database())) as t`))
    .rows[0]!.t;
  console.log(
    `${g.movimentos.toLocaleString('pt-BR')} movimentos, ~${linhas.toLocaleString('pt-BR')} linhas de assinante, banco com ${antes}`,
  );

  // the upgrade, timed by the runner's own log lines
  const marcas: { m: string; t: number }[] = [];
  const t0 = performance.now();
  const backups = path.join(dataDir, 'backups');
  const aplicadas = await migrate(target.ownerUrl, (m) => marcas.push({ m, t: performance.now() }), {
    backupDir: backups,
  });
  const total = performance.now() - t0;
  const fases: Record<string, number> = {};
  let anterior = t0;
  for (const { m, t } of marcas) {
    const chave = m.startsWith('Backup gravado')
      ? 'backup (pg_dump)'
      : m.replace('Migração aplicada: ', '').replace(/…$/, '');
    if (!m.startsWith('Backup antes')) fases[chave] = s(t - anterior);
    anterior = t;
  }
  const dump = fs.readdirSync(backups)[0];
  const tamanhoDump = dump ? fs.statSync(path.join(backups, dump)).size : 0;
  await c.end();
  console.log(
    `migração: ${aplicadas.length} arquivos em ${s(total)} s (dump de ${(tamanhoDump / 2 ** 20).toFixed(0)} MB)`,
  );
  for (const [f, seg] of Object.entries(fases)) console.log(`  ${f}: ${seg} s`);
  const resultado = {
    quando: new Date().toISOString(),
    cadeia: o,
    movimentos: g.movimentos,
    linhasDeAssinante: linhas,
    banco: antes,
    dumpBytes: tamanhoDump,
    segundos: s(total),
    fases,
  };
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results', `migracao-chaves-${Date.now()}.json`),
    `${JSON.stringify(resultado, null, 2)}\n`,
  );
} finally {
  await target.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
