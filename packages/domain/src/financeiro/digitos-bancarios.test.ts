import { describe, expect, it } from 'vitest';
import { digitoAgenciaEsperado, digitoContaEsperado, errosDadosBancarios } from './digitos-bancarios';

// Vectors: domain.md §11 (BB, Itaú) and public account data of the banks' own layouts
const VALIDAS = [
  { banco: '001', agencia: '1234', agenciaDigito: '3', conta: '56789', contaDigito: '2' },
  { banco: '001', agencia: '3022', agenciaDigito: '8', conta: '40599', contaDigito: 'X' },
  { banco: '341', agencia: '0457', conta: '12345', contaDigito: '3' },
  { banco: '237', agencia: '0427', conta: '506511', contaDigito: '9' },
  { banco: '237', agencia: '0427', conta: '620688', contaDigito: '3' },
  { banco: '033', agencia: '3270', conta: '1087446', contaDigito: '8' },
  { banco: '104', agencia: '0534', conta: '00100044028', contaDigito: '2' },
  { banco: '104', agencia: '3706', conta: '00100023025', contaDigito: '6' },
  // no public algorithm: only the format is checked
  { banco: '260', agencia: '0001', conta: '12345678', contaDigito: '9' },
];

describe('dígitos bancários', () => {
  it.each(VALIDAS)('$banco $agencia/$conta-$contaDigito é válida', (d) => {
    expect(errosDadosBancarios(d)).toEqual([]);
  });

  it.each([
    [{ banco: '001', agencia: '1234', agenciaDigito: '4', conta: '56789', contaDigito: '2' }, 'agenciaDigito'],
    [{ banco: '001', agencia: '1234', agenciaDigito: '3', conta: '56789', contaDigito: '1' }, 'numeroContaDigito'],
    [{ banco: '341', agencia: '0457', conta: '12345', contaDigito: '4' }, 'numeroContaDigito'],
    [{ banco: '237', agencia: '0427', conta: '506511', contaDigito: '8' }, 'numeroContaDigito'],
    [{ banco: '033', agencia: '3270', conta: '1087446', contaDigito: '7' }, 'numeroContaDigito'],
    [{ banco: '104', agencia: '0534', conta: '00100044028', contaDigito: '3' }, 'numeroContaDigito'],
    [{ banco: '001', agencia: '12a4', agenciaDigito: '3', conta: '56789', contaDigito: '2' }, 'agencia'],
    [{ banco: '260', agencia: '0001', conta: '123', contaDigito: '?' }, 'numeroContaDigito'],
  ])('%o é recusada em %s', (d, campo) => {
    const erros = errosDadosBancarios(d);
    expect(erros.length).toBeGreaterThan(0);
    expect(erros[0]!.campo).toBe(campo);
  });

  it('calcula os dígitos esperados (dados de demonstração)', () => {
    expect(digitoAgenciaEsperado('001', '1234')).toBe('3');
    expect(digitoContaEsperado('001', '1234', '56789')).toBe('2');
    expect(digitoContaEsperado('341', '0457', '12345')).toBe('3');
    expect(digitoContaEsperado('999', '0001', '1')).toBeUndefined();
  });
});
