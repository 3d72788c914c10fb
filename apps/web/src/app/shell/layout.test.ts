import { describe, expect, it } from 'vitest';
import { alturaCabecalho, menuRecolhidoPorPadrao } from './layout';

describe('layout (spec §9, §2.3)', () => {
  it.each([
    [1024, 46],
    [1025, 50],
    [1366, 50],
    [1367, 64],
  ])('header at %i px is %i', (w, h) => expect(alturaCabecalho(w)).toBe(h));
  it('is 0 in full screen and the menu collapses under 868 px', () => {
    expect(alturaCabecalho(1400, true)).toBe(0);
    expect(menuRecolhidoPorPadrao(867)).toBe(true);
    expect(menuRecolhidoPorPadrao(868)).toBe(false);
  });
});
