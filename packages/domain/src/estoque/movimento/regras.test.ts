import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { custoMedioAposEntrada, saldoEm } from './regras';

describe('custo médio ponderado', () => {
  it.each([
    [{ quantidade: '10', custoMedio: '2' }, '10', '4', '3.000000'],
    [{ quantidade: '0', custoMedio: '2' }, '5', '4', '4.000000'],
    [{ quantidade: '-3', custoMedio: '2' }, '5', '4', '4.000000'],
    [{ quantidade: '3', custoMedio: '1' }, '0', '9', '1.000000'],
  ])('%o + %s a %s → %s', (antes, q, c, esperado) => {
    expect(custoMedioAposEntrada(antes, q, c)).toBe(esperado);
  });

  it('fica entre o custo anterior e o da entrada', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 99_999 }),
        fc.integer({ min: 0, max: 99_999 }),
        (q0, q, c0, c) => {
          const m = Number(
            custoMedioAposEntrada({ quantidade: String(q0), custoMedio: String(c0 / 100) }, String(q), String(c / 100)),
          );
          expect(m).toBeGreaterThanOrEqual(Math.min(c0, c) / 100 - 1e-6);
          expect(m).toBeLessThanOrEqual(Math.max(c0, c) / 100 + 1e-6);
        },
      ),
    );
  });
});

describe('saldo em uma data', () => {
  it('soma os movimentos até a data, em qualquer ordem', () => {
    const movs = [
      { data: '2026-01-03', quantidade: '-2' },
      { data: '2026-01-01', quantidade: '5' },
      { data: '2026-01-02', quantidade: '1.5' },
    ];
    expect(saldoEm(movs, '2025-12-31')).toBe('0.0000');
    expect(saldoEm(movs, '2026-01-02')).toBe('6.5000');
    expect(saldoEm(movs, '2026-01-03')).toBe('4.5000');
  });
});
