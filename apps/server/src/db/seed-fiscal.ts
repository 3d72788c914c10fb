/**
 * Versioned loader of the official fiscal tables (GLOBAL reference data) from the CSVs of
 * ../shared/data/fiscal (CI clones the repo next to it) or, without it, the copy kept in
 * apps/server/db/seed/fiscal. Each table is stamped with the SHA-256 of its file: an unchanged file
 * is skipped, a new one is upserted (codes are never deleted: products may reference them).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../config';

export function fiscalDir(): string {
  const shared = path.resolve(REPO_ROOT, '../shared/data/fiscal');
  return fs.existsSync(path.join(shared, 'ncm.csv')) ? shared : path.join(REPO_ROOT, 'apps/server/db/seed/fiscal');
}

/** RFC 4180 CSV (quoted fields with commas, doubled quotes); first row is the header. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else if (c !== '\r') cell += c;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  const [header, ...body] = rows;
  return body.filter((r) => r.length > 1).map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

interface Table {
  file: string;
  table: string;
  key: string[];
  map: (r: Record<string, string>) => Record<string, unknown> | undefined;
}

const TABLES: Table[] = [
  {
    file: 'uf.csv',
    table: 'uf_oficial',
    key: ['sigla'],
    map: (r) => ({ sigla: r.uf, codigo_ibge: r.codigo_uf, nome: r.nome }),
  },
  {
    file: 'municipios_ibge.csv',
    table: 'municipio',
    key: ['codigo_ibge'],
    map: (r) => ({ codigo_ibge: r.codigo_ibge, nome: r.nome, uf: r.uf }),
  },
  {
    file: 'ncm.csv',
    table: 'ncm_oficial',
    key: ['codigo'],
    map: (r) => ({
      codigo: r.codigo,
      codigo_formatado: r.codigo_formatado,
      digitos: Number(r.digitos),
      nivel: r.nivel,
      capitulo: r.capitulo,
      codigo_pai: r.codigo_pai || null,
      descricao: r.descricao,
      descricao_original: r.descricao_original,
      data_inicio: r.data_inicio,
      data_fim: r.data_fim,
    }),
  },
  {
    file: 'cest.csv',
    table: 'cest_oficial',
    key: ['codigo', 'ncm'],
    map: (r) => ({ codigo: r.cest, ncm: r.ncm_sh, segmento: r.segmento, item: r.item, descricao: r.descricao }),
  },
  { file: 'cest.csv', table: 'cest_codigo', key: ['codigo'], map: (r) => ({ codigo: r.cest, descricao: r.descricao }) },
  {
    file: 'cfop.csv',
    table: 'cfop_oficial',
    key: ['codigo'],
    map: (r) => ({
      codigo: r.codigo,
      descricao: r.descricao,
      tipo: r.tipo,
      fluxo: r.fluxo,
      utilizavel: r.utilizavel_em_documento === 'S',
    }),
  },
  {
    file: 'cst_icms.csv',
    table: 'cst_icms',
    key: ['codigo'],
    map: (r) => ({ codigo: r.codigo, descricao: r.descricao }),
  },
  { file: 'csosn.csv', table: 'csosn', key: ['codigo'], map: (r) => ({ codigo: r.codigo, descricao: r.descricao }) },
  {
    file: 'cst_pis_cofins.csv',
    table: 'cst_pis_cofins',
    key: ['codigo'],
    map: (r) => ({ codigo: r.codigo, descricao: r.descricao, tipo_operacao: r.tipo_operacao }),
  },
  {
    file: 'cst_ipi.csv',
    table: 'cst_ipi',
    key: ['codigo'],
    map: (r) => ({ codigo: r.codigo, descricao: r.descricao, tipo_operacao: r.tipo_operacao }),
  },
  {
    file: 'origem_mercadoria.csv',
    table: 'origem_mercadoria',
    key: ['codigo'],
    map: (r) => ({ codigo: r.codigo, descricao: r.descricao }),
  },
  {
    file: 'nfe_cstat.csv',
    table: 'nfe_cstat',
    key: ['codigo'],
    map: (r) => ({ codigo: r.cstat, descricao: r.descricao, tipo: r.tipo }),
  },
  {
    file: 'bancos.csv',
    table: 'banco',
    key: ['compe'],
    map: (r) =>
      /^\d{3}$/.test(r.compe ?? '')
        ? { compe: r.compe, ispb: r.ispb || null, nome: r.nome, nome_reduzido: r.nome_reduzido || null }
        : undefined,
  },
];

async function upsert(client: pg.Client, t: Table, rows: Record<string, unknown>[]) {
  const cols = Object.keys(rows[0]!);
  const updates = cols.filter((c) => !t.key.includes(c)).map((c) => `${c} = excluded.${c}`);
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const params: unknown[] = [];
    const tuples = chunk.map((r) => `(${cols.map((c) => (params.push(r[c]), `$${params.length}`)).join(',')})`);
    await client.query(
      `insert into ${t.table} (${cols.join(',')}) values ${tuples.join(',')} on conflict (${t.key.join(',')}) do ${updates.length ? `update set ${updates.join(',')}` : 'nothing'}`,
      params,
    );
  }
}

/** Loads what changed; returns the tables loaded. Runs as the owner (global tables are read-only to the app). */
export async function seedFiscal(ownerUrl: string, dir = fiscalDir()): Promise<string[]> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  const loaded: string[] = [];
  try {
    await client.query('select pg_advisory_lock(724005)');
    for (const t of TABLES) {
      const text = fs.readFileSync(path.join(dir, t.file), 'utf8');
      const sha256 = crypto.createHash('sha256').update(text).digest('hex');
      const done = await client.query('select sha256 from tabela_oficial_versao where tabela = $1', [t.table]);
      if (done.rows[0]?.sha256 === sha256) continue;
      // unique keys only (cest.csv lists a CEST once per NCM); parents before children (NCM hierarchy)
      const seen = new Map<string, Record<string, unknown>>();
      for (const r of parseCsv(text)) {
        const m = t.map(r);
        if (m) seen.set(t.key.map((k) => m[k]).join('|'), m);
      }
      const rows = [...seen.values()].sort((a, b) =>
        t.table === 'ncm_oficial' ? Number(a.digitos) - Number(b.digitos) : 0,
      );
      await client.query('begin');
      await upsert(client, t, rows);
      await client.query(
        `insert into tabela_oficial_versao (tabela, versao, sha256, linhas) values ($1, $2, $3, $4)
         on conflict (tabela) do update set versao = excluded.versao, sha256 = excluded.sha256, linhas = excluded.linhas, carregada_em = now()`,
        [t.table, `${t.file}@${sha256.slice(0, 12)}`, sha256, rows.length],
      );
      await client.query('commit');
      loaded.push(t.table);
    }
    // fresh statistics, or the planner ignores the trigram indexes on a just-loaded table
    for (const table of new Set(loaded)) await client.query(`analyze ${table}`);
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.query('select pg_advisory_unlock(724005)').catch(() => {});
    await client.end();
  }
  return loaded;
}
