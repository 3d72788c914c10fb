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

/** Typing fills from the right, as cash registers do: "123456" → 1234,56. */
export function centavosDoTexto(texto: string): number {
  const digitos = texto.replace(/\D/g, '').replace(/^0+/, '').slice(0, 15);
  const valor = digitos ? Number.parseInt(digitos, 10) : 0;
  return texto.trim().startsWith('-') ? -valor : valor;
}
