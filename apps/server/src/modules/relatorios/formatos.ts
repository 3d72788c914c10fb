/**
 * Numbers in a report as the screens show them (#27.17): quantities with their unit's decimals, money with
 * 2, unit costs with 2 to 4 (the average keeps 6; nobody reads the last two); in XLSX the same figures as
 * numbers with the matching format, so the user sums and filters them.
 */
import { formatarDecimal } from '@retaguarda/domain';

/** The decimals a unit shows: its own when fractional, none otherwise (as the item grid validates). */
export const casasDaUnidade = (permiteFracionamento: boolean | null, casasDecimais: number | null): number =>
  permiteFracionamento ? Math.max(0, Math.min(6, casasDecimais ?? 0)) : 0;

/** '12.500000', 3 → '12,500'; '2.0000', 0 → '2'. */
export const textoQuantidade = (v: string | null | undefined, casas: number): string => formatarDecimal(v, casas);

/** A unit cost: '3.141593' → '3,1416'; '5.500000' → '5,50'. */
export function textoCusto(v: string | null | undefined): string {
  const t = formatarDecimal(v, 4);
  return t.replace(/(,\d\d)(\d*?)0+$/, '$1$2');
}

/** numFmt of a quantity with `casas` decimals: '#,##0', '#,##0.000'. */
export const formatoQuantidade = (casas: number): string => (casas > 0 ? `#,##0.${'0'.repeat(casas)}` : '#,##0');
export const FORMATO_DINHEIRO = '#,##0.00';
export const FORMATO_CUSTO = '#,##0.00##';
export const FORMATO_DATA = 'dd/mm/yyyy';

/** 'yyyy-MM-dd' → the Date a spreadsheet shows as that same day (a 'dd/mm/yyyy' cell). */
export function diaComoData(iso: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : iso;
}
