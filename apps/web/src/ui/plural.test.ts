import { describe, expect, it } from 'vitest';
import { contagem } from './plural';

describe('contagem', () => {
  it('writes the plural out, with pt-BR thousands', () => {
    expect(contagem(1, 'loja', 'lojas')).toBe('1 loja');
    expect(contagem(4, 'loja', 'lojas')).toBe('4 lojas');
    expect(contagem(0, 'produto', 'produtos')).toBe('0 produtos');
    expect(contagem(1234, 'produto', 'produtos')).toBe('1.234 produtos');
  });
});
