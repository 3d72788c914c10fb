import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitoGtin, gtinComDigito, gtinValido, tipoGtin } from './gtin';

const corpo = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const corpoGtin = fc.oneof(corpo(7), corpo(11), corpo(12), corpo(13));

describe('GTIN (mod 10)', () => {
  it.each([
    ['96385074', 'EAN-8'], // GS1's EAN-8 example
    ['036000291452', 'UPC-12'], // GS1's UPC-A example
    ['7891000100103', 'EAN-13'], // a Brazilian retail EAN-13 (prefix 789)
    ['4006381333931', 'EAN-13'],
    ['2000000000015', 'EAN-13'], // the demo's restricted-circulation codes
    ['17891000100100', 'GTIN-14'], // the EAN-13 above in a case (indicator 1)
  ])('%s is a valid %s', (codigo, tipo) => {
    expect(tipoGtin(codigo)).toBe(tipo);
    expect(gtinValido(codigo)).toBe(true);
  });

  it.each(['7891000100104', '789100010010', '789100010010A', '', '123456789012345', ' 96385074', '9638507'])(
    '%j is refused',
    (codigo) => expect(gtinValido(codigo)).toBe(false),
  );

  it('computing then validating round-trips for every GTIN length', () => {
    fc.assert(
      fc.property(corpoGtin, (c) => {
        const codigo = gtinComDigito(c);
        expect(codigo).toHaveLength(c.length + 1);
        expect(gtinValido(codigo)).toBe(true);
        expect(digitoGtin(c)).toBe(Number(codigo.at(-1)));
      }),
    );
  });

  it('any single wrong digit is detected (weights 1 and 3 are prime to 10)', () => {
    fc.assert(
      fc.property(corpoGtin, fc.nat(), fc.integer({ min: 1, max: 9 }), (c, p, delta) => {
        const codigo = gtinComDigito(c);
        const i = p % codigo.length;
        const trocado = (Number(codigo[i]) + delta) % 10;
        const errado = `${codigo.slice(0, i)}${trocado}${codigo.slice(i + 1)}`;
        expect(gtinValido(errado)).toBe(false);
      }),
    );
  });

  it('a body that is not digits has no check digit', () => {
    expect(digitoGtin('78910001001A')).toBeNull();
    expect(digitoGtin('12345678901234')).toBeNull();
    expect(() => gtinComDigito('abc')).toThrow(RangeError);
  });
});
