import { describe, expect, it } from 'vitest';
import {
  ACOES_NFCE,
  dentroDoPrazoDeCancelamento,
  ehDuplicidade,
  podeAplicar,
  type AcaoNfce,
  statusDepois,
} from './transicoes';
import { STATUS_NFCE, type StatusNfce } from '../status-documento';

describe('NFC-e status transitions', () => {
  it.each<[AcaoNfce, StatusNfce, boolean]>([
    ['CANCELAR', 'AUTORIZADA', true],
    ['CANCELAR', 'REJEITADA', false],
    ['CANCELAR', 'CANCELADA', false],
    ['REENVIAR', 'CONTINGENCIA', true],
    ['REENVIAR', 'REJEITADA', true],
    ['REENVIAR', 'AUTORIZADA', false],
    ['CONSULTAR', 'CONTINGENCIA', true],
    ['CONSULTAR', 'INUTILIZADA', false],
    ['INUTILIZAR', 'REJEITADA', true],
    ['INUTILIZAR', 'AUTORIZADA', false],
    ['INUTILIZAR', 'CONTINGENCIA', false],
  ])('%s on %s → %s', (acao, status, ok) => expect(podeAplicar(acao, status)).toBe(ok));

  it.each<[AcaoNfce, StatusNfce, number, StatusNfce | null]>([
    ['REENVIAR', 'CONTINGENCIA', 100, 'AUTORIZADA'],
    ['REENVIAR', 'REJEITADA', 225, null],
    ['REENVIAR', 'CONTINGENCIA', 225, 'REJEITADA'],
    ['REENVIAR', 'CONTINGENCIA', 204, null],
    ['REENVIAR', 'CONTINGENCIA', 539, null],
    ['REENVIAR', 'CONTINGENCIA', 656, null],
    ['REENVIAR', 'CONTINGENCIA', 108, null],
    ['REENVIAR', 'CONTINGENCIA', 109, null],
    ['REENVIAR', 'PENDENTE', 302, 'DENEGADA'],
    ['CONSULTAR', 'CONTINGENCIA', 100, 'AUTORIZADA'],
    ['CONSULTAR', 'AUTORIZADA', 100, null],
    ['CONSULTAR', 'REJEITADA', 217, null],
    ['CONSULTAR', 'AUTORIZADA', 101, 'CANCELADA'],
    ['CANCELAR', 'AUTORIZADA', 135, 'CANCELADA'],
    ['CANCELAR', 'AUTORIZADA', 155, 'CANCELADA'],
    ['CANCELAR', 'AUTORIZADA', 501, null],
    ['CANCELAR', 'AUTORIZADA', 656, null],
    ['INUTILIZAR', 'REJEITADA', 102, 'INUTILIZADA'],
    ['INUTILIZAR', 'REJEITADA', 241, null],
  ])('%s on %s answered %i → %s', (acao, status, cStat, depois) =>
    expect(statusDepois(acao, status, cStat)).toBe(depois),
  );

  it('no answer ever moves a note to a status its action does not produce', () => {
    const produz: Record<AcaoNfce, (StatusNfce | null)[]> = {
      CONSULTAR: ['AUTORIZADA', 'CANCELADA', 'DENEGADA', null],
      REENVIAR: ['AUTORIZADA', 'REJEITADA', 'DENEGADA', null],
      CANCELAR: ['CANCELADA', null],
      INUTILIZAR: ['INUTILIZADA', null],
    };
    for (const acao of ACOES_NFCE)
      for (const status of STATUS_NFCE)
        for (let c = 100; c < 1000; c++) expect(produz[acao]).toContain(statusDepois(acao, status, c));
  });

  it('duplicidade is 204 and 539 only', () => {
    expect([204, 539].every(ehDuplicidade)).toBe(true);
    expect([100, 225, 656].some(ehDuplicidade)).toBe(false);
  });

  it('cancellation deadline counts minutes from the authorisation', () => {
    const aut = new Date('2026-11-20T10:00:00Z');
    expect(dentroDoPrazoDeCancelamento(aut, new Date('2026-11-20T10:30:00Z'), 30)).toBe(true);
    expect(dentroDoPrazoDeCancelamento(aut, new Date('2026-11-20T10:30:01Z'), 30)).toBe(false);
    expect(dentroDoPrazoDeCancelamento(null, aut, 30)).toBe(false);
  });
});
