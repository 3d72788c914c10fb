/**
 * Daily closing balances (README.md "Balances as of any date"), for any ledger's key columns:
 *  - `ctesSaldoDiario`: the CTEs a posting statement adds after its rows — a posting dated D upserts D's row
 *    (the previous closing + the posting's running sum up to D) and adds its delta to the key's later rows,
 *    so back-dated postings keep every date right;
 *  - `saldoNaData` / `saldoEm`: the balance at the end of a day, one indexed lookup (the last row on or
 *    before it).
 */
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../db/database';
import type { SaldoDiario } from './definicao';

const lista = (alias: string, cols: readonly string[]) => cols.map((c) => `${alias}.${c}`).join(', ');
const iguais = (a: string, b: string, cols: readonly string[]) =>
  cols.map((c) => `${a}.${c} = ${b}.${c}`).join(' and ');
const posicoes = (de: number, n: number) => Array.from({ length: n }, (_, i) => de + i).join(', ');

/** Columns of the daily-balance table that also keep the day's entries, exits and number of movements. */
export interface ResumoDoDia {
  entradas: string;
  saidas: string;
  movimentos: string;
}

/**
 * `<p>_agg, <p>_acum, <p>_ult, <p>_grava, <p>_depois as (…)` (no leading `with`, no trailing comma), reading the
 * CTE `fonte` (its key columns, `data` and the signed `valor`); `assinante` is the tenant expression the
 * statement already has (e.g. `(select a from eu)`); with `resumo` the same upsert adds the day's entries, exits
 * and count (`valor` > 0, < 0, rows) to those columns; `doUltimo` names columns of the row that the day's latest
 * posting sets (column → an aggregate over `fonte`, e.g. `{ custo_medio: 'max(custo_medio_apos)' }`): values that
 * follow posting order, so a later posting of the same key and day replaces them.
 */
export function ctesSaldoDiario(
  s: SaldoDiario,
  o: {
    fonte: string;
    valor: string;
    assinante: RawBuilder<number>;
    prefixo?: string;
    resumo?: ResumoDoDia;
    doUltimo?: Readonly<Record<string, string>>;
  },
): RawBuilder<unknown> {
  const p = o.prefixo ?? 'sd';
  const k = s.chaves;
  const n = k.length;
  const r = (x: string) => sql.raw(x);
  const [agg, acum, ult, grava, depois] = ['agg', 'acum', 'ult', 'grava', 'depois'].map((x) => r(`${p}_${x}`));
  const t = r(s.tabela);
  const v = o.valor;
  const rs = o.resumo;
  const ultimo = Object.entries(o.doUltimo ?? {});
  for (const c of [...(rs ? [rs.entradas, rs.saidas, rs.movimentos] : []), ...ultimo.map(([c]) => c)])
    if (!/^[a-z_][a-z0-9_]*$/.test(c)) throw new Error(`saldo diário ${s.tabela}: coluna inválida ${c}`);
  // the day's entries, exits and count, in the same row (a statement's totals read one row per day)
  const somas = rs ? `, sum(greatest(${v}, 0)) as e, sum(greatest(-${v}, 0)) as s, count(*)::int as n` : '';
  const colunasResumo = rs ? `, ${rs.entradas}, ${rs.saidas}, ${rs.movimentos}` : '';
  const valoresResumo = rs ? ', k.e, k.s, k.n' : '';
  const somaResumo = rs
    ? `, ${[rs.entradas, rs.saidas, rs.movimentos].map((c) => `${c} = sd.${c} + excluded.${c}`).join(', ')}`
    : '';
  const ultAgg = ultimo.map(([c, e]) => `, ${e} as u_${c}`).join('');
  const ultCols = ultimo.map(([c]) => `, ${c}`).join('');
  const ultVals = ultimo.map(([c]) => `, k.u_${c}`).join('');
  const ultSet = ultimo.map(([c]) => `, ${c} = excluded.${c}`).join('');
  const filtro = (x: string) => sql`${r(`${x}.assinante_id =`)} ${o.assinante} and ${r(iguais(x, 'k', k))}`;
  // `ult`: the key's last row before this statement (one backward probe). A posting on or after it (the usual
  // case) takes its closing as the previous one and has no later rows to move; only a back-dated posting
  // probes for the closing on or before its day and moves the later rows.
  return sql`
    ${agg} as (select ${r(k.join(', '))}, data, sum(${r(v)}) as d${r(somas)}${r(ultAgg)}
                 from ${r(o.fonte)} group by ${r(posicoes(1, n + 1))}),
    ${acum} as (select *, sum(d) over w as acum, lead(data) over w as ate from ${agg}
                 window w as (partition by ${r(k.join(', '))} order by data)),
    ${ult} as (select k.*, u.data as u_data, u.saldo as u_saldo from ${acum} k
                 left join lateral (select x.data, x.${r(s.saldo)} as saldo from ${t} x where ${filtro('x')}
                                     order by x.data desc limit 1) u on true),
    ${grava} as (
      insert into ${t} as sd (assinante_id, ${r(k.join(', '))}, data, ${r(s.dia)}, ${r(s.saldo)}${r(colunasResumo)}${r(ultCols)})
      select ${o.assinante}, ${r(lista('k', k))}, k.data, k.d,
        case when k.u_data is null then 0 when k.u_data <= k.data then k.u_saldo
             else coalesce((select x.${r(s.saldo)} from ${t} x where ${filtro('x')} and x.data <= k.data
                             order by x.data desc limit 1), 0) end + k.acum${r(valoresResumo)}${r(ultVals)}
      from ${ult} k order by ${r(posicoes(2, n + 1))}
      on conflict (assinante_id, ${r(k.join(', '))}, data) do update
        set ${r(s.dia)} = sd.${r(s.dia)} + excluded.${r(s.dia)}, ${r(s.saldo)} = excluded.${r(s.saldo)}${r(somaResumo)}${r(ultSet)}),
    ${depois} as (
      update ${t} sd set ${r(s.saldo)} = sd.${r(s.saldo)} + u.acum
        from (select x.ctid as linha, k.acum from ${ult} k
               cross join lateral (select x.ctid from ${t} x
                 where ${filtro('x')} and x.data > k.data and x.data < coalesce(k.ate, 'infinity') offset 0) x
               where k.u_data > k.data) u
       where sd.ctid = u.linha)`;
}

/** A key: each key column's value, or an SQL expression (a column of the outer query). */
export type ChaveDoSaldo = Readonly<Record<string, number | string | RawBuilder<unknown>>>;

/**
 * `(select saldo … limit 1)`: the key's closing balance on the last day with movements on or before
 * `data` (strictly before with `antes`: the opening balance of that day); null when none.
 */
export function saldoNaData(
  s: SaldoDiario,
  chave: ChaveDoSaldo,
  data: RawBuilder<unknown> | string,
  opcoes: { antes?: boolean } = {},
): RawBuilder<string | null> {
  const filtros = s.chaves.map((c) => {
    if (!(c in chave)) throw new Error(`saldo diário ${s.tabela}: falta a chave ${c}`);
    return sql`sdx.${sql.raw(c)} = ${chave[c]}`;
  });
  const ate = typeof data === 'string' ? sql`${data}::date` : data;
  return sql`(select sdx.${sql.raw(s.saldo)} from ${sql.raw(s.tabela)} sdx
     where ${sql.join(filtros, sql` and `)} and sdx.data ${sql.raw(opcoes.antes ? '<' : '<=')} ${ate}
     order by sdx.data desc limit 1)`;
}

/** The balance of one key at the end of `data` (text; '0' before its first movement). */
export async function saldoEm(trx: Tx, s: SaldoDiario, chave: ChaveDoSaldo, data: string): Promise<string> {
  const { rows } = await sql<{ saldo: string | null }>`select ${saldoNaData(s, chave, data)}::text as saldo`.execute(
    trx,
  );
  return rows[0]?.saldo ?? '0';
}
