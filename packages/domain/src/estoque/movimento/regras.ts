/**
 * Pure rules of the stock ledger: the weighted average cost (domain §5: it changes only on entries that
 * carry a cost; exits leave at the current average) and the balance as of a date. The server computes
 * the same in SQL (apps/server/src/ledger); these are the reference its tests compare against.
 */
import { Decimal, ESCALA } from '../../decimal';

export interface Posicao {
  /** the store's quantity (all locations) */
  quantidade: string;
  custoMedio: string;
}

/**
 * The average after an entry of `quantidade` at `custo`: weighted with what is in stock; when the stock
 * is zero or negative the entry's cost becomes the average (a negative stock has no value to weigh).
 */
export function custoMedioAposEntrada(antes: Posicao, quantidade: string, custo: string): string {
  const q0 = Decimal.de(antes.quantidade);
  const q = Decimal.de(quantidade);
  if (q.sinal() <= 0) return Decimal.de(antes.custoMedio).texto(ESCALA.custoUnitario);
  if (q0.sinal() <= 0) return Decimal.de(custo).texto(ESCALA.custoUnitario);
  const valor = q0.vezes(antes.custoMedio).mais(q.vezes(custo));
  return valor.divididoPor(q0.mais(q), ESCALA.custoUnitario).texto(ESCALA.custoUnitario);
}

export interface MovimentoDatado {
  data: string;
  quantidade: string;
}

/** The balance at the end of `data`: the sum of the movements dated on or before it. */
export function saldoEm(movimentos: readonly MovimentoDatado[], data: string): string {
  let s = Decimal.de('0');
  for (const m of movimentos) if (m.data <= data) s = s.mais(m.quantidade);
  return s.texto(ESCALA.quantidade);
}
