import { describe, expect, it } from 'vitest';
import { cnjValido, mascararCnj } from './cnj';

describe('máscara CNJ ao digitar', () => {
  it('digits take the CNJ mask as far as they go', () => {
    expect(mascararCnj('4632341')).toBe('4632341');
    expect(mascararCnj('463234146')).toBe('4632341-46');
    expect(mascararCnj('46323414620257')).toBe('4632341-46.2025.7');
    expect(mascararCnj('46323414620257259556')).toBe('4632341-46.2025.7.25.9556');
    expect(cnjValido(mascararCnj('46323414620257259556'))).toBe(true);
  });
  it('an already masked number stays; extra digits are dropped', () => {
    expect(mascararCnj('4632341-46.2025.7.25.9556')).toBe('4632341-46.2025.7.25.9556');
    expect(mascararCnj('463234146202572595561')).toBe('4632341-46.2025.7.25.9556');
  });
  it('an administrative number with letters or slashes is left as typed', () => {
    expect(mascararCnj('10880.123456/2020-11')).toBe('10880.123456/2020-11');
    expect(mascararCnj('PA 123')).toBe('PA 123');
    expect(mascararCnj('')).toBe('');
  });
});
