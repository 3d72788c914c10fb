/**
 * Benchmark data: N products (with a valid GTIN-13 barcode each, NCM from the official table, the
 * gênero of its chapter) and N suppliers (valid CNPJ, IBGE municipality of the UF) for tenant 1,
 * loaded with COPY so a million rows take seconds. Deterministic (seeded), so two runs compare.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const PRODUTOS = [
  'Chocolate ao leite',
  'Café torrado e moído',
  'Açúcar cristal',
  'Pão de forma integral',
  'Feijão preto',
  'Colônia floral',
  'Sabonete de glicerina',
  'Óleo de soja',
  'Arroz agulhinha',
  'Macarrão parafuso',
  'Leite UHT integral',
  'Biscoito recheado',
  'Creme dental',
  'Detergente neutro',
  'Água sanitária',
  'Refrigerante de guaraná',
  'Suco de uva',
  'Queijo muçarela',
  'Presunto cozido',
  'Farinha de mandioca',
  'Batom matte',
  'Hidratante corporal',
  'Xampu anticaspa',
];
const MARCAS = ['Aurora', 'Bosque', 'Maré', 'Serra Azul', 'Três Rios', 'Ipê', 'Jangada', 'Cacique', 'Pampa', 'Sertão'];
const MEDIDAS = ['200 g', '500 g', '1 kg', '5 kg', '350 ml', '1 l', '2 l', '90 g', '75 ml', '12 un'];
const RAZOES = ['Distribuidora', 'Comércio', 'Atacadista', 'Indústria', 'Importadora', 'Laticínios', 'Cosméticos'];
const NOMES = [
  'São Jorge',
  'Boa Vista',
  'Nordeste',
  'Paulista',
  'Gaúcha',
  'Mineira',
  'Capixaba',
  'Potiguar',
  'Cearense',
];

/** Mulberry32: a small seeded generator (the same data on every run). */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gtin13(base12: string): string {
  let s = 0;
  for (let i = 0; i < 12; i++) s += Number(base12[i]) * (i % 2 ? 3 : 1);
  return base12 + ((10 - (s % 10)) % 10);
}

export function cnpj(base12: string): string {
  const dv = (digits: string) => {
    const pesos = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = [...digits].reduce((s, d, i) => s + Number(d) * pesos[i]!, 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base12);
  return `${base12}${d1}${dv(base12 + d1)}`;
}

/**
 * Secondary indexes are dropped during the load and rebuilt after it (one sorted build instead of a
 * million GIN/btree insertions); constraint indexes (primary and unique keys) stay.
 */
async function semIndices(c: pg.Client, tables: string[], load: () => Promise<void>) {
  const fases: Record<string, number> = {};
  const { rows } = await c.query<{ nome: string; def: string }>(
    `select i.indexname as nome, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1)
        and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await c.query(`drop index ${pg.escapeIdentifier(r.nome)}`);
  const t0 = performance.now();
  await load();
  fases.copy = segundosDesde(t0);
  const t1 = performance.now();
  await c.query(`set maintenance_work_mem = '512MB'`);
  for (const r of rows) await c.query(r.def);
  fases.indices = segundosDesde(t1);
  return fases;
}

const segundosDesde = (t: number) => Number(((performance.now() - t) / 1000).toFixed(1));

/** COPY FROM STDIN in text format, fed in chunks of lines (backpressure respected). */
async function copy(c: pg.Client, table: string, cols: string[], n: number, line: (i: number) => string[]) {
  let i = 0;
  const source = new Readable({
    read() {
      const parts: string[] = [];
      for (let k = 0; k < 5000 && i < n; k++, i++) parts.push(`${line(i).join('\t')}\n`);
      this.push(parts.length ? parts.join('') : null);
    },
  });
  await pipeline(source, c.query(copyFrom(`copy ${table} (${cols.join(', ')}) from stdin`)));
}

export interface Gerado {
  secaoFiltro: number;
  /** where the write cases create and move products: never the list's seção, so reads measure the same rows */
  secaoEscrita: number;
  produtos: number;
  fornecedores: number;
  segundos: number;
  /** seconds spent in COPY (3 × n rows), index builds and VACUUM ANALYZE */
  fases: Record<string, number>;
}

export async function gerar(ownerUrl: string, n: number): Promise<Gerado> {
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    await c.query(`select set_config('app.assinante_id', '1', false)`);
    await c.query(
      `insert into secao (assinante_id, descricao) select 1, 'Seção bench ' || g from generate_series(1, 50) g`,
    );
    const secoes = (
      await c.query<{ id: number }>(`select id from secao where descricao like 'Seção bench %' order by id`)
    ).rows.map((r) => r.id);
    const ncms = (
      await c.query<{ codigo: string; capitulo: string }>(
        `select n.codigo, n.capitulo from ncm_oficial n join genero g on g.id = n.capitulo and g.assinante_id = 1
          where n.digitos = 8 order by n.codigo`,
      )
    ).rows;
    const municipios = (
      await c.query<{ codigo_ibge: string; uf: string }>(`select codigo_ibge, uf from municipio order by 1`)
    ).rows;
    const r = rng(42);
    const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
    const base = 9_000_000;
    const fases = await semIndices(c, ['produto', 'codigo_auxiliar', 'fornecedor'], async () => {
      await copy(
        c,
        'produto',
        ['assinante_id', 'codigo_interno', 'descricao', 'secao_id', 'ncm_id', 'genero_id', 'peso_bruto'],
        n,
        (i) => {
          const ncm = pick(ncms);
          return [
            '1',
            String(base + i),
            `${pick(PRODUTOS)} ${pick(MARCAS)} ${pick(MEDIDAS)} ${i % 997}`,
            String(secoes[i % secoes.length]),
            ncm.codigo,
            ncm.capitulo,
            (r() * 20).toFixed(3),
          ];
        },
      );
      // one GTIN-13 per product (Brazilian prefix 789)
      await c.query(`create temp table bench_ids as select id, codigo_interno from produto
                      where assinante_id = 1 and codigo_interno::bigint >= ${base} order by id`);
      const ids = (await c.query<{ id: number }>('select id from bench_ids order by id')).rows.map((x) => x.id);
      await copy(c, 'codigo_auxiliar', ['assinante_id', 'id', 'produto_id', 'tipo'], ids.length, (i) => [
        '1',
        gtin13(`789${String(100_000_000 + i).slice(-9)}`),
        String(ids[i]),
        'EAN',
      ]);
      await copy(
        c,
        'fornecedor',
        [
          'assinante_id',
          'tipo_de_pessoa',
          'numero_do_documento',
          'nome',
          'fantasia',
          'endereco_uf',
          'endereco_codigo_ibge',
          'endereco_cep',
        ],
        n,
        (i) => {
          const m = pick(municipios);
          const nome = `${pick(RAZOES)} ${pick(NOMES)} ${i}`;
          return [
            '1',
            'J',
            cnpj(`${String(10_000_000 + i).padStart(8, '0')}0001`),
            `${nome} Ltda`,
            nome,
            m.uf,
            m.codigo_ibge,
            String(10_000_000 + Math.floor(r() * 89_999_999)),
          ];
        },
      );
    });
    const tv = performance.now();
    await c.query('vacuum analyze produto');
    await c.query('vacuum analyze codigo_auxiliar');
    await c.query('vacuum analyze fornecedor');
    fases.vacuum = segundosDesde(tv);
    return {
      secaoFiltro: secoes[7]!,
      secaoEscrita: secoes[8]!,
      produtos: n,
      fornecedores: n,
      segundos: (performance.now() - t0) / 1000,
      fases,
    };
  } finally {
    await c.end();
  }
}
