/** How the statement shows its figures (screen and report alike): pt-BR, quantities without idle zeros. */
import { formatarDecimal, formatarDinheiro } from '../../formato';

/** "10.0000" → "10", "1.5000" → "1,5", "-1234.2500" → "-1.234,25". */
export function quantidadeExtrato(v: string): string {
  const t = formatarDecimal(v, 4);
  return t.includes(',') ? t.replace(/0+$/, '').replace(/,$/, '') : t;
}

/** Unit costs in reais with the cents (the average keeps 6 places; the statement shows 2). */
export const custoExtrato = (v: string): string => formatarDinheiro(v);
