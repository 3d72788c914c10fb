/**
 * The one reader of dates typed dd/MM/yyyy (spec §5: dates shown and typed that way). Strict: a real
 * calendar date only (31/02 and 29/02 of a common year are refused), day and month of one or two digits,
 * "/" as the only separator. The year has four digits, or two meaning 20yy (00 → 2000, 99 → 2099): the
 * system holds nothing before 2000 (architecture §7.11), so a two-digit year is never of the 1900s.
 */
const DATA_BR = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/;

/** 'dd/MM/yyyy' (or d/M/yy) → 'YYYY-MM-DD'; null when it is not a real date in that format. */
export function lerDataBr(texto: string): string | null {
  const m = DATA_BR.exec(texto.trim());
  if (!m) return null;
  const ano = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const mes = Number(m[2]);
  const dia = Number(m[1]);
  if (ano < 1 || mes < 1 || mes > 12 || dia < 1) return null;
  const d = new Date(Date.UTC(2000, mes - 1, dia));
  d.setUTCFullYear(ano);
  if (d.getUTCMonth() !== mes - 1 || d.getUTCDate() !== dia) return null;
  return `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}
