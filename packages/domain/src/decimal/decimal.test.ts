import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, dec, dinheiro, somar } from './decimal';
import { decimalTexto } from './esquema';

/** An arbitrary decimal with up to 6 places and 15 integer digits. */
const arbDecimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 21n), max: 10n ** 21n }), fc.integer({ min: 0, max: 6 }))
  .map(([u, e]) => Decimal.deUnidades(u, e));

describe('Decimal: parse and format', () => {
  it.each([
    ['1234.56', '1234.56'],
    ['-0.5', '-0.5'],
    ['+3', '3'],
    ['007.10', '7.10'],
    ['0.000001', '0.000001'],
  ])('%s → %s', (entrada, saida) => expect(dec(entrada).texto()).toBe(saida));

  it.each(['', '1,5', '1.', '.5', '1e3', 'abc', '--1'])('refuses %j', (t) => expect(() => dec(t)).toThrow());

  it('refuses fractional JS numbers (binary floats never hold money)', () => {
    expect(() => dec(0.1)).toThrow();
    expect(dec(3).texto()).toBe('3');
  });

  it('format ∘ parse is the identity', () => {
    fc.assert(
      fc.property(arbDecimal, (d) => dec(d.texto()).unidades === d.unidades && dec(d.texto()).escala === d.escala),
    );
  });
});

describe('Decimal: arithmetic', () => {
  it('adds exactly where floats do not', () => {
    expect(dec('0.1').mais('0.2').texto()).toBe('0.3');
    expect(somar(['10.00', '0.01', '-5.005']).texto()).toBe('5.005');
    expect(somar([]).texto()).toBe('0');
  });

  it('addition is associative and commutative, subtraction undoes it', () => {
    fc.assert(
      fc.property(arbDecimal, arbDecimal, arbDecimal, (a, b, c) => {
        expect(
          a
            .mais(b)
            .mais(c)
            .igual(a.mais(b.mais(c))),
        ).toBe(true);
        expect(a.mais(b).igual(b.mais(a))).toBe(true);
        expect(a.mais(b).menos(b).igual(a)).toBe(true);
      }),
    );
  });

  it('multiplication is exact; division then multiplication is within half a unit of the last place', () => {
    expect(dec('1.5').vezes('2.25').texto()).toBe('3.375');
    fc.assert(
      fc.property(arbDecimal, arbDecimal, fc.integer({ min: 0, max: 8 }), (a, b, casas) => {
        fc.pre(!b.ehZero());
        const q = a.divididoPor(b, casas);
        // |q·b − a| ≤ |b| · 0.5 · 10^-casas
        const erro = q.vezes(b).menos(a).abs();
        const limite = b.abs().vezes(Decimal.deUnidades(5n, casas + 1));
        expect(erro.comparar(limite)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('rounds HALF_EVEN by default (ABNT NBR 5891), HALF_UP and DOWN on request', () => {
    const casos: [string, string, string, string][] = [
      // valor, HALF_EVEN, HALF_UP, DOWN at 2 places
      ['2.345', '2.34', '2.35', '2.34'],
      ['2.355', '2.36', '2.36', '2.35'],
      ['2.3451', '2.35', '2.35', '2.34'],
      ['-2.345', '-2.34', '-2.35', '-2.34'],
      ['-2.355', '-2.36', '-2.36', '-2.35'],
      ['0.005', '0.00', '0.01', '0.00'],
    ];
    for (const [v, even, up, down] of casos) {
      expect(dec(v).arredondar(2).texto(), v).toBe(even);
      expect(dec(v).arredondar(2, 'HALF_UP').texto(), v).toBe(up);
      expect(dec(v).arredondar(2, 'DOWN').texto(), v).toBe(down);
    }
    expect(dec('10').divididoPor('3', 2).texto()).toBe('3.33');
    expect(dec('-10').divididoPor('3', 2).texto()).toBe('-3.33');
    expect(dec('1').divididoPor('8', 2).texto()).toBe('0.12'); // 0.125 → even
    expect(dec('1').divididoPor('-8', 2, 'HALF_UP').texto()).toBe('-0.13');
    expect(() => dec('1').divididoPor('0', 2)).toThrow('divisão por zero');
  });

  it('compares across scales and formats money with 2 places', () => {
    expect(dec('1.50').comparar('1.5')).toBe(0);
    expect(dec('-1').comparar('0.0001')).toBe(-1);
    expect(dinheiro('10')).toBe('10.00');
    expect(dinheiro('10.005')).toBe('10.00');
    expect(dec('1.2300').casasUsadas()).toBe(2);
  });
});

describe('decimalTexto (contracts)', () => {
  const quantidade = decimalTexto({ casas: 3, positivo: true });
  it('normalises valid values to their places', () => {
    expect(quantidade.parse('2')).toBe('2.000');
    expect(quantidade.parse(2.5)).toBe('2.500');
    expect(quantidade.parse('1.2300')).toBe('1.230');
  });
  it.each([
    ['0', 'deve ser maior que zero.'],
    ['1.2345', 'no máximo 3 casas decimais.'],
    ['1,5', 'informe um número decimal (ex.: 12.50).'],
  ])('refuses %s', (v, msg) => {
    const r = quantidade.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(msg);
  });
});
