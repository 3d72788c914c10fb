import { afterEach, describe, expect, it } from 'vitest';
import { agora, fixarRelogio } from './relogio';
import { hojeNaZona, zonaDaLoja } from './zonas';

afterEach(() => fixarRelogio(null));

describe('the clock of business dates', () => {
  it('reads the system clock unless fixed', () => {
    const antes = Date.now();
    expect(agora().getTime()).toBeGreaterThanOrEqual(antes);
  });

  // 2026-11-21T03:30Z: 22:30 in Rio Branco and 23:30 in Manaus on the 20th; 00:30 in São Paulo and
  // 01:30 in Noronha on the 21st
  it.each([
    [{ uf: 'SP' }, '2026-11-21'],
    [{ uf: 'AM', codigoIbge: '1302603' }, '2026-11-20'],
    [{ uf: 'AC' }, '2026-11-20'],
    [{ uf: 'PE', codigoIbge: '2605459' }, '2026-11-21'],
  ])('a fixed clock gives each store its own today (%j → %s)', (loja, hoje) => {
    fixarRelogio('2026-11-21T03:30:00Z');
    expect(hojeNaZona(zonaDaLoja(loja))).toBe(hoje);
  });

  it('a fixed clock is not shared by reference', () => {
    fixarRelogio('2026-11-21T03:30:00Z');
    agora().setUTCFullYear(1999);
    expect(agora().toISOString()).toBe('2026-11-21T03:30:00.000Z');
  });
});
