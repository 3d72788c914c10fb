/** Reconciliation suggestions, table-driven, and a property: every suggestion is exact, in the window, disjoint. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centavosDe, type ItemConciliavel, sugerirConciliacoes } from './sugestoes';

const i = (id: string, data: string, valor: string, numeroDocumento?: string): ItemConciliavel => ({
  id,
  data,
  centavos: centavosDe(valor),
  numeroDocumento: numeroDocumento ?? null,
});

describe('reconciliation suggestions', () => {
  it.each([
    {
      caso: '1:1 same cents and sign inside the window; outside it or another sign, nothing',
      linhas: [i('a', '2026-05-10', '-12.90'), i('b', '2026-05-10', '100.00'), i('c', '2026-05-10', '50.00')],
      lanc: [i('x', '2026-05-12', '-12.90'), i('y', '2026-05-20', '100.00'), i('z', '2026-05-10', '-50.00')],
      esperado: [{ linhas: ['a'], lancamentos: ['x'], tipo: '1:1' }],
    },
    {
      caso: 'the same document ranks above a nearer date',
      linhas: [i('a', '2026-05-10', '-830.45', '00123')],
      lanc: [i('x', '2026-05-10', '-830.45'), i('y', '2026-05-12', '-830.45', '123')],
      esperado: [{ linhas: ['a'], lancamentos: ['y'], mesmoDocumento: true }],
    },
    {
      caso: 'two identical fees meet two entries, one each',
      linhas: [i('a', '2026-05-10', '-12.90'), i('b', '2026-05-10', '-12.90')],
      lanc: [i('x', '2026-05-10', '-12.90'), i('y', '2026-05-11', '-12.90')],
      esperado: [
        { linhas: ['a'], lancamentos: ['x'] },
        { linhas: ['b'], lancamentos: ['y'] },
      ],
    },
    {
      caso: '1:N — a card settlement equal to three receipts',
      linhas: [i('a', '2026-05-15', '300.00')],
      lanc: [
        i('x', '2026-05-14', '100.00'),
        i('y', '2026-05-15', '120.00'),
        i('z', '2026-05-16', '80.00'),
        i('w', '2026-05-15', '7.00'),
      ],
      esperado: [{ linhas: ['a'], lancamentos: ['x', 'y', 'z'], tipo: '1:N' }],
    },
    {
      caso: 'N:1 — two deposits for one entry',
      linhas: [i('a', '2026-05-15', '60.00'), i('b', '2026-05-16', '40.00')],
      lanc: [i('x', '2026-05-15', '100.00')],
      esperado: [{ linhas: ['a', 'b'], lancamentos: ['x'], tipo: 'N:1' }],
    },
  ])('$caso', ({ linhas, lanc, esperado }) => {
    const s = sugerirConciliacoes(linhas, lanc, { janelaDias: 3 });
    expect(s).toHaveLength(esperado.length);
    esperado.forEach((e, k) => {
      expect(s[k]).toMatchObject(e);
    });
  });

  it('every suggestion is exact, inside the window and uses each item once', () => {
    const item = (p: string) =>
      fc.record({
        id: fc.uuid().map((u) => `${p}${u}`),
        data: fc.integer({ min: 1, max: 28 }).map((d) => `2026-05-${String(d).padStart(2, '0')}`),
        centavos: fc.constantFrom(-1290n, -5000n, 10000n, 4000n, 6000n, 2500n, -2500n),
      });
    fc.assert(
      fc.property(fc.array(item('l'), { maxLength: 25 }), fc.array(item('e'), { maxLength: 25 }), (ls, es) => {
        const s = sugerirConciliacoes(ls, es, { janelaDias: 3 });
        const vistos = new Set<string>();
        const dia = (d: string) => Number(d.slice(8));
        for (const g of s) {
          const L = g.linhas.map((id) => ls.find((x) => x.id === id)!);
          const E = g.lancamentos.map((id) => es.find((x) => x.id === id)!);
          expect(L.reduce((a, x) => a + x.centavos, 0n)).toBe(E.reduce((a, x) => a + x.centavos, 0n));
          for (const a of L) for (const b of E) expect(Math.abs(dia(a.data) - dia(b.data))).toBeLessThanOrEqual(3);
          for (const id of [...g.linhas, ...g.lancamentos]) {
            expect(vistos.has(id)).toBe(false);
            vistos.add(id);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
