/**
 * Número único de processo judicial (CNJ Resolução 65/2008): NNNNNNN-DD.AAAA.J.TR.OOOO,
 * 20 digits; DD = 98 − (NNNNNNN AAAA J TR OOOO 00 mod 97), i.e. the whole number, with DD
 * moved to the end, is ≡ 1 (mod 97) (ISO 7064 MOD 97-10).
 */

const MASCARA = /^(\d{7})-?(\d{2})\.?(\d{4})\.?(\d)\.?(\d{2})\.?(\d{4})$/;

/** mod 97 of a long digit string, in chunks (no BigInt needed, no float loss). */
function mod97(digitos: string): number {
  let resto = 0;
  for (let i = 0; i < digitos.length; i += 7) resto = Number(`${resto}${digitos.slice(i, i + 7)}`) % 97;
  return resto;
}

/** The two check digits for the 18 other digits (sequencial 7, ano 4, J 1, TR 2, origem 4). */
export function digitosCnj(
  sequencial: string,
  ano: string,
  segmento: string,
  tribunal: string,
  origem: string,
): string {
  return String(98 - mod97(`${sequencial}${ano}${segmento}${tribunal}${origem}00`)).padStart(2, '0');
}

/** Accepts the masked or the bare 20-digit number; answers the masked form, or undefined when invalid. */
export function normalizarCnj(numero: string): string | undefined {
  const s = numero.trim();
  const m =
    MASCARA.exec(s) ??
    MASCARA.exec(s.replace(/\D/g, '').replace(/^(\d{7})(\d{2})(\d{4})(\d)(\d{2})(\d{4})$/, '$1-$2.$3.$4.$5.$6'));
  if (!m) return undefined;
  const [, n, dd, aaaa, j, tr, oooo] = m as unknown as string[];
  if (j === '0') return undefined; // segment 1–9 (STF … Justiça Militar Estadual)
  if (digitosCnj(n!, aaaa!, j!, tr!, oooo!) !== dd) return undefined;
  return `${n}-${dd}.${aaaa}.${j}.${tr}.${oooo}`;
}

export function cnjValido(numero: string): boolean {
  return normalizarCnj(numero) !== undefined;
}

/**
 * The CNJ mask applied while typing: digits (with or without the separators) become
 * NNNNNNN-DD.AAAA.J.TR.OOOO as far as they go; any other text (an administrative process number
 * with letters or slashes) is left as typed.
 */
export function mascararCnj(texto: string): string {
  if (!/^[\d.\-\s]*$/.test(texto)) return texto;
  const d = texto.replace(/\D/g, '').slice(0, 20);
  const partes: [number, string][] = [
    [7, ''],
    [2, '-'],
    [4, '.'],
    [1, '.'],
    [2, '.'],
    [4, '.'],
  ];
  let out = '';
  let i = 0;
  for (const [n, sep] of partes) {
    if (i >= d.length) break;
    out += (i > 0 ? sep : '') + d.slice(i, i + n);
    i += n;
  }
  return out;
}
