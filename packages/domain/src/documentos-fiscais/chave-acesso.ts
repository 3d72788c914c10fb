/**
 * The 44-character chave de acesso of NF-e (mod 55) and NFC-e (mod 65) — MOC 7.0 §2.2.6.2: cUF(2) AAMM(4)
 * CNPJ/CPF of the issuer(14) mod(2) série(3) nNF(9) tpEmis(1) cNF(8) cDV(1). The cDV is mod 11 over the 43
 * characters with weights 2..9 repeated from the right; a remainder of 0 or 1 gives 0.
 * Alphanumeric CNPJ (IN RFB 2.229/2024, NT 2025.001, from July 2026): the CNPJ's 12 first positions may be
 * [0-9A-Z]; every character counts as its ASCII code − 48 in the cDV (digits keep their value).
 * An issuer with a CPF (rural producer) fills the 14 positions with 000 + CPF.
 */
import { UF_IBGE } from '../registers/codigos';

export interface PartesChaveAcesso {
  cUF: string;
  /** the UF's sigla for cUF (null when the code is no UF) */
  uf: string | null;
  /** AAMM as written, and as numbers (ano with 4 digits) */
  aamm: string;
  ano: number;
  mes: number;
  /** 14 characters: a CNPJ (numeric or alphanumeric) or 000 + CPF */
  cnpj: string;
  modelo: string;
  serie: number;
  numero: number;
  tpEmis: number;
  cNF: string;
  dv: number;
}

const SIGLA_POR_CUF = new Map(Object.entries(UF_IBGE).map(([sigla, codigo]) => [codigo, sigla]));
const CORPO = /^\d{6}[0-9A-Z]{12}\d{25}$/;

/** The cDV of a 43-character body (alphanumeric CNPJ included); null when the body is not a chave's body. */
export function digitoChaveAcesso(corpo: string): number | null {
  if (!CORPO.test(corpo)) return null;
  let soma = 0;
  for (let i = corpo.length - 1, peso = 2; i >= 0; i--, peso = peso === 9 ? 2 : peso + 1)
    soma += (corpo.charCodeAt(i) - 48) * peso;
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** Upper-cases and drops blanks, dots and dashes (a chave as printed on a DANFE: groups of four). */
export function normalizarChaveAcesso(valor: string): string {
  return valor.replace(/[\s.\-/]/g, '').toUpperCase();
}

/**
 * The parts of a chave whose cDV agrees, cUF is a UF and AAMM a month; null otherwise. The chave is read as
 * given (call `normalizarChaveAcesso` first for a printed one).
 */
export function partesChaveAcesso(chave: string): PartesChaveAcesso | null {
  if (chave.length !== 44) return null;
  const dv = digitoChaveAcesso(chave.slice(0, 43));
  if (dv === null || dv !== chave.charCodeAt(43) - 48) return null;
  const cUF = chave.slice(0, 2);
  const mes = Number(chave.slice(4, 6));
  const uf = SIGLA_POR_CUF.get(cUF) ?? null;
  if (!uf || mes < 1 || mes > 12) return null;
  return {
    cUF,
    uf,
    aamm: chave.slice(2, 6),
    ano: 2000 + Number(chave.slice(2, 4)),
    mes,
    cnpj: chave.slice(6, 20),
    modelo: chave.slice(20, 22),
    serie: Number(chave.slice(22, 25)),
    numero: Number(chave.slice(25, 34)),
    tpEmis: Number(chave.slice(34, 35)),
    cNF: chave.slice(35, 43),
    dv,
  };
}

/** A chave with a valid cDV, a UF's cUF and a month in AAMM. */
export function chaveAcessoValida(chave: string): boolean {
  return partesChaveAcesso(chave) !== null;
}

/** Builds a chave from its parts, computing the cDV; throws when a part does not fit its width. */
export function montarChaveAcesso(p: Omit<PartesChaveAcesso, 'uf' | 'ano' | 'mes' | 'dv'>): string {
  const n = (v: number, w: number) => {
    const s = String(v);
    if (!Number.isInteger(v) || v < 0 || s.length > w) throw new RangeError(`parte da chave fora da faixa: ${v}`);
    return s.padStart(w, '0');
  };
  const corpo = `${p.cUF}${p.aamm}${p.cnpj}${p.modelo}${n(p.serie, 3)}${n(p.numero, 9)}${n(p.tpEmis, 1)}${p.cNF}`;
  const dv = digitoChaveAcesso(corpo);
  if (dv === null || corpo.length !== 43) throw new RangeError(`partes da chave inválidas: ${corpo}`);
  return `${corpo}${dv}`;
}
