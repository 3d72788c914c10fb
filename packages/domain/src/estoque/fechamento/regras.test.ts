import { describe, expect, it } from 'vitest';
import { periodoFechado, recusaDaReabertura, recusaDoFechamento } from './regras';

describe('stock period closing rules', () => {
  it.each([
    [null, '2026-01-01', false],
    ['2026-10-31', '2026-10-31', true],
    ['2026-10-31', '2026-10-30', true],
    ['2026-10-31', '2026-11-01', false],
  ])('fechado até %s, movimento em %s → fechado %s', (ate, data, fechado) =>
    expect(periodoFechado(ate, data)).toBe(fechado),
  );

  it('closing goes forward, never past today', () => {
    expect(recusaDoFechamento('BV01', null, '2026-10-31', '2026-11-24')).toBeUndefined();
    expect(recusaDoFechamento('BV01', '2026-09-30', '2026-10-31', '2026-11-24')).toBeUndefined();
    expect(recusaDoFechamento('BV01', null, '2026-11-24', '2026-11-24')).toBeUndefined();
    expect(recusaDoFechamento('BV01', null, '2026-11-25', '2026-11-24')).toMatchObject({
      status: 422,
      falha: { campo: 'fechadoAte', mensagem: 'não é possível fechar uma data posterior a hoje (24/11/2026).' },
    });
    expect(recusaDoFechamento('BV01', '2026-10-31', '2026-10-31', '2026-11-24')).toMatchObject({ status: 409 });
    expect(recusaDoFechamento('BV01', '2026-10-31', '2026-09-30', '2026-11-24')).toMatchObject({ status: 409 });
  });

  it('reopening goes back or clears, only when closed', () => {
    expect(recusaDaReabertura('BV01', '2026-10-31', '2026-09-30')).toBeUndefined();
    expect(recusaDaReabertura('BV01', '2026-10-31', null)).toBeUndefined();
    expect(recusaDaReabertura('BV01', null, null)).toMatchObject({ status: 409 });
    expect(recusaDaReabertura('BV01', '2026-10-31', '2026-10-31')).toMatchObject({ status: 422 });
  });
});
