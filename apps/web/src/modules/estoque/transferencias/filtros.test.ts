import { emitRsql } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { FILTRO_TRANSFERENCIAS, FILTRO_VAZIO, type FiltroTransferencias } from './filtros';

const q = (f: FiltroTransferencias) => emitRsql(FILTRO_TRANSFERENCIAS.rsql(f) || undefined) ?? '';

describe('filtro da lista de transferências', () => {
  it('sem filtro não pede q', () => {
    expect(q(FILTRO_VAZIO)).toBe('');
  });

  it('status, loja em qualquer ponta e período', () => {
    const f = { status: 'EM_TRANSITO' as const, lojaId: '7', de: '01/11/2026', ate: '30/11/2026' };
    expect(q(f)).toBe('status==EM_TRANSITO;(lojaOrigemId==7,lojaDestinoId==7);data=ge=2026-11-01;data=le=2026-11-30');
  });

  it('URL de ida e volta; status desconhecido e data inválida são ignorados', () => {
    const url = new URLSearchParams(
      FILTRO_TRANSFERENCIAS.paraUrl({ ...FILTRO_VAZIO, status: 'RECEBIDA', lojaId: '3' }),
    );
    expect(FILTRO_TRANSFERENCIAS.daUrl(url)).toEqual({ ...FILTRO_VAZIO, status: 'RECEBIDA', lojaId: '3' });
    expect(FILTRO_TRANSFERENCIAS.daUrl(new URLSearchParams('status=XYZ')).status).toBe('');
    expect(q({ ...FILTRO_VAZIO, de: '31/2' })).toBe('');
  });
});
