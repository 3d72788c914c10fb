/**
 * Pure rules of the stock statement: the running balance of its lines and the closing identity
 * saldoAnterior + Σentradas − Σsaídas = saldoFinal. The server computes the same in SQL
 * (apps/server/src/modules/estoque/extrato.consulta.ts); these are the reference its tests check.
 */
import { Decimal, ESCALA } from '../../decimal';

export interface MovimentoDoExtrato {
  /** store-local business date */
  data: string;
  /** posting order (the ledger's id): ties within one date */
  ordem: number;
  /** signed: entries positive, exits negative */
  quantidade: string;
}

export interface LinhaCalculada extends MovimentoDoExtrato {
  entrada: string;
  saida: string;
  saldoApos: string;
}

export interface ExtratoCalculado {
  saldoAnterior: string;
  linhas: LinhaCalculada[];
  entradas: string;
  saidas: string;
  saldoFinal: string;
}

const q = (d: Decimal) => d.texto(ESCALA.quantidade);

/** Statement order: business date, then posting order (a back-dated posting sorts by its date). */
export function ordemDoExtrato(a: MovimentoDoExtrato, b: MovimentoDoExtrato): number {
  return a.data < b.data ? -1 : a.data > b.data ? 1 : a.ordem - b.ordem;
}

/** The balance at the end of the day before `de`: every movement dated before it, whenever posted. */
export function saldoAnteriorA(movimentos: readonly MovimentoDoExtrato[], de: string): string {
  let s = Decimal.de('0');
  for (const m of movimentos) if (m.data < de) s = s.mais(m.quantidade);
  return q(s);
}

/**
 * The lines of a statement from its opening balance: running balance after each line in statement order.
 * `inicio` is the balance before the first given line (a page's first row: the opening balance plus the
 * lines of the earlier pages), so a page is computed the same as the whole.
 */
export function linhasComSaldo(inicio: string, movimentos: readonly MovimentoDoExtrato[]): LinhaCalculada[] {
  let saldo = Decimal.de(inicio);
  return [...movimentos].sort(ordemDoExtrato).map((m) => {
    const v = Decimal.de(m.quantidade);
    saldo = saldo.mais(v);
    return {
      ...m,
      entrada: q(v.sinal() > 0 ? v : Decimal.de('0')),
      saida: q(v.sinal() < 0 ? v.abs() : Decimal.de('0')),
      saldoApos: q(saldo),
    };
  });
}

/** The whole statement of [de, ate] from every movement of the key (any dates, any posting order). */
export function calcularExtrato(movimentos: readonly MovimentoDoExtrato[], de: string, ate: string): ExtratoCalculado {
  const saldoAnterior = saldoAnteriorA(movimentos, de);
  const linhas = linhasComSaldo(
    saldoAnterior,
    movimentos.filter((m) => m.data >= de && m.data <= ate),
  );
  let entradas = Decimal.de('0');
  let saidas = Decimal.de('0');
  for (const l of linhas) {
    entradas = entradas.mais(l.entrada);
    saidas = saidas.mais(l.saida);
  }
  return {
    saldoAnterior,
    linhas,
    entradas: q(entradas),
    saidas: q(saidas),
    saldoFinal: fecharSaldo(saldoAnterior, q(entradas), q(saidas)),
  };
}

/** saldoAnterior + entradas − saídas. */
export function fecharSaldo(saldoAnterior: string, entradas: string, saidas: string): string {
  return q(Decimal.de(saldoAnterior).mais(entradas).menos(saidas));
}
