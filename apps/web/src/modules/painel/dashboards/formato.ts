/** pt-BR figures of the indicators: money, counts, quantities, percentages, and the trend's text. */
import { dataBr, formatarDecimal, formatarDinheiro } from '@retaguarda/domain';

export function valorFormatado(unidade: string, v: string | null | undefined): string {
  if (v === null || v === undefined) return '—';
  if (unidade === 'DINHEIRO') return formatarDinheiro(v);
  if (unidade === 'PERCENTUAL') return `${formatarDecimal(v, 2)} %`;
  if (unidade === 'NUMERO') return formatarDecimal(v, 0);
  return formatarDecimal(v, 2);
}

/** "+12,3 %" / "−4,0 %" / "—" */
export function variacaoFormatada(v: string | null): string {
  if (v === null) return '—';
  const n = formatarDecimal(v, 1);
  return `${v.startsWith('-') ? '' : '+'}${n} %`;
}

export const periodoBr = (p: { inicio: string; fim: string }) =>
  p.inicio === p.fim ? dataBr(p.inicio) : `${dataBr(p.inicio)} a ${dataBr(p.fim)}`;

/** A row's label: a day as dd/MM, anything else as it is. */
export const rotuloDaLinha = (linhas: string, rotulo: string) =>
  linhas === 'DIAS' && /^\d{4}-\d{2}-\d{2}$/.test(rotulo) ? dataBr(rotulo).slice(0, 5) : rotulo;
