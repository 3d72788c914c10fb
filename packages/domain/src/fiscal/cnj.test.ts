import { describe, expect, it } from 'vitest';
import { cnjValido, digitosCnj, normalizarCnj } from './cnj';

// Public vectors (validation-br's test suite) and the demo process of domain.md §11
const VALIDOS = [
  '46323414620257259556',
  '61052838320098130024',
  '00110060720168200100',
  '08002785520134058400',
  '0800273-28.2016.4.05.8400',
];
const INVALIDOS = [
  '61052838320098130023',
  '00110060720168200102',
  '08002785520134058401',
  '0800273-28.2016.4.05.840',
  '0000000-00.0000.0.00.0000',
  'abc',
];

describe('número CNJ (módulo 97)', () => {
  it.each(VALIDOS)('%s é válido', (n) => expect(cnjValido(n)).toBe(true));
  it.each(INVALIDOS)('%s é recusado', (n) => expect(cnjValido(n)).toBe(false));

  it('normaliza para a máscara NNNNNNN-DD.AAAA.J.TR.OOOO', () => {
    expect(normalizarCnj('46323414620257259556')).toBe('4632341-46.2025.7.25.9556');
    expect(normalizarCnj(' 4632341-46.2025.7.25.9556 ')).toBe('4632341-46.2025.7.25.9556');
  });

  it('calcula os dígitos', () => {
    expect(digitosCnj('4632341', '2025', '7', '25', '9556')).toBe('46');
    expect(cnjValido(`5001234-${digitosCnj('5001234', '2024', '4', '04', '7000')}.2024.4.04.7000`)).toBe(true);
  });
});
