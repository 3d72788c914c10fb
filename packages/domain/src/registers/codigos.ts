/** Check digits and formats of the Brazilian codes the registers store (domain.md §1.1). */
export const UF_IBGE: Record<string, string> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

/** GTIN check digits live with the other fiscal document codes. */
export { gtinComDigito, gtinValido } from '../documentos-fiscais/gtin';

/** Internal product code or barcode as the consulta endpoint receives it: left-padded to 14 digits. */
export function padCodigo14(codigo: string): string {
  return codigo.replace(/\D/g, '').padStart(14, '0');
}

/**
 * The one display format of NCM codes: 0000.00.00 (headings and partial codes cut at the same places:
 * "3303", "3303.00", "8473.30.3"); takes the plain or the dotted form. Anything not an NCM is kept.
 */
export function formatarNcm(ncm: string): string {
  const d = normalizarNcm(ncm);
  if (!/^\d{2,8}$/.test(d)) return ncm;
  return [d.slice(0, 4), d.slice(4, 6), d.slice(6)].filter(Boolean).join('.');
}

/** An NCM as stored and searched: digits only ("3303.00.20" → "33030020"). */
export function normalizarNcm(ncm: string): string {
  return /^[\d.\s-]+$/.test(ncm.trim()) ? ncm.replace(/\D/g, '') : ncm.trim();
}

/** CST ICMS ↔ CSOSN pairs that must agree in a situação fiscal (domain.md §3.4). */
export const CST_CSOSN_COMPATIVEIS: Record<string, readonly string[]> = {
  '00': ['101', '102'],
  '10': ['201', '202'],
  '20': ['101', '102'],
  '30': ['202', '203'],
  '40': ['103', '400'],
  '41': ['103', '400'],
  '50': ['103', '400'],
  '51': ['900'],
  '60': ['500'],
  '70': ['201', '202'],
  '90': ['900'],
};
