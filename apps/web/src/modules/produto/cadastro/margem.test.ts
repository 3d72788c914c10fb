import { describe, expect, it } from 'vitest';
import { recalcular, recalcularLinhas } from './margem';

describe('linha de preço do formulário de produto', () => {
  const base = { lojaId: 1, custoReposicao: '7.5', precoVenda1: null, margemPreco1: null };
  it('preço e custo dão a margem sobre o preço', () => {
    expect(recalcular(base, { ...base, precoVenda1: '10.00' }).margemPreco1).toBe('25.0000');
  });
  it('a margem digitada dá o preço', () => {
    const r = recalcular(
      { ...base, precoVenda1: '10.00', margemPreco1: '25.0000' },
      {
        ...base,
        precoVenda1: '10.00',
        margemPreco1: '40',
      },
    );
    expect(r.precoVenda1).toBe('12.50');
  });
  it('custo digitado depois da margem dá o preço; linhas novas passam como vieram', () => {
    const semCusto = { ...base, custoReposicao: null, margemPreco1: '20' };
    expect(recalcular(semCusto, { ...semCusto, custoReposicao: '8' }).precoVenda1).toBe('10.00');
    expect(recalcularLinhas([], [base])).toEqual([base]);
  });
});
