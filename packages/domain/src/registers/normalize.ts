/**
 * One normaliser per field type: accepts what forms and integrations send (numbers as strings,
 * masked documents, ISO dates sliced to 19 chars) and answers the stored value or a pt-BR message.
 */
import { cnpjValido, cpfValido, normalizarCnpj, somenteDigitos } from '../documentos';
import { UFS } from '../assinante';
import { gtinValido } from './codigos';
import type { FieldDef } from './types';

export type Normalized = { ok: true; value: unknown } | { ok: false; message: string };
const ok = (value: unknown): Normalized => ({ ok: true, value });
const err = (message: string): Normalized => ({ ok: false, message });

const INT_MAX = 2_147_483_647;
// NUL and other C0 controls break PostgreSQL text and never come from a real form
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

function asString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

function text(f: FieldDef, v: unknown): Normalized {
  const s0 = asString(v);
  if (s0 === undefined) return err('Deve ser um texto.');
  if (CONTROL.test(s0)) return err('Contém caracteres inválidos.');
  let s = s0.trim();
  if (f.upper) s = s.toUpperCase();
  if (s === '') return ok(null);
  const max = f.maxLength ?? (f.type === 'longText' ? 2000 : 60);
  if ([...s].length > max) return err(`Deve ter no máximo ${max} caracteres.`);
  if (f.minLength && [...s].length < f.minLength) return err(`Deve ter no mínimo ${f.minLength} caracteres.`);
  if (f.pattern && !new RegExp(f.pattern.regex).test(s)) return err(f.pattern.message);
  return ok(s);
}

function integer(f: FieldDef, v: unknown): Normalized {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d{1,10}\s*$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n)) return err('Deve ser um número inteiro.');
  const min = f.min ?? (f.type === 'reference' || f.type === 'loja' ? 1 : -INT_MAX);
  const max = f.max ?? INT_MAX;
  if (n < min) return err(`Deve ser no mínimo ${min}.`);
  if (n > max) return err(`Deve ser no máximo ${max}.`);
  return ok(n);
}

/** Decimals travel as strings (never binary floats); a JSON number is accepted and kept as written. */
function decimal(f: FieldDef, v: unknown): Normalized {
  const s0 = asString(v);
  const scale = f.scale ?? 2;
  const precision = f.precision ?? 13;
  // length first: a value of 200 000 digits took 12 s in the trailing-zeros regex below (issue 26)
  if (s0 !== undefined && s0.length > precision + scale + 40)
    return /^\s*-?\d{20}/.test(s0) ? err('Valor grande demais.') : err('Deve ser um número decimal.');
  const s = s0?.trim().replace(',', '.');
  if (s === undefined || !/^-?\d+(\.\d+)?$/.test(s)) return err('Deve ser um número decimal.');
  const [int = '', frac = ''] = s.replace('-', '').split('.');
  if (int.replace(/^0+(?=\d)/, '').length > precision) return err('Valor grande demais.');
  if (frac.replace(/0+$/, '').length > scale) return err(`Deve ter no máximo ${scale} casas decimais.`);
  const n = Number(s);
  if (f.min !== undefined && n < f.min) return err(`Deve ser no mínimo ${f.min}.`);
  if (f.max !== undefined && n > f.max) return err(`Deve ser no máximo ${f.max}.`);
  return ok(s.startsWith('-') && Number(s) === 0 ? s.slice(1) : s);
}

function date(v: unknown, withTime: boolean): Normalized {
  if (typeof v !== 'string')
    return err(withTime ? 'Deve ser uma data e hora (AAAA-MM-DDTHH:mm:ss).' : 'Deve ser uma data (AAAA-MM-DD).');
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    v.trim(),
  );
  if (!m) return err(withTime ? 'Deve ser uma data e hora (AAAA-MM-DDTHH:mm:ss).' : 'Deve ser uma data (AAAA-MM-DD).');
  const [, y, mo, d, h, mi, se] = m;
  const dt = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (dt.getUTCMonth() !== Number(mo) - 1 || Number(y) < 1900 || Number(y) > 2999) return err('Data inválida.');
  // a register's date may be a birth date (before 2000); an impossible time never is (`T99:00`, issue 26)
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(se ?? 0) > 59)) return err('Hora inválida.');
  return ok(withTime ? v.trim() : `${y}-${mo}-${d}`);
}

function options(f: FieldDef, v: unknown): Normalized {
  const s = asString(v);
  const allowed = f.options?.map((o) => o.value) ?? [];
  if (s === undefined || !allowed.includes(s)) return err(`Valor inválido. Use um de: ${allowed.join(', ')}.`);
  return ok(s);
}

function list(v: unknown, each: (x: unknown) => Normalized): Normalized {
  if (!Array.isArray(v)) return err('Deve ser uma lista.');
  if (v.length > 1000) return err('Lista grande demais.');
  const out: unknown[] = [];
  for (const x of v) {
    const r = each(x);
    if (!r.ok) return r;
    if (!out.includes(r.value)) out.push(r.value);
  }
  return ok(out);
}

function digits(v: unknown, lengths: number[], message: string): Normalized {
  const s = asString(v);
  if (s === undefined) return err(message);
  const d = somenteDigitos(s);
  if (!lengths.includes(d.length) || /[^\d.\-/\s()+]/.test(s)) return err(message);
  return ok(d);
}

export function normalizeScalar(f: FieldDef, v: unknown): Normalized {
  switch (f.type) {
    case 'text':
    case 'longText':
      return text(f, v);
    case 'integer':
    case 'reference':
    case 'loja':
      // a code reference with its official list declared (origem 0–8) is one of those codes
      if (f.type === 'reference' && f.options?.length) return options(f, typeof v === 'number' ? String(v) : v);
      return f.type === 'reference' && f.ref && CODE_REFS.has(f.ref) ? text({ ...f, maxLength: 20 }, v) : integer(f, v);
    case 'decimal':
    case 'money':
    case 'percent':
    case 'quantity':
      return decimal(f, v);
    case 'date':
      return date(v, false);
    case 'datetime':
      return date(v, true);
    case 'boolean':
      if (typeof v === 'boolean') return ok(v);
      if (v === 'true' || v === 'false') return ok(v === 'true');
      return err('Deve ser verdadeiro ou falso.');
    case 'enum':
      return options(f, v);
    case 'multiEnum':
      return list(v, (x) => options(f, x));
    case 'multiReference':
    case 'lojas':
      return list(v, (x) => integer({ ...f, min: 1 }, x));
    case 'uf': {
      const s = asString(v)?.trim().toUpperCase();
      return s && (UFS as readonly string[]).includes(s) ? ok(s) : err('UF inválida.');
    }
    case 'cnpj': {
      const s = asString(v);
      return s && cnpjValido(s) ? ok(normalizarCnpj(s)) : err('CNPJ inválido.');
    }
    case 'cpf': {
      const s = asString(v);
      return s && /^[\d.\-\s]+$/.test(s) && cpfValido(s) ? ok(somenteDigitos(s)) : err('CPF inválido.');
    }
    case 'cpfCnpj': {
      const s = asString(v);
      if (s && /^[\d.\-\s]+$/.test(s) && somenteDigitos(s).length === 11)
        return cpfValido(s) ? ok(somenteDigitos(s)) : err('CPF inválido.');
      return s && cnpjValido(s) ? ok(normalizarCnpj(s)) : err('CPF ou CNPJ inválido.');
    }
    case 'cep':
      return digits(v, [8], 'CEP inválido: informe 8 dígitos.');
    case 'phone':
      return digits(v, [10, 11, 12, 13], 'Telefone inválido: informe DDD e número.');
    case 'email': {
      const s = asString(v)?.trim().toLowerCase();
      return s && s.length <= (f.maxLength ?? 120) && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)
        ? ok(s)
        : err('E-mail inválido.');
    }
    case 'color': {
      const s = asString(v)?.trim().toUpperCase();
      return s && /^#[0-9A-F]{6}$/.test(s) ? ok(s) : err('Cor inválida: use #RRGGBB.');
    }
    case 'ncm':
      return digits(v, [8], 'NCM inválido: informe 8 dígitos.');
    case 'cest':
      return digits(v, [7], 'CEST inválido: informe 7 dígitos.');
    case 'cfop':
      return digits(v, [4], 'CFOP inválido: informe 4 dígitos.');
    case 'ibge':
      return digits(v, [7], 'Código IBGE do município inválido: informe 7 dígitos.');
    case 'gtin': {
      const s = asString(v)?.trim();
      return s && gtinValido(s) ? ok(s) : err('Código de barras inválido: dígito verificador GTIN não confere.');
    }
    default:
      return err('Tipo de campo não suportado.');
  }
}

/** References to global tables keyed by a text code (not a serial id). */
export const CODE_REFS = new Set([
  'genero',
  'naturezaPisCofins',
  'cstIcms',
  'csosn',
  'cstPisCofins',
  'cstIpi',
  'origem',
  'banco',
]);

export function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}
