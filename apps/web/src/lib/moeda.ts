/** Brazilian currency (spec §5): 'R$ ', comma decimals, dot thousands, 2 decimals; values in integer cents. */
export function formatarMoeda(centavos: number): string {
  const negativo = centavos < 0;
  const abs = Math.abs(Math.trunc(centavos));
  const inteiro = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const dec = (abs % 100).toString().padStart(2, '0');
  return `${negativo ? '-' : ''}R$ ${inteiro},${dec}`;
}

/**
 * A "-" typed anywhere flips the sign: the caret is usually at the end ("R$ 10,50-"), and a second
 * "-" on "-R$ 10,50" makes it positive again (an odd count of dashes is negative).
 */
export function negativoDigitado(texto: string): boolean {
  return (texto.match(/-/g) ?? []).length % 2 === 1;
}

/**
 * An amount as people type it (pt-BR), to a decimal string of 2 places: "500" → "500.00" (R$ 500,00, not 5,00),
 * "5,5" → "5.50", "1.234,56" → "1234.56", "R$ 10" → "10.00"; a dot with 1–2 digits after it and no comma is
 * the decimal point ("5.5" → "5.50"), other dots group thousands. Empty → null; not an amount (or more than 13
 * integer digits) → undefined. Signed only when allowed (a "-" anywhere: negativoDigitado).
 */
export function moedaDigitada(texto: string, permiteNegativo = false): string | null | undefined {
  let t = texto.replace(/R\$/g, '').replace(/[\s\u00a0-]/g, '');
  if (!t) return null;
  if (!t.includes(',') && /^\d+\.\d{1,2}$/.test(t)) t = t.replace('.', ',');
  const m = /^(\d{1,3}(?:\.\d{3})+|\d+)?(?:,(\d{0,2}))?$/.exec(t);
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  const inteiro = (m[1] ?? '0').replace(/\./g, '').replace(/^0+(?=\d)/, '');
  if (inteiro.length > 13) return undefined;
  const valor = `${inteiro}.${(m[2] ?? '').padEnd(2, '0')}`;
  return permiteNegativo && negativoDigitado(texto) && valor !== '0.00' ? `-${valor}` : valor;
}

/** A decimal string ("-1500.5") as it is edited: "-1500,50" (no R$, no thousands dots); null or zero → "". */
export function moedaParaEdicao(valor: string | null | undefined): string {
  if (valor === null || valor === undefined || valor === '' || /^-?0*(\.0*)?$/.test(valor)) return '';
  const [inteiro = '0', dec = ''] = valor.split('.');
  return `${inteiro},${dec.padEnd(2, '0').slice(0, 2)}`;
}

/** Typed amount → integer cents ("500" → 50000, "5,5" → 550); null when empty, undefined when not an amount. */
export function centavosDoTexto(texto: string, permiteNegativo = false): number | null | undefined {
  const v = moedaDigitada(texto, permiteNegativo);
  return typeof v === 'string' ? Number(v.replace('.', '')) : v;
}
