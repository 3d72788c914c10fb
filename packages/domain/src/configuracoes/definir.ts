/**
 * Settings kit (issue #25.6): a tenant or store parameter is declared once — key, area, scope, type, default,
 * permission, pt-BR label and help, bounds — and from the declaration come the API's validation, the list the
 * settings screen renders and the typed server read (`lerParametro`). One list of declarations per area.
 */
import { z } from 'zod';
import { Decimal, decimalTexto } from '../decimal';
import type { PermissionCode } from '../permissions';

/** `assinante`: one value for the whole tenant; `loja`: a tenant value every store inherits, and per-store overrides. */
export type EscopoParametro = 'assinante' | 'loja';
export type TipoParametro = 'booleano' | 'inteiro' | 'decimal' | 'texto' | 'lista' | 'minutos' | 'horas';

/** The value of each type as stored and sent: decimals as text (never binary floats). */
export interface ValorDoTipo {
  booleano: boolean;
  inteiro: number;
  decimal: string;
  texto: string;
  lista: string;
  minutos: number;
  horas: number;
}

export interface LimitesParametro {
  /** inteiro, minutos, horas, decimal: the smallest accepted value */
  min?: number;
  /** inteiro, minutos, horas, decimal: the largest accepted value */
  max?: number;
  /** decimal: places after the point (default 2) */
  casas?: number;
  /** texto: most characters (default 200) */
  tamanho?: number;
}

export interface PermissaoParametro {
  /** any of these lets a user read the parameter (empty: every signed-in user) */
  ler: readonly PermissionCode[];
  /** the permission that changes it, or 'administrador' */
  alterar: PermissionCode | 'administrador';
}

export interface DeclaracaoParametro<T extends TipoParametro = TipoParametro, C extends string = string> {
  /** `<area>.<nome>`: the key in the API, the table and the audit */
  chave: C;
  area: string;
  escopo: EscopoParametro;
  tipo: T;
  padrao: ValorDoTipo[T];
  permissao: PermissaoParametro;
  rotulo: string;
  ajuda: string;
  limites?: LimitesParametro;
  /** tipo lista: the accepted values and their labels */
  opcoes?: readonly { valor: string; rotulo: string }[];
  /** a web route guard flag (`especial.featureFlag`) this boolean drives; readable by every signed-in user */
  flag?: string;
}

export type QualquerParametro = { [T in TipoParametro]: DeclaracaoParametro<T> }[TipoParametro];

const CHAVE = /^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/;

/** Declares a parameter; a declaration that contradicts itself fails at load (and so in the domain tests). */
export function defineSetting<const C extends string, T extends TipoParametro>(
  d: DeclaracaoParametro<T, C>,
): DeclaracaoParametro<T, C> {
  if (!CHAVE.test(d.chave) || !d.chave.startsWith(`${d.area}.`)) {
    throw new Error(`parâmetro ${d.chave}: a chave é <area>.<nome> da área ${d.area}`);
  }
  if (d.flag && d.tipo !== 'booleano') throw new Error(`parâmetro ${d.chave}: só um booleano liga uma flag`);
  if (d.tipo === 'lista' && !d.opcoes?.length) throw new Error(`parâmetro ${d.chave}: lista sem opções`);
  const padrao = esquemaDoValor(d as unknown as QualquerParametro).safeParse(d.padrao);
  if (!padrao.success) throw new Error(`parâmetro ${d.chave}: padrão fora da declaração (${padrao.error.message})`);
  return d;
}

const UNIDADE: Partial<Record<TipoParametro, [string, string]>> = {
  minutos: ['minuto', 'minutos'],
  horas: ['hora', 'horas'],
};

function faixa(tipo: TipoParametro, l: LimitesParametro | undefined): string {
  const u = UNIDADE[tipo];
  const n = (v: number) => (u ? `${v} ${v === 1 ? u[0] : u[1]}` : String(v));
  if (l?.min !== undefined && l.max !== undefined) return ` entre ${n(l.min)} e ${n(l.max)}`;
  if (l?.min !== undefined) return ` a partir de ${n(l.min)}`;
  if (l?.max !== undefined) return ` até ${n(l.max)}`;
  return '';
}

/** The zod schema of a parameter's value, with its messages in Portuguese. */
export function esquemaDoValor(d: QualquerParametro): z.ZodType<ValorDoTipo[TipoParametro], unknown> {
  const l = d.limites;
  switch (d.tipo) {
    case 'booleano':
      return z.boolean({ error: 'informe verdadeiro ou falso.' });
    case 'inteiro':
    case 'minutos':
    case 'horas': {
      const msg = `informe um número inteiro${d.tipo === 'inteiro' ? '' : ` de ${d.tipo}`}${faixa(d.tipo, l)}.`;
      return z
        .number({ error: msg })
        .int({ error: msg })
        .min(l?.min ?? 0, { error: msg })
        .max(l?.max ?? 2_147_483_647, { error: msg });
    }
    case 'decimal': {
      const casas = l?.casas ?? 2;
      const msg = `informe um número${faixa(d.tipo, l)}, com até ${casas} casas decimais.`;
      return decimalTexto({ casas, inteiros: 12 }).refine(
        (t) =>
          (l?.min === undefined || Decimal.de(t).comparar(String(l.min)) >= 0) &&
          (l?.max === undefined || Decimal.de(t).comparar(String(l.max)) <= 0),
        { error: msg },
      );
    }
    case 'texto': {
      const tamanho = l?.tamanho ?? 200;
      return z.string({ error: 'informe um texto.' }).max(tamanho, { error: `no máximo ${tamanho} caracteres.` });
    }
    case 'lista': {
      const opcoes = (d.opcoes ?? []).map((o) => o.valor);
      const msg = `escolha uma das opções: ${(d.opcoes ?? []).map((o) => o.rotulo).join(', ')}.`;
      return z.string({ error: msg }).refine((v) => opcoes.includes(v), { error: msg });
    }
  }
}

/** A declaration's value, read back from storage; a stored value the declaration no longer accepts reads as the default. */
export function valorOuPadrao<T extends TipoParametro>(d: DeclaracaoParametro<T>, bruto: unknown): ValorDoTipo[T] {
  if (bruto === undefined || bruto === null) return d.padrao;
  const r = esquemaDoValor(d as unknown as QualquerParametro).safeParse(bruto);
  return r.success ? (r.data as ValorDoTipo[T]) : d.padrao;
}
