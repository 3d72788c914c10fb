/**
 * Pure formatting and masks of the field types (domain §1.1, spec §5). Decimals stay strings
 * end to end: formatting splits the digits, it never goes through a binary float.
 */
import { formatarCnpj, formatarCpf, formatarDecimal, formatarNcm } from '@retaguarda/domain';
import { negativoDigitado } from './moeda';

// shared with the server's reports
export { formatarData, formatarDecimal, formatarDinheiro } from '@retaguarda/domain';

/**
 * Typing fills from the right, as cash registers do: "123456" → "1234.56"; empty → null. Signed only
 * when the field allows it (`negativo`), a "-" typed anywhere flipping the sign (negativoDigitado).
 */
export function decimalDosDigitos(texto: string, escala: number, permiteNegativo = false): string | null {
  const negativo = permiteNegativo && negativoDigitado(texto);
  const digitos = texto
    .replace(/\D/g, '')
    .replace(/^0+/, '')
    .slice(0, 15 + escala);
  if (!digitos) return null;
  const todos = digitos.padStart(escala + 1, '0');
  const inteiro = todos.slice(0, todos.length - escala);
  const s = escala > 0 ? `${inteiro}.${todos.slice(todos.length - escala)}` : inteiro;
  return negativo ? `-${s}` : s;
}

/** "1.234,5" (as typed) → "1234.5"; empty → null; anything else is kept for the validator to refuse. */
export function decimalDoTexto(texto: string): string | null {
  const t = texto.trim().replace(/\s/g, '');
  if (!t) return null;
  if (/^-?[\d.]*,\d*$/.test(t)) return t.replace(/\./g, '').replace(',', '.').replace(/\.$/, '');
  return t;
}

/** ISO date-time → dd/MM/yyyy HH:mm in the browser's time zone. */
export function formatarDataHora(valor: unknown): string {
  if (typeof valor !== 'string') return '';
  const d = new Date(valor);
  if (Number.isNaN(d.getTime())) return valor;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Applies a mask where 9 = digit, A = letter or digit; stops when the value ends. */
export function aplicarMascara(valor: string, mascara: string): string {
  let out = '';
  let i = 0;
  for (const m of mascara) {
    if (i >= valor.length) break;
    if (m === '9' || m === 'A') out += valor[i++];
    else out += m;
  }
  return out;
}

const soDigitos = (s: string) => s.replace(/\D/g, '');
/** Alphanumeric CNPJ (July 2026): 12 letters or digits, then 2 check digits. */
export const limparCnpj = (s: string) => {
  const c = s.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return c.slice(0, 12) + soDigitos(c.slice(12)).slice(0, 2);
};

export interface Mascara {
  /** keeps what is stored (digits, or CNPJ characters). */
  limpar: (s: string) => string;
  formatar: (s: string) => string;
  placeholder: string;
}

const deDigitos = (max: number, mascara: string | ((d: string) => string), placeholder: string): Mascara => ({
  limpar: (s) => soDigitos(s).slice(0, max),
  formatar: (s) => (typeof mascara === 'string' ? aplicarMascara(soDigitos(s), mascara) : mascara(soDigitos(s))),
  placeholder,
});

const telefone = (d: string) =>
  d.length <= 10
    ? aplicarMascara(d, '(99) 9999-9999')
    : aplicarMascara(d, d.length === 11 ? '(99) 99999-9999' : '+99 (99) 99999-9999');

export const MASCARAS = {
  cnpj: {
    limpar: limparCnpj,
    formatar: (s: string) => aplicarMascara(limparCnpj(s), 'AA.AAA.AAA/AAAA-99'),
    placeholder: '00.000.000/0000-00',
  },
  cpf: deDigitos(11, '999.999.999-99', '000.000.000-00'),
  cpfCnpj: {
    limpar: (s: string) => (/[A-Za-z]/.test(s) || soDigitos(s).length > 11 ? limparCnpj(s) : soDigitos(s).slice(0, 11)),
    formatar: (s: string) =>
      /[A-Za-z]/.test(s) || s.replace(/[^0-9A-Za-z]/g, '').length > 11
        ? aplicarMascara(limparCnpj(s), 'AA.AAA.AAA/AAAA-99')
        : aplicarMascara(soDigitos(s), '999.999.999-99'),
    placeholder: 'CPF ou CNPJ',
  },
  cep: deDigitos(8, '99999-999', '00000-000'),
  phone: { ...deDigitos(13, telefone, '(00) 00000-0000'), limpar: (s: string) => soDigitos(s).slice(0, 13) },
  ncm: deDigitos(8, '9999.99.99', '0000.00.00'),
  cest: deDigitos(7, '99.999.99', '00.000.00'),
  cfop: deDigitos(4, '9.999', '0.000'),
  ibge: deDigitos(7, '9999999', '0000000'),
  gtin: deDigitos(14, '99999999999999', 'EAN/GTIN'),
} satisfies Record<string, Mascara>;

export type TipoMascarado = keyof typeof MASCARAS;

/** Display of a stored document/code value with its mask. */
export function formatarDocumento(tipo: TipoMascarado, valor: unknown): string {
  if (valor === null || valor === undefined || valor === '') return '';
  const s = String(valor);
  if (tipo === 'cnpj' || (tipo === 'cpfCnpj' && s.length === 14)) return formatarCnpj(s);
  if (tipo === 'cpf' || tipo === 'cpfCnpj') return formatarCpf(s);
  if (tipo === 'ncm') return formatarNcm(s);
  return MASCARAS[tipo].formatar(s);
}

/** Up to `escala` decimals, trailing zeros trimmed down to `minimo` (percentages: 1,65 and 0,6525). */
export function formatarDecimalCurto(valor: string | number | null | undefined, escala: number, minimo = 2): string {
  const f = formatarDecimal(valor, escala);
  const m = /^(.*,\d*?)(0*)$/.exec(f);
  if (!m || !f.includes(',')) return f;
  const [ini = '', dec = ''] = f.split(',');
  const corte = Math.max(minimo, dec.replace(/0+$/, '').length);
  return corte > 0 ? `${ini},${dec.slice(0, corte)}` : ini;
}
