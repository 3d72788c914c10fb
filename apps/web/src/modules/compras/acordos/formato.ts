/** How agreement values are typed and shown (pt-BR, never through binary floats). */
import { type AcordoComercial, formatarDecimal, formatarDinheiro } from '@retaguarda/domain';

/** "3,5" / "3.5" / "0,75" → "3.5" / "0.75" (up to 4 decimals); empty → null; not a number → undefined. */
export function decimalDigitado(texto: string): string | null | undefined {
  const t = texto.trim().replace(/\s/g, '');
  if (!t) return null;
  const m = /^(\d{1,13})(?:[.,](\d{0,4}))?$/.exec(t.includes(',') ? t.replace(/\./g, '') : t);
  if (!m) return undefined;
  return m[2] ? `${m[1]}.${m[2]}` : m[1]!;
}

/** A stored decimal as typed back ("3.5" → "3,5"). */
export const decimalParaEdicao = (v: string | null | undefined) => (v ? v.replace('.', ',') : '');

/** The agreement's value as people read it: "3 %", "R$ 0,75 / un", "R$ 5.000,00". */
export function valorDoAcordo(a: Pick<AcordoComercial, 'formaValor' | 'valor'>, valor = a.valor): string {
  if (a.formaValor === 'PERCENTUAL') return `${formatarDecimal(valor, 2).replace(/,00$/, '')} %`;
  if (a.formaValor === 'VALOR_POR_UNIDADE') return `${formatarDinheiro(valor)} / un`;
  return formatarDinheiro(valor);
}

/** "2026-03-01" → "03/2026". */
export const mesBr = (mes: string) => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;
