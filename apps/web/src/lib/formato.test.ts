import { describe, expect, it } from 'vitest';
import {
  decimalDoTexto,
  decimalDosDigitos,
  formatarData,
  formatarDecimal,
  formatarDecimalCurto,
  formatarDinheiro,
  formatarDocumento,
  MASCARAS,
} from './formato';

describe('formatting of decimal strings (never floats)', () => {
  it.each([
    ['1234.56', 2, '1.234,56'],
    ['1234.5', 2, '1.234,50'],
    ['0.005', 2, '0,01'],
    ['999.995', 2, '1.000,00'],
    ['-12', 2, '-12,00'],
    ['-0.001', 2, '0,00'],
    ['12345678901234.99', 2, '12.345.678.901.234,99'],
    ['1.5', 3, '1,500'],
  ])('%s with %d decimals → %s', (v, escala, esperado) => {
    expect(formatarDecimal(v, escala)).toBe(esperado);
  });

  it('money as the spec writes it', () => {
    expect(formatarDinheiro('1234.56')).toBe('R$ 1.234,56');
    expect(formatarDinheiro('-5')).toBe('-R$ 5,00');
    expect(formatarDinheiro(null)).toBe('');
  });

  it('percentages keep up to 4 decimals, at least 2', () => {
    expect(formatarDecimalCurto('1.65', 4)).toBe('1,65');
    expect(formatarDecimalCurto('0.6525', 4)).toBe('0,6525');
    expect(formatarDecimalCurto('18', 4)).toBe('18,00');
    expect(formatarDecimalCurto('2.000', 3, 0)).toBe('2');
  });

  it('money typing fills from the right; typed decimals become API strings', () => {
    expect(decimalDosDigitos('R$ 1.234,567', 2)).toBe('12345.67');
    expect(decimalDosDigitos('R$ 0,0', 2)).toBeNull();
    expect(decimalDosDigitos('5', 2)).toBe('0.05');
    expect(decimalDoTexto('1.234,5')).toBe('1234.5');
    expect(decimalDoTexto('12')).toBe('12');
    expect(decimalDoTexto('  ')).toBeNull();
  });

  it('dates dd/MM/yyyy', () => {
    expect(formatarData('2026-07-01')).toBe('01/07/2026');
    expect(formatarData('2026-07-01T10:00:00Z')).toBe('01/07/2026');
    expect(formatarData(null)).toBe('');
  });
});

describe('masks', () => {
  it('CNPJ accepts letters (July 2026) and keeps the last two digits numeric', () => {
    expect(MASCARAS.cnpj.formatar('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(MASCARAS.cnpj.limpar('12.ABC.345/01DE-3X5')).toBe('12ABC34501DE35');
    expect(MASCARAS.cnpj.formatar('6091483300')).toBe('60.914.833/00');
  });

  it('CPF or CNPJ switches by length or letters', () => {
    expect(MASCARAS.cpfCnpj.formatar('52998224725')).toBe('529.982.247-25');
    expect(MASCARAS.cpfCnpj.formatar('60914833000190')).toBe('60.914.833/0001-90');
    expect(MASCARAS.cpfCnpj.limpar('12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
  });

  it.each([
    ['cep', '80010000', '80010-000'],
    ['phone', '4133334444', '(41) 3333-4444'],
    ['phone', '41999998888', '(41) 99999-8888'],
    ['ncm', '33030020', '3303.00.20'],
    ['cest', '2000800', '20.008.00'],
  ] as const)('%s %s → %s', (tipo, valor, esperado) => {
    expect(formatarDocumento(tipo, valor)).toBe(esperado);
  });
});
