import { describe, expect, it } from 'vitest';
import { cnpjValido, cpfValido, formatarCnpj, formatarCpf } from './documentos';

describe('CNPJ', () => {
  it.each([
    ['41.553.872/0001-64', true],
    ['41553872000245', true],
    ['52.806.113/0001-82', true],
    ['27.390.615/0001-28', true],
    ['12.ABC.345/01DE-35', true], // RFB's alphanumeric example (July 2026)
    ['12ABC34501DE35', true],
    ['41.553.872/0001-65', false],
    ['11.111.111/1111-11', false],
    ['1234', false],
    ['12.ABC.345/01DE-3A', false],
  ])('%s → %s', (cnpj, ok) => expect(cnpjValido(cnpj)).toBe(ok));

  it('formats with the mask', () => expect(formatarCnpj('41553872000164')).toBe('41.553.872/0001-64'));
});

describe('CPF', () => {
  it.each([
    ['284.915.736-82', true],
    ['04638291740', true],
    ['284.915.736-83', false],
    ['111.111.111-11', false],
    ['123', false],
  ])('%s → %s', (cpf, ok) => expect(cpfValido(cpf)).toBe(ok));

  it('formats with the mask', () => expect(formatarCpf('28491573682')).toBe('284.915.736-82'));
});
