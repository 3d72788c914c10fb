/**
 * What the stock reports share: the parameters snapshot (the caller's stores when asked), the product
 * filters as SQL, the filter lines of the header, the store and location names, and exact totals.
 */
import { Decimal, formatarData, ROTULO_TIPO_MOVIMENTO, type TipoMovimento } from '@retaguarda/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database, Tx } from '../../../db/database';

export interface FiltrosDeProduto {
  /** the stores the report reads: the ones asked, or every store of the caller when asked */
  lojas: number[];
  /** the stores were not chosen: the header says 'todas as suas lojas' */
  todasAsLojas: boolean;
  secoes: number[];
  marcas: number[];
  fornecedores: number[];
}

/** `p` is the product's alias; conditions only for the filters given. */
export function condicoesDeProduto(f: FiltrosDeProduto, produto: RawBuilder<unknown>): RawBuilder<SqlBool>[] {
  const c: RawBuilder<SqlBool>[] = [];
  if (f.secoes.length) c.push(sql<SqlBool>`p.secao_id = any(${f.secoes}::int4[])`);
  if (f.marcas.length) c.push(sql<SqlBool>`p.marca_id = any(${f.marcas}::int4[])`);
  if (f.fornecedores.length)
    c.push(sql<SqlBool>`exists (select 1 from produto_fornecedor pf
      where pf.produto_id = ${produto} and pf.fornecedor_id = any(${f.fornecedores}::int4[]))`);
  return c;
}

/** the conditions joined by AND (none: true). */
export const todas = (c: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  c.length ? sql<SqlBool>`${sql.join(c, sql` and `)}` : sql<SqlBool>`true`;

export interface Nomes {
  lojas: Map<number, string>;
  locais: Map<number, string>;
}

/** store acronyms and location names of the report's stores (a few dozen rows, read once). */
export async function nomesDe(trx: Tx, lojas: readonly number[]): Promise<Nomes> {
  const { rows: l } = await sql<{ id: number; sigla: string }>`
    select id, sigla from loja where id = any(${[...lojas]}::int4[])`.execute(trx);
  const { rows: le } = await sql<{ id: number; descricao: string }>`
    select id, descricao from local_estoque where loja_id = any(${[...lojas]}::int4[])`.execute(trx);
  return {
    lojas: new Map(l.map((x) => [x.id, x.sigla])),
    locais: new Map(le.map((x) => [x.id, x.descricao])),
  };
}

const MAX_NOMES = 8;
const lista = (nomes: string[]) =>
  nomes.length > MAX_NOMES
    ? `${nomes.slice(0, MAX_NOMES).join(', ')} e mais ${nomes.length - MAX_NOMES}`
    : nomes.join(', ');

async function rotulos(trx: Tx, tabela: 'secao' | 'marca' | 'fornecedor' | 'produto', ids: number[]) {
  if (!ids.length) return '';
  const nome =
    tabela === 'fornecedor'
      ? sql`fantasia`
      : tabela === 'produto'
        ? sql`coalesce(codigo_interno, id::text) || ' - ' || descricao`
        : sql`descricao`;
  const { rows } = await sql<{ nome: string }>`select ${nome} as nome from ${sql.table(tabela)}
    where id = any(${ids}::int4[]) order by 1`.execute(trx);
  return lista(rows.map((r) => r.nome));
}

/** The header's filter lines, in the screen's words. */
export async function linhasDeFiltro(
  trx: Tx,
  f: FiltrosDeProduto & { produtos?: number[]; tipos?: TipoMovimento[] },
  nomes: Nomes,
  inicio: string[],
): Promise<string[]> {
  const linhas = [...inicio];
  const siglas = f.lojas.map((id) => nomes.lojas.get(id) ?? String(id)).sort();
  linhas.push(f.todasAsLojas ? `Lojas: todas as suas lojas (${lista(siglas)})` : `Lojas: ${lista(siglas)}`);
  if (f.tipos?.length) linhas.push(`Tipos: ${f.tipos.map((t) => ROTULO_TIPO_MOVIMENTO[t]).join(', ')}`);
  const extra: [string, 'secao' | 'marca' | 'fornecedor' | 'produto', number[] | undefined][] = [
    ['Seções', 'secao', f.secoes],
    ['Marcas', 'marca', f.marcas],
    ['Fornecedores', 'fornecedor', f.fornecedores],
    ['Produtos', 'produto', f.produtos],
  ];
  for (const [rotulo, tabela, ids] of extra)
    if (ids?.length) linhas.push(`${rotulo}: ${await rotulos(trx, tabela, ids)}`);
  return linhas;
}

export const periodoEmTexto = (de: string, ate: string) => `Período: ${formatarData(de)} a ${formatarData(ate)}`;

/**
 * Exact sums of decimal text (quantities at 4 places, money at 2), keyed by group (store, store + type).
 * A million rows are summed: PostgreSQL prints a numeric(18, 4) column and round(…, 2) at exactly that
 * scale, so the text without its point is the BigInt of units (no parsing into a Decimal per row).
 */
export class Totais<K extends string> {
  private readonly grupos = new Map<K, { linhas: number; quantidade: bigint; valor: bigint }>();

  somar(chave: K, quantidade: string, valor: string, linhas = 1): void {
    const q = unidades(quantidade, 4);
    const v = unidades(valor, 2);
    const g = this.grupos.get(chave);
    if (!g) this.grupos.set(chave, { linhas, quantidade: q, valor: v });
    else {
      g.linhas += linhas;
      g.quantidade += q;
      g.valor += v;
    }
  }

  entradas(): [K, { linhas: number; quantidade: string; valor: string }][] {
    return [...this.grupos.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'pt-BR'))
      .map(([k, g]) => [
        k,
        {
          linhas: g.linhas,
          quantidade: Decimal.deUnidades(g.quantidade, 4).texto(),
          valor: Decimal.deUnidades(g.valor, 2).texto(),
        },
      ]);
  }
}

/** "12.5000" at scale 4 → 125000n; text at another scale goes through Decimal (exact either way). */
export function unidades(texto: string, escala: number): bigint {
  const ponto = texto.length - escala - 1;
  if (texto.charCodeAt(ponto) === 46 && texto.indexOf('.') === ponto)
    return BigInt(texto.slice(0, ponto) + texto.slice(ponto + 1));
  return Decimal.de(texto).arredondar(escala).unidades;
}

// small batches: rows kept across the writer's pauses outlive the young generation and pile up as old garbage
const LOTE = 1_000;

/**
 * Reads a query in batches through a cursor: one transaction, one snapshot (the totals match the rows),
 * rows as arrays (no per-row object), memory bounded by the batch. `porLote` may await (the file's writer).
 */
export async function lerEmLotes(
  db: Database,
  assinanteId: number,
  consulta: RawBuilder<unknown>,
  porLote: (linhas: unknown[][]) => Promise<void>,
): Promise<void> {
  const c = consulta.compile(db.kysely);
  await db.withTenantClient(
    assinanteId,
    async (client) => {
      await client.query(`declare relatorio_estoque_cur no scroll cursor for ${c.sql}`, [...c.parameters]);
      for (;;) {
        const { rows } = await client.query<unknown[]>({
          text: `fetch ${LOTE} from relatorio_estoque_cur`,
          rowMode: 'array',
        });
        if (rows.length) await porLote(rows);
        if (rows.length < LOTE) break;
      }
    },
    { statementTimeoutMs: db.settings.exportTimeoutMs },
  );
}
