import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UF_IBGE } from '../registers/codigos';
import {
  chaveAcessoValida,
  digitoChaveAcesso,
  montarChaveAcesso,
  normalizarChaveAcesso,
  partesChaveAcesso,
} from './chave-acesso';

const digitos = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const partes = fc.record({
  cUF: fc.constantFrom(...Object.values(UF_IBGE)),
  aamm: fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }))
    .map(([a, m]) => `${String(a).padStart(2, '0')}${String(m).padStart(2, '0')}`),
  cnpj: fc
    .tuple(fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 12, maxLength: 12 }), digitos(2))
    .map(([raiz, dv]) => raiz + dv),
  modelo: fc.constantFrom('55', '65'),
  serie: fc.integer({ min: 0, max: 999 }),
  numero: fc.integer({ min: 1, max: 999_999_999 }),
  tpEmis: fc.integer({ min: 1, max: 9 }),
  cNF: digitos(8),
});

describe('chave de acesso (mod 11)', () => {
  it.each([
    // the demo keys (domain.md §11) and keys printed in public explanations of the layout
    ['41250541553872000164650010000123451847362512', 'PR', '65', 1, 12345, 1],
    ['52250527390615000128650020000043219192837467', 'GO', '65', 2, 4321, 9],
    ['13181017921427000125650010000000309887251170', 'AM', '65', 1, 30, 9],
    ['33150308370779000149550010001100931002410775', 'RJ', '55', 1, 110093, 1],
  ])('%s: %s modelo %s série %i nº %i tpEmis %i', (chave, uf, modelo, serie, numero, tpEmis) => {
    const p = partesChaveAcesso(chave);
    expect(p).toMatchObject({ uf, modelo, serie, numero, tpEmis, cnpj: chave.slice(6, 20), dv: Number(chave[43]) });
    expect(chaveAcessoValida(chave)).toBe(true);
  });

  it('reads the parts of the demo NFC-e', () => {
    expect(partesChaveAcesso('41250541553872000164650010000123451847362512')).toEqual({
      cUF: '41',
      uf: 'PR',
      aamm: '2505',
      ano: 2025,
      mes: 5,
      cnpj: '41553872000164',
      modelo: '65',
      serie: 1,
      numero: 12345,
      tpEmis: 1,
      cNF: '84736251',
      dv: 2,
    });
  });

  it('takes an alphanumeric CNPJ (each character as ASCII − 48), e.g. a CT-e key published with one', () => {
    const chave = '3526050X0J92JY000196570010000006041448679011';
    expect(partesChaveAcesso(chave)).toMatchObject({ uf: 'SP', cnpj: '0X0J92JY000196', modelo: '57' });
    const rfb = montarChaveAcesso({
      cUF: '41',
      aamm: '2607',
      cnpj: '12ABC34501DE35', // RFB's example CNPJ
      modelo: '55',
      serie: 1,
      numero: 1,
      tpEmis: 1,
      cNF: '12345678',
    });
    expect(chaveAcessoValida(rfb)).toBe(true);
  });

  it.each([
    ['41250541553872000164650010000123451847362513', 'wrong cDV'],
    ['4125054155387200016465001000012345184736251', '43 characters'],
    ['99250541553872000164650010000123451847362518', 'cUF 99 is no UF (cDV right)'],
    ['41251341553872000164650010000123451847362519', 'month 13 (cDV right)'],
    ['41250541553872000164650010000123451847362S12', 'a letter outside the CNPJ'],
    ['4125 0541 5538 7200 0164 6500 1000 0123 4518 4736 2512', 'printed groups, not normalised'],
  ])('%s is refused (%s)', (chave) => expect(chaveAcessoValida(chave)).toBe(false));

  it('normalises a chave printed in groups of four', () => {
    const impressa = '4125 0541 5538 7200 0164 6500 1000 0123 4518 4736 2512';
    expect(chaveAcessoValida(normalizarChaveAcesso(impressa))).toBe(true);
  });

  it('building then parsing round-trips', () => {
    fc.assert(
      fc.property(partes, (p) => {
        const chave = montarChaveAcesso(p);
        expect(chave).toHaveLength(44);
        expect(partesChaveAcesso(chave)).toMatchObject(p);
        expect(digitoChaveAcesso(chave.slice(0, 43))).toBe(Number(chave[43]));
      }),
    );
  });

  it('a single wrong digit is detected unless it moves the remainder between 0 and 1 (both give cDV 0)', () => {
    const resto = (corpo: string) => {
      let s = 0;
      for (let i = corpo.length - 1, w = 2; i >= 0; i--, w = w === 9 ? 2 : w + 1) s += (corpo.charCodeAt(i) - 48) * w;
      return s % 11;
    };
    fc.assert(
      fc.property(partes, fc.nat(), fc.integer({ min: 1, max: 9 }), (p, pos, delta) => {
        const chave = montarChaveAcesso(p);
        const digitosDaChave = [...chave].flatMap((c, k) => (/\d/.test(c) ? [k] : []));
        const i = digitosDaChave[pos % digitosDaChave.length]!;
        const errada = `${chave.slice(0, i)}${(Number(chave[i]) + delta) % 10}${chave.slice(i + 1)}`;
        const aceita = digitoChaveAcesso(errada.slice(0, 43)) === Number(errada[43]);
        const escapa = i < 43 && resto(chave.slice(0, 43)) + resto(errada.slice(0, 43)) === 1;
        expect(aceita).toBe(escapa);
      }),
    );
  });

  it('the known blind spots of mod 11: remainder 0 ↔ 1, and a digit swapped for the letter 11 above it', () => {
    // Both bodies share cDV 0; a reader must not assume mod 11 catches every typing error.
    const base = montarChaveAcesso({
      cUF: '35',
      aamm: '2607',
      cnpj: '6BC34501DE0035',
      modelo: '55',
      serie: 1,
      numero: 1,
      tpEmis: 1,
      cNF: '00000000',
    });
    const comLetra = `${base.slice(0, 6)}A${base.slice(7)}`; // '6' (6) → 'A' (17): Δ = 11
    expect(chaveAcessoValida(comLetra)).toBe(true);
  });
});
