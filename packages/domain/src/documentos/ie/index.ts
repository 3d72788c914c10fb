/**
 * Inscrição estadual: the number is checked by the rule of the UF it was issued in (regras-uf.ts);
 * "ISENTO" is the answer of non-contributors (NF-e indIEDest 2). Punctuation is accepted and dropped.
 */
import { REGRAS_IE } from './regras-uf';

export const ISENTO = 'ISENTO';

/** Digits only (SP rural keeps its leading P), upper-case: the form it is stored in. */
export function normalizarIe(valor: string): string {
  const v = valor.trim().toUpperCase();
  if (v === ISENTO) return v;
  return v.replace(/[^0-9P]/g, '');
}

export function ieValida(uf: string, valor: string): boolean {
  const ie = normalizarIe(valor);
  if (ie === ISENTO) return true;
  const regra = REGRAS_IE[uf.toUpperCase()];
  return !!regra && regra(ie);
}

/** The field error's message (pt-BR), or undefined when the IE is right for the UF. */
export function erroInscricaoEstadual(uf: string | null | undefined, valor: string | null | undefined) {
  if (!valor) return undefined;
  if (normalizarIe(valor) === ISENTO) return undefined;
  if (!uf) return 'informe a UF para validar a inscrição estadual.';
  if (!REGRAS_IE[uf.toUpperCase()]) return `UF ${uf} desconhecida.`;
  return ieValida(uf, valor)
    ? undefined
    : `inscrição estadual inválida para a UF ${uf.toUpperCase()} (dígito verificador ou tamanho não confere). Para não contribuinte, informe ISENTO.`;
}
