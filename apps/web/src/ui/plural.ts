/** A count written out in Portuguese: "1 loja", "4 lojas", "1.234 produtos" (never "loja(s)"). */
export function contagem(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? singular : plural}`;
}
