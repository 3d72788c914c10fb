/** Bounded decimals (issue 26): every bound is checked on the text, so a huge value is refused at once. */
import { describe, expect, it } from 'vitest';
import { decimalTexto, LIMITES_DECIMAL, lerDecimalTexto } from './esquema';

const dinheiro = decimalTexto({ ...LIMITES_DECIMAL.dinheiro, positivo: true });
const quantidade = decimalTexto({ ...LIMITES_DECIMAL.quantidade, naoNegativo: true });
const erro = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('decimalTexto bounds', () => {
  it.each([
    ['9'.repeat(13), true],
    ['9'.repeat(14), false],
    [`000${'9'.repeat(13)}.50`, true],
    [`-${'9'.repeat(14)}`, false],
  ])('money %s within 13 integer digits: %s', (v, ok) => {
    expect(dinheiro.safeParse(v).success).toBe(ok);
  });

  it('quantities take at most 12 integer digits', () => {
    expect(quantidade.safeParse('9'.repeat(12)).success).toBe(true);
    expect(erro(quantidade.safeParse('9'.repeat(13)))).toBe('no máximo 12 dígitos antes da vírgula.');
  });

  it('refuses 2 000 000 digits in well under a second, with a Portuguese message', () => {
    const t0 = performance.now();
    expect(erro(dinheiro.safeParse('9'.repeat(2_000_000)))).toBe('no máximo 13 dígitos antes da vírgula.');
    expect(erro(dinheiro.safeParse(`1.${'0'.repeat(2_000_000)}1`))).toBe('informe um número decimal (ex.: 12.50).');
    expect(performance.now() - t0).toBeLessThan(100);
  });

  it('more than 30 places is a field error, never a RangeError', () => {
    expect(erro(dinheiro.safeParse(`1.${'1'.repeat(31)}`))).toBe('no máximo 2 casas decimais.');
    expect(erro(quantidade.safeParse(`1.${'0'.repeat(40)}1`))).toBe('no máximo 4 casas decimais.');
  });

  it('trailing zeros are dropped before reading (no scale past 30)', () => {
    expect(quantidade.parse(`1.5${'0'.repeat(35)}`)).toBe('1.5000');
    expect(lerDecimalTexto(`-007.50`, LIMITES_DECIMAL.dinheiro)).toEqual({ texto: '-7.5' });
  });

  it.each(['1e+300', 'NaN', 'Infinity', '', '1.', '.5', '0x10', '1_000'])('%s is not a decimal', (v) => {
    expect(erro(dinheiro.safeParse(v))).toBe('informe um número decimal (ex.: 12.50).');
  });

  it('a JSON number too big is refused too', () => {
    expect(dinheiro.safeParse(1e300).success).toBe(false);
    expect(dinheiro.parse(12.5)).toBe('12.50');
  });
});
