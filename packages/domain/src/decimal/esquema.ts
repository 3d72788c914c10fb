/**
 * Zod schema of a decimal string on the wire ("12.5"), with its digit, place and sign rules. Every bound is
 * checked on the text, before any BigInt is built: a value of millions of digits costs nothing to refuse
 * (issue 26: one such value froze the tax simulator, and so the server, for seconds).
 */
import { z } from 'zod';
import { Decimal } from './decimal';

export interface RegrasDecimal {
  /** most places after the point (e.g. the unit's decimals for a quantity) */
  casas: number;
  /** most digits before the point (default: `LIMITES_DECIMAL.dinheiro.inteiros`) */
  inteiros?: number;
  /** greater than zero */
  positivo?: boolean;
  /** zero or more */
  naoNegativo?: boolean;
}

/**
 * The bounds of each kind of decimal, within the columns that keep them: money numeric(15,2), quantities
 * numeric(18,4), unit costs numeric(18,6); a percentage of a rate up to 100, an MVA up to 9999.
 */
export const LIMITES_DECIMAL = {
  dinheiro: { inteiros: 13, casas: 2 },
  quantidade: { inteiros: 12, casas: 4 },
  custoUnitario: { inteiros: 12, casas: 6 },
  percentual: { inteiros: 3, casas: 4 },
  mva: { inteiros: 4, casas: 4 },
} as const satisfies Record<string, Required<Pick<RegrasDecimal, 'casas' | 'inteiros'>>>;

/** Trailing zeros of the fraction are accepted ("1.500000"), up to this many characters in all. */
const FOLGA_DE_ZEROS = 30;
const TEXTO = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * The text within the rules, trailing zeros of the fraction dropped ("1.500" → "1.5"), or why it is not
 * (text only: no arithmetic, so a huge value costs no more than its length).
 */
export function lerDecimalTexto(
  texto: string,
  { casas, inteiros = LIMITES_DECIMAL.dinheiro.inteiros }: RegrasDecimal,
): { texto: string } | { falha: string } {
  const grande = { falha: `no máximo ${inteiros} dígitos antes da vírgula.` };
  if (texto.length > inteiros + casas + 2 + FOLGA_DE_ZEROS) return TEXTO_LONGO.test(texto) ? grande : INVALIDO;
  const m = TEXTO.exec(texto);
  if (!m) return INVALIDO;
  const inteiro = m[2]!.replace(/^0+(?=\d)/, '');
  if (inteiro.length > inteiros) return grande;
  const frac = m[3] ?? '';
  let fim = frac.length;
  while (fim > 0 && frac.charCodeAt(fim - 1) === 48) fim--;
  if (fim > casas) return { falha: `no máximo ${casas} casas decimais.` };
  return { texto: `${m[1] === '-' ? '-' : ''}${inteiro}${fim ? `.${frac.slice(0, fim)}` : ''}` };
}

const INVALIDO = { falha: 'informe um número decimal (ex.: 12.50).' };
/** a long text that starts like a number is "too big", anything else "not a number" (first characters only) */
const TEXTO_LONGO = /^[+-]?\d{20}/;

/**
 * A decimal string (numbers are accepted too, as integrations send `"quantidade": 2`; a fractional JSON
 * number is turned into text by JavaScript before we see it, so it is read from its shortest text form).
 */
export function decimalTexto(regras: RegrasDecimal) {
  const { casas, positivo, naoNegativo } = regras;
  return z.union([z.string(), z.number()]).transform((v, ctx) => {
    const texto = typeof v === 'number' ? String(v) : v.trim();
    const lido = lerDecimalTexto(texto, regras);
    if ('falha' in lido) {
      ctx.addIssue({ code: 'custom', message: lido.falha });
      return z.NEVER;
    }
    const d = Decimal.de(lido.texto);
    if (positivo && d.sinal() <= 0) {
      ctx.addIssue({ code: 'custom', message: 'deve ser maior que zero.' });
      return z.NEVER;
    }
    if (naoNegativo && d.sinal() < 0) {
      ctx.addIssue({ code: 'custom', message: 'não pode ser negativo.' });
      return z.NEVER;
    }
    return d.texto(casas);
  });
}
