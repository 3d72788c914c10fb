/** Rules of the POS promotional messages (domain.md §4): 80 mm printers take 48 columns, at most 5 lines. */
export const COLUNAS_CUPOM = 48;
export const LINHAS_CUPOM = 5;

export function errosTextoCupom(texto: unknown): string[] {
  if (typeof texto !== 'string') return [];
  const linhas = texto.replace(/\r\n?/g, '\n').split('\n');
  if (linhas.length > LINHAS_CUPOM)
    return [`texto: no máximo ${LINHAS_CUPOM} linhas (a impressora do PDV imprime até ${LINHAS_CUPOM}).`];
  const longa = linhas.findIndex((l) => [...l].length > COLUNAS_CUPOM);
  if (longa >= 0) return [`texto: a linha ${longa + 1} passa de ${COLUNAS_CUPOM} colunas (impressora de 80 mm).`];
  return [];
}

/** The daily window: both ends or neither, start before end. */
export function errosHorario(inicio: unknown, fim: unknown): string[] {
  if (!inicio && !fim) return [];
  if (!inicio || !fim) return ['horaFim: informe o início e o fim do horário, ou nenhum dos dois.'];
  return String(fim) <= String(inicio) ? ['horaFim: o fim do horário deve ser depois do início.'] : [];
}
