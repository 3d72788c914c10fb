/**
 * A ledger declared once (README.md): the key space its postings lock (stock: the store), its daily closing
 * balances and its closed periods. The kit builds from it the daily-balance upsert of the posting statement
 * (`saldo-dia.ts`), the "balance as of" read, and the locks and closed-period refusal every posting goes
 * through (`periodo.ts`). Stock is the first (`modules/estoque/razao.ts`); bank entries and receipts follow.
 */
import type { Tx } from '../db/database';

/** The daily closing balances of a ledger: one row per key and day with movements. */
export interface SaldoDiario {
  /** e.g. saldo_estoque_dia */
  tabela: string;
  /** the key columns after assinante_id (without `data`), e.g. loja_id, local_id, produto_id */
  chaves: readonly string[];
  /** the day's net movement column */
  dia: string;
  /** the closing balance column */
  saldo: string;
}

/** Closed periods: a scope (a store) is closed up to a date; postings on or before it are refused. */
export interface Periodo {
  /** the advisory key of a scope's closing: postings hold it shared, the closing command exclusive */
  chave: (escopo: number) => string;
  /** the table with each scope's closing date, e.g. fechamento_estoque (loja_id, fechado_ate) */
  tabela: string;
  colunaEscopo: string;
  colunaData: string;
  /** the area's refusal of a date on or before `fechadoAte` (thrown by the posting) */
  recusa: (trx: Tx, escopo: number, fechadoAte: string, campo: string) => Promise<Error>;
}

export interface Ledger {
  nome: string;
  /** the advisory key of a scope's balances: every posting takes it (and commands that read then post) */
  chaveDoEscopo: (escopo: number) => string;
  saldoDiario: SaldoDiario;
  periodo?: Periodo;
}

const IDENTIFICADOR = /^[a-z_][a-z0-9_]*$/;

/** Checks the identifiers once (they are written into SQL as they are). */
export function defineLedger<L extends Ledger>(l: L): L {
  const s = l.saldoDiario;
  const nomes = [s.tabela, ...s.chaves, s.dia, s.saldo];
  if (l.periodo) nomes.push(l.periodo.tabela, l.periodo.colunaEscopo, l.periodo.colunaData);
  for (const n of nomes) if (!IDENTIFICADOR.test(n)) throw new Error(`ledger ${l.nome}: identificador inválido ${n}`);
  if (!s.chaves.length) throw new Error(`ledger ${l.nome}: saldo diário sem chave`);
  return l;
}
