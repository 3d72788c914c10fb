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

/** Typing fills from the right, as cash registers do: "123456" → 1234,56; signed only when allowed. */
export function centavosDoTexto(texto: string, permiteNegativo = false): number {
  const digitos = texto.replace(/\D/g, '').replace(/^0+/, '').slice(0, 15);
  const valor = digitos ? Number.parseInt(digitos, 10) : 0;
  return permiteNegativo && negativoDigitado(texto) ? -valor : valor;
}
