import { describe, expect, it } from 'vitest';
import { erroInscricaoEstadual, ieValida, normalizarIe } from './index';

/** Examples published by SINTEGRA / the state SEFAZ manuals, one or more per UF (masked as printed). */
const VALIDAS: [string, string][] = [
  ['AC', '01.004.823/001-12'],
  ['AL', '24.000.004-8'],
  ['AP', '03.012.345-9'],
  ['AM', '43.887.348-3'],
  ['AM', '14.343.156-0'],
  ['BA', '123456-63'],
  ['BA', '1000003-06'],
  ['CE', '06000001-5'],
  ['DF', '07.300.001.001-09'],
  ['ES', '99999999-0'],
  ['GO', '10.987.654-7'],
  ['MA', '12.000.038-5'],
  ['MT', '0013000001-9'],
  ['MS', '28.040.538-3'],
  ['MS', '28027632-0'],
  ['MG', '062.307.904/0081'],
  ['PA', '15-999999-5'],
  ['PB', '06000001-5'],
  ['PR', '123.45678-50'],
  ['PE', '0321418-40'],
  ['PE', '18.1.001.0000004-9'],
  ['PI', '19.301.656-7'],
  ['RJ', '99.999.99-3'],
  ['RN', '20.040.040-1'],
  ['RN', '20.0.040.040-0'],
  ['RS', '224/3658792'],
  ['RO', '0000000062521-3'],
  ['RO', '101.62521-3'],
  ['RR', '24006628-1'],
  ['SC', '251.040.852'],
  ['SP', '110.042.490.114'],
  ['SP', 'P-01100424.3/002'],
  ['SE', '27123456-3'],
  ['TO', '29.01.022783-6'],
  ['TO', '29.022783-6'],
];

/** Each valid example with its last digit changed, plus wrong lengths and prefixes. */
const INVALIDAS: [string, string][] = [
  ...VALIDAS.filter(([, ie]) => !ie.startsWith('P')).map(([uf, ie]): [string, string] => [
    uf,
    ie.slice(0, -1) + String((Number(ie.slice(-1)) + 1) % 10),
  ]),
  ['SP', 'P-01100424.4/002'],
  ['AC', '02.004.823/001-12'],
  ['AL', '25.000.004-8'],
  ['SP', '110.042.490.11'],
  ['MG', '062.307.904/008'],
  ['RJ', '99.999.999-3'],
];

describe('inscrição estadual por UF', () => {
  it('cobre as 27 UFs', () => expect(new Set(VALIDAS.map(([uf]) => uf)).size).toBe(27));
  it.each(VALIDAS)('%s %s é válida', (uf, ie) => expect(ieValida(uf, ie)).toBe(true));
  it.each(INVALIDAS)('%s %s é inválida', (uf, ie) => expect(ieValida(uf, ie)).toBe(false));
  it('ISENTO vale para qualquer UF, em qualquer caixa', () => {
    expect(ieValida('SP', 'isento')).toBe(true);
    expect(erroInscricaoEstadual('GO', ' Isento ')).toBeUndefined();
  });
  it('a IE de uma UF não passa por outra', () => expect(ieValida('SP', '99.999.99-3')).toBe(false));
  it('mensagem em português, com a UF', () => {
    expect(erroInscricaoEstadual('sp', '110.042.490.115')).toMatch(/^inscrição estadual inválida para a UF SP/);
    expect(erroInscricaoEstadual(null, '110042490114')).toBe('informe a UF para validar a inscrição estadual.');
    expect(erroInscricaoEstadual('SP', '')).toBeUndefined();
  });
  it('guarda só os dígitos (P do produtor rural de SP)', () => {
    expect(normalizarIe('110.042.490.114')).toBe('110042490114');
    expect(normalizarIe('p-01100424.3/002')).toBe('P011004243002');
  });
});
