/**
 * The faixa's gaps read from the numbering bitmaps (1 024 numbers a block) equal a plain walk over the used
 * numbers, for any set of numbers and range: runs of unused numbers before a used one, the run from an explicit
 * minimum too, never the numbers after the last used one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lacunasDosBlocos } from '../../src/modules/fiscal/nfce-faixa.consulta';

function blocosDe(usados: Set<number>): Map<number, string> {
  const m = new Map<number, string[]>();
  for (const n of usados) {
    const b = Math.floor(n / 1024);
    const bits = m.get(b) ?? Array<string>(1024).fill('0');
    bits[n % 1024] = '1';
    m.set(b, bits);
  }
  return new Map([...m].map(([b, bits]) => [b, bits.join('')]));
}

function ingenuo(usados: Set<number>, lo: number, hi: number, minimo: boolean) {
  const lacunas: [number, number][] = [];
  let livre: number | null = minimo ? lo : null;
  let conta = 0;
  for (let n = lo; n <= hi; n++) {
    if (usados.has(n)) {
      if (livre !== null && livre < n) lacunas.push([livre, n - 1]);
      livre = null;
      conta++;
    } else if (livre === null && (conta > 0 || minimo)) livre = n;
  }
  return { usados: conta, lacunas };
}

describe('faixa from the numbering bitmaps', () => {
  it('BV02-like: 118–119 used, 120–125 unused, 126–129 used, 130–131 gap, 132 used; nothing after the last', () => {
    const usados = new Set([118, 119, 126, 127, 128, 129, 132]);
    expect(lacunasDosBlocos(blocosDe(usados), 118, 140, false)).toEqual({
      usados: 7,
      lacunas: [
        [120, 125],
        [130, 131],
      ],
    });
    // an explicit minimum below the first used number: from it
    expect(lacunasDosBlocos(blocosDe(usados), 100, 140, true).lacunas[0]).toEqual([100, 117]);
  });

  it('a gap across whole empty blocks', () => {
    const r = lacunasDosBlocos(blocosDe(new Set([5, 5000])), 5, 5000, false);
    expect(r).toEqual({ usados: 2, lacunas: [[6, 4999]] });
  });

  it('equals a plain walk for any numbers and range', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 6000 }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 6000 }),
        fc.integer({ min: 0, max: 6000 }),
        fc.boolean(),
        (nums, a, largura, minimo) => {
          const usados = new Set(nums);
          const lo = a;
          const hi = Math.min(6000, a + largura);
          expect(lacunasDosBlocos(blocosDe(usados), lo, hi, minimo)).toEqual(ingenuo(usados, lo, hi, minimo));
        },
      ),
      { numRuns: 300 },
    );
  });
});
