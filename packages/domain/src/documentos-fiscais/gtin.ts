/**
 * GTIN check digits (GS1 General Specifications §7.9.1): EAN-8, UPC-A (GTIN-12), EAN-13 and GTIN-14 share
 * one mod-10 rule — weights 3,1,3,… from the right of the body (the digit left of the check digit weighs 3).
 * Weights 1 and 3 are prime to 10, so any single wrong digit changes the check digit.
 */
export type TipoGtin = 'EAN-8' | 'UPC-12' | 'EAN-13' | 'GTIN-14';

const TIPOS: Record<number, TipoGtin> = { 8: 'EAN-8', 12: 'UPC-12', 13: 'EAN-13', 14: 'GTIN-14' };

/** The check digit of a body of up to 13 digits (7, 11, 12 or 13 for the four GTINs); null for anything else. */
export function digitoGtin(corpo: string): number | null {
  if (!/^\d{1,13}$/.test(corpo)) return null;
  let soma = 0;
  for (let i = corpo.length - 1, peso = 3; i >= 0; i--, peso = 4 - peso) soma += (corpo.charCodeAt(i) - 48) * peso;
  return (10 - (soma % 10)) % 10;
}

/** The GTIN kind by length when the check digit agrees; null otherwise (letters, other lengths, wrong digit). */
export function tipoGtin(codigo: string): TipoGtin | null {
  const tipo = TIPOS[codigo.length];
  if (!tipo || !/^\d+$/.test(codigo)) return null;
  return digitoGtin(codigo.slice(0, -1)) === codigo.charCodeAt(codigo.length - 1) - 48 ? tipo : null;
}

/** GTIN-8/12/13/14 with a valid check digit. */
export function gtinValido(codigo: string): boolean {
  return tipoGtin(codigo) !== null;
}

/** Completes a body (7/11/12/13 digits for a GTIN) with its check digit (demo data, tests); throws on a non-digit body. */
export function gtinComDigito(corpo: string): string {
  const dv = digitoGtin(corpo);
  if (dv === null) throw new RangeError(`corpo de GTIN inválido: ${corpo}`);
  return `${corpo}${dv}`;
}
