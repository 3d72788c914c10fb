/**
 * Money and quantities: exact decimal arithmetic on BigInt-scaled integers (value = unidades / 10^escala).
 * No float ever holds a value; the wire form is a decimal string ("1234.56"). decimal.js is in
 * node_modules only as a transitive dependency (jsdom, lighthouse), so the domain keeps its own ~150 lines.
 *
 * Rounding is explicit. The default is HALF_EVEN ("arredondamento de banqueiro"), the rule of
 * ABNT NBR 5891:1977 that Brazilian fiscal documents follow: it does not bias sums of many rounded
 * values upwards. HALF_UP (the schoolbook rule) is there for what a counterpart computes that way.
 */
export type ModoArredondamento = 'HALF_EVEN' | 'HALF_UP' | 'DOWN';

/** Scales of the product: money in cents, quantities to 4 places (kg to 0.1 g), unit costs to 6. */
export const ESCALA = { dinheiro: 2, quantidade: 4, custoUnitario: 6 } as const;

const TEXTO = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const pot = (n: number): bigint => 10n ** BigInt(n);

export class Decimal {
  private constructor(
    /** the value times 10^escala */
    readonly unidades: bigint,
    readonly escala: number,
  ) {}

  static deUnidades(unidades: bigint, escala: number): Decimal {
    if (!Number.isInteger(escala) || escala < 0 || escala > 30) throw new RangeError(`escala inválida: ${escala}`);
    return new Decimal(unidades, escala);
  }

  /** "1234.56", "-0.5", "+3", an integer number, or a Decimal. Fractional JS numbers are refused. */
  static de(valor: string | number | bigint | Decimal): Decimal {
    if (valor instanceof Decimal) return valor;
    if (typeof valor === 'bigint') return new Decimal(valor, 0);
    if (typeof valor === 'number') {
      if (!Number.isSafeInteger(valor)) throw new RangeError(`número não inteiro: use texto decimal (${valor})`);
      return new Decimal(BigInt(valor), 0);
    }
    const m = TEXTO.exec(valor.trim());
    if (!m) throw new RangeError(`decimal inválido: "${valor}"`);
    const frac = m[3] ?? '';
    const u = BigInt(m[2]! + frac);
    return Decimal.deUnidades(m[1] === '-' ? -u : u, frac.length);
  }

  /** Whether `texto` is a decimal string this class reads. */
  static valido(texto: string): boolean {
    return TEXTO.test(texto.trim());
  }

  /** The same value at a larger scale (exact). */
  private em(escala: number): bigint {
    return this.unidades * pot(escala - this.escala);
  }

  mais(o: Decimal | string): Decimal {
    const b = Decimal.de(o);
    const e = Math.max(this.escala, b.escala);
    return new Decimal(this.em(e) + b.em(e), e);
  }

  menos(o: Decimal | string): Decimal {
    return this.mais(Decimal.de(o).negativo());
  }

  /** Exact product (scales add up): round it with `arredondar` where the rule says. */
  vezes(o: Decimal | string): Decimal {
    const b = Decimal.de(o);
    return Decimal.deUnidades(this.unidades * b.unidades, this.escala + b.escala);
  }

  /** Quotient rounded to `escala` places. Division by zero throws. */
  divididoPor(o: Decimal | string, escala: number, modo: ModoArredondamento = 'HALF_EVEN'): Decimal {
    const b = Decimal.de(o);
    if (b.unidades === 0n) throw new RangeError('divisão por zero');
    // a/b at scale e: (ua * 10^(e + eb - ea)) / ub, computed on integers with the remainder kept
    const desloc = escala + b.escala - this.escala;
    const num = desloc >= 0 ? this.unidades * pot(desloc) : this.unidades;
    const den = desloc >= 0 ? b.unidades : b.unidades * pot(-desloc);
    return new Decimal(dividir(num, den, modo), escala);
  }

  /** The value at exactly `escala` places, rounded by `modo` when places are dropped. */
  arredondar(escala: number, modo: ModoArredondamento = 'HALF_EVEN'): Decimal {
    if (escala >= this.escala) return Decimal.deUnidades(this.em(escala), escala);
    return new Decimal(dividir(this.unidades, pot(this.escala - escala), modo), escala);
  }

  comparar(o: Decimal | string): -1 | 0 | 1 {
    const b = Decimal.de(o);
    const e = Math.max(this.escala, b.escala);
    const x = this.em(e);
    const y = b.em(e);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  igual(o: Decimal | string): boolean {
    return this.comparar(o) === 0;
  }

  sinal(): -1 | 0 | 1 {
    return this.unidades < 0n ? -1 : this.unidades > 0n ? 1 : 0;
  }

  ehZero(): boolean {
    return this.unidades === 0n;
  }

  negativo(): Decimal {
    return new Decimal(-this.unidades, this.escala);
  }

  abs(): Decimal {
    return this.unidades < 0n ? this.negativo() : this;
  }

  /** Number of places actually used (trailing zeros ignored): "1.2300" → 2. */
  casasUsadas(): number {
    let u = this.unidades < 0n ? -this.unidades : this.unidades;
    let e = this.escala;
    while (e > 0 && u % 10n === 0n) {
      u /= 10n;
      e--;
    }
    return e;
  }

  /** The wire form: "-1234.50" (at `escala` places, rounded HALF_EVEN, when given). */
  texto(escala?: number): string {
    const d = escala === undefined ? this : this.arredondar(escala);
    const neg = d.unidades < 0n;
    const digitos = (neg ? -d.unidades : d.unidades).toString().padStart(d.escala + 1, '0');
    const inteiro = digitos.slice(0, digitos.length - d.escala);
    const frac = d.escala ? `.${digitos.slice(digitos.length - d.escala)}` : '';
    return `${neg ? '-' : ''}${inteiro}${frac}`;
  }

  toString(): string {
    return this.texto();
  }

  toJSON(): string {
    return this.texto();
  }
}

/** Integer division of num by den (den ≠ 0) rounded by `modo`. */
function dividir(num: bigint, den: bigint, modo: ModoArredondamento): bigint {
  if (den < 0n) return dividir(-num, -den, modo);
  const q = num / den; // truncates towards zero
  const r = num % den;
  if (r === 0n || modo === 'DOWN') return q;
  const dobro = (r < 0n ? -r : r) * 2n;
  const passo = num < 0n ? -1n : 1n;
  if (dobro > den) return q + passo;
  if (dobro < den) return q;
  if (modo === 'HALF_UP') return q + passo;
  return q % 2n === 0n ? q : q + passo; // HALF_EVEN: a tie goes to the even neighbour
}

/** Shorthand: `dec('1.5')`. */
export const dec = (v: string | number | bigint | Decimal): Decimal => Decimal.de(v);

/** The exact sum of decimal strings or Decimals (zero for an empty list). */
export function somar(valores: Iterable<Decimal | string>): Decimal {
  let total = Decimal.deUnidades(0n, 0);
  for (const v of valores) total = total.mais(v);
  return total;
}

/** Money as its wire text with 2 places: dinheiro('10') → "10.00". */
export const dinheiro = (v: Decimal | string | number): string => Decimal.de(v).texto(ESCALA.dinheiro);
