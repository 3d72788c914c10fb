/** One display format for NCM codes (0000.00.00), from the plain or the dotted form. */
import { describe, expect, it } from 'vitest';
import { formatarNcm, normalizarNcm } from './codigos';

describe('formatarNcm / normalizarNcm', () => {
  it.each([
    ['33030020', '3303.00.20'],
    ['3303.00.20', '3303.00.20'],
    ['330300', '3303.00'],
    ['3303', '3303'],
    ['8473303', '8473.30.3'],
    ['01', '01'],
    ['abc', 'abc'],
  ])('%s → %s', (c, t) => expect(formatarNcm(c)).toBe(t));

  it('stores and searches digits only', () => {
    expect(normalizarNcm('3303.00.20')).toBe('33030020');
    expect(normalizarNcm(' 3303 00 20 ')).toBe('33030020');
    expect(normalizarNcm('águas')).toBe('águas');
  });
});
