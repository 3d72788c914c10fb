import { registerByKey } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { padraoDaUrl, secoesDoCenarioNcm } from './secoes';

const def = registerByKey('cenarioFiscalNcm')!;
const icms = (crt: unknown) => secoesDoCenarioNcm(def, crt).find((s) => s.title === 'ICMS')!.fields;

describe('scenario by NCM form: CST or CSOSN by the CRT', () => {
  it('shows the CST only for CRT 3 and the CSOSN only for CRT 1, 2 and 4', () => {
    expect(icms(3)).toContain('cst');
    expect(icms(3)).not.toContain('csosn');
    for (const crt of [1, 2, 4, '1']) {
      expect(icms(crt)).toContain('csosn');
      expect(icms(crt)).not.toContain('cst');
    }
  });

  it('shows both for a rule of any CRT', () => {
    for (const crt of [null, undefined, '']) expect(icms(crt)).toEqual(expect.arrayContaining(['cst', 'csosn']));
  });

  it('keeps the sections the spec names, in order', () => {
    expect(secoesDoCenarioNcm(def, 3).map((s) => s.title)).toEqual([
      'Escopo',
      'ICMS',
      'ICMS-ST',
      'DIFAL',
      'IPI',
      'PIS/COFINS',
      'Mensagem',
    ]);
  });
});

describe('a link that creates the missing scenario', () => {
  it('starts the new scenario with the scope it names, and only that', () => {
    const q = new URLSearchParams('ncm=3303.00.20&ufOrigem=PR&ufDestino=TODAS&crt=1&cst=00&cest=2000800');
    expect(padraoDaUrl(q)).toEqual({ ncm: '33030020', ufOrigem: 'PR', ufDestino: 'TODAS', crt: 1, cest: '2000800' });
    expect(padraoDaUrl(new URLSearchParams('ncm=123&crt=9&ufOrigem=pr'))).toBeUndefined();
    expect(padraoDaUrl(new URLSearchParams(''))).toBeUndefined();
  });
});
