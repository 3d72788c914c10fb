/** Pure rules of the stock reports: which balances a 'situação do estoque' keeps. */
import type { SituacaoSaldo } from './contrato';

/**
 * `sinal` is the balance's sign (-1, 0, 1). ZERO keeps only items that had movements up to the date
 * (a key with no history then is not "zero stock", it did not exist yet): `movimentado`.
 */
export function mantemSaldo(situacao: SituacaoSaldo, sinal: -1 | 0 | 1, movimentado: boolean): boolean {
  switch (situacao) {
    case 'POSITIVO':
      return sinal > 0;
    case 'NEGATIVO':
      return sinal < 0;
    case 'ZERO':
      return sinal === 0 && movimentado;
    case 'AMBOS':
      return sinal !== 0;
    case 'TODOS':
      return sinal !== 0 || movimentado;
  }
}

/** The sign of a decimal string as PostgreSQL prints it ("-0.5000", "0.0000", "12.0000"). */
export function sinalDe(texto: string): -1 | 0 | 1 {
  if (/^-?0*(\.0*)?$/.test(texto)) return 0;
  return texto.startsWith('-') ? -1 : 1;
}
