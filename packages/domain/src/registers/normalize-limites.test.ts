/** The register engine's decimals and times are bounded on the text (issue 26). */
import { describe, expect, it } from 'vitest';
import { f } from './fields';
import { normalizeScalar } from './normalize';

describe('register normaliser bounds', () => {
  it('a decimal of 200 000 places is refused at once (the trailing-zeros regex took 12 s)', () => {
    const t0 = performance.now();
    expect(normalizeScalar(f.money('preco', 'Preço'), `1.${'0'.repeat(200_000)}1`)).toEqual({
      ok: false,
      message: 'Deve ser um número decimal.',
    });
    expect(normalizeScalar(f.quantity('q', 'Qtd'), '9'.repeat(200_000))).toEqual({
      ok: false,
      message: 'Valor grande demais.',
    });
    expect(performance.now() - t0).toBeLessThan(100);
  });

  it('an impossible time is refused', () => {
    expect(normalizeScalar(f.datetime('em', 'Em'), '2026-11-27T99:00')).toEqual({
      ok: false,
      message: 'Hora inválida.',
    });
    expect(normalizeScalar(f.datetime('em', 'Em'), '2026-11-27T23:59:00')).toEqual({
      ok: true,
      value: '2026-11-27T23:59:00',
    });
  });
});
