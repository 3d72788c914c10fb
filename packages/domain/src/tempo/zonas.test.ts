import { describe, expect, it } from 'vitest';
import { dataBr, dataLocal, fimDoDia, hojeNaZona, instanteLocal, limitesDoDia, somarDias, zonaDaLoja } from './zonas';

describe('zonaDaLoja', () => {
  it.each([
    ['SP', null, 'America/Sao_Paulo'],
    ['SC', '4209102', 'America/Sao_Paulo'],
    ['DF', null, 'America/Sao_Paulo'],
    ['AM', '1302603', 'America/Manaus'],
    ['MT', null, 'America/Cuiaba'],
    ['MS', null, 'America/Campo_Grande'],
    ['AC', null, 'America/Rio_Branco'],
    ['AP', null, 'America/Belem'],
    ['MA', null, 'America/Fortaleza'],
    ['PE', '2611606', 'America/Recife'],
    ['PE', '2605459', 'America/Noronha'],
    ['ZZ', null, 'America/Sao_Paulo'],
    ['sp ', null, 'America/Sao_Paulo'],
  ])('%s (IBGE %s) → %s', (uf, codigoIbge, zona) => expect(zonaDaLoja({ uf, codigoIbge })).toBe(zona));
});

describe('store-local dates (no DST in Brazil since 2019)', () => {
  // 2026-01-15 02:30 UTC: still the 14th in Manaus (UTC−4) and Rio Branco (UTC−5), the 14th in São Paulo
  // (UTC−3, 23:30), already the 15th in Noronha (UTC−2, 00:30)
  const instante = new Date('2026-01-15T02:30:00Z');
  it.each([
    ['America/Sao_Paulo', '2026-01-14'],
    ['America/Manaus', '2026-01-14'],
    ['America/Rio_Branco', '2026-01-14'],
    ['America/Noronha', '2026-01-15'],
  ])('today in %s is %s', (zona, data) => {
    expect(hojeNaZona(zona, instante)).toBe(data);
    expect(dataLocal(instante, zona)).toBe(data);
  });

  it('a day is 24 hours in summer and winter alike (the old DST dates no longer shift)', () => {
    for (const data of ['2026-01-10', '2026-02-15', '2026-10-18', '2026-11-01']) {
      const { inicio, fimExclusivo } = limitesDoDia(data, 'America/Sao_Paulo');
      expect(fimExclusivo.getTime() - inicio.getTime()).toBe(24 * 3600_000);
      expect(inicio.toISOString()).toBe(`${data}T03:00:00.000Z`);
    }
  });

  it('the end of day is the last millisecond before the next local midnight', () => {
    expect(fimDoDia('2026-10-31', 'America/Manaus').toISOString()).toBe('2026-11-01T03:59:59.999Z');
    expect(fimDoDia('2026-12-31', 'America/Noronha').toISOString()).toBe('2027-01-01T01:59:59.999Z');
    expect(instanteLocal('2026-03-01', 'America/Cuiaba', 12).toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });

  it('still honours a past DST rule (2018: São Paulo was UTC−2 on 2018-12-01)', () => {
    expect(instanteLocal('2018-12-01', 'America/Sao_Paulo').toISOString()).toBe('2018-12-01T02:00:00.000Z');
  });

  it('adds days across months and formats dd/MM/yyyy', () => {
    expect(somarDias('2026-02-28', 1)).toBe('2026-03-01');
    expect(somarDias('2026-01-01', -1)).toBe('2025-12-31');
    expect(dataBr('2026-10-31')).toBe('31/10/2026');
  });
});
