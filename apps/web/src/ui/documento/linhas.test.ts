import { describe, expect, it } from 'vitest';
import { errosDeCasas, somarProduto, totaisDasLinhas } from './linhas';

const p = { id: 7, descricao: 'Arroz', codigo: '789', unidade: 'KG', casas: 3 };

describe('linhas da grade', () => {
  it('um produto novo entra numa linha; lido de novo, soma na mesma linha', () => {
    const a = somarProduto([], p, '1');
    expect(a).toMatchObject({ indice: 0, nova: true });
    const b = somarProduto(a.itens, p, '12');
    expect(b).toMatchObject({ indice: 0, nova: false });
    expect(b.itens).toHaveLength(1);
    expect(b.itens[0]!.quantidade).toBe('13');
    const c = somarProduto([{ ...b.itens[0]!, quantidade: '1,25' }], p, '0.5');
    expect(c.itens[0]!.quantidade).toBe('1,75');
  });

  it('casas da unidade conferidas na linha, com a mensagem do domínio', () => {
    const itens = [
      { produtoId: 1, descricao: 'a', quantidade: '1,5', custoUnitario: '', unidade: 'UN', casas: 0 },
      { produtoId: 2, descricao: 'b', quantidade: '1,125', custoUnitario: '', unidade: 'KG', casas: 3 },
      { produtoId: 3, descricao: 'c', quantidade: '1,5', custoUnitario: '' },
    ];
    expect(errosDeCasas(itens)).toEqual({ 0: 'a unidade UN não é fracionada: informe uma quantidade inteira.' });
  });

  it('totais: linhas, quantidade e custo informado', () => {
    const t = totaisDasLinhas([
      { produtoId: 1, descricao: 'a', quantidade: '2', custoUnitario: '1,50' },
      { produtoId: 2, descricao: 'b', quantidade: '0,5', custoUnitario: '' },
    ]);
    expect(t).toEqual({ linhas: 2, quantidade: '2.5', custo: '3.00' });
  });
});
