import { describe, expect, it } from 'vitest';
import { type DeclaracaoDeLinhas, type ProdutosDasLinhas, validarLinhas } from './linhas';

const decl = (politica: 'recusar' | 'somar', extra: Partial<DeclaracaoDeLinhas> = {}): DeclaracaoDeLinhas => ({
  politica,
  maxLinhas: 3,
  repetido: (id) => `o produto ${id} repetido.`,
  muitasLinhas: 'no máximo 3 linhas.',
  ...extra,
});
const produtos: ProdutosDasLinhas = {
  porId: new Map([
    [1, { id: 1, ativo: true, sigla: 'UN', casas: 0 }],
    [2, { id: 2, ativo: true, sigla: 'KG', casas: 3 }],
    [3, { id: 3, ativo: false, sigla: 'UN', casas: 0 }],
  ]),
  porCodigo: new Map([
    ['7891000000019', { produtoId: 1, fator: '12', motivo: null }],
    ['7891000000026', { produtoId: 2, fator: '1', motivo: null }],
    ['7890000000000', { produtoId: 3, fator: '1', motivo: 'Produto inativo na loja.' }],
  ]),
};
const campos = (r: { falhas: { campo: string }[] }) => r.falhas.map((f) => f.campo);

describe('validarLinhas (o validador de linhas de item de qualquer documento)', () => {
  it.each([
    ['aceita', { produtoId: 1, quantidade: '2' }, []],
    ['produto desconhecido', { produtoId: 9, quantidade: '1' }, ['itens.0.produtoId']],
    ['produto inativo', { produtoId: 3, quantidade: '1' }, ['itens.0.produtoId']],
    ['fração em unidade inteira', { produtoId: 1, quantidade: '1.5' }, ['itens.0.quantidade']],
    ['casas de KG', { produtoId: 2, quantidade: '0.1255' }, ['itens.0.quantidade']],
    ['quantidade zero', { produtoId: 1, quantidade: '0' }, ['itens.0.quantidade']],
    ['quantidade negativa', { produtoId: 1, quantidade: '-1' }, ['itens.0.quantidade']],
    ['quantidade que não é número', { produtoId: 1, quantidade: 'abc' }, ['itens.0.quantidade']],
    ['custo negativo', { produtoId: 1, quantidade: '1', custoUnitario: '-1' }, ['itens.0.custoUnitario']],
    ['custo com 7 casas', { produtoId: 1, quantidade: '1', custoUnitario: '1.0000001' }, ['itens.0.custoUnitario']],
    ['nem produto nem código', { quantidade: '1' }, ['itens.0.produtoId']],
    ['código inativo', { codigo: '7890000000000', quantidade: '1' }, ['itens.0.codigo']],
    ['código desconhecido', { codigo: '123', quantidade: '1' }, ['itens.0.codigo']],
  ])('%s', (_n, linha, esperado) => {
    expect(campos(validarLinhas(decl('recusar'), [linha], produtos))).toEqual(esperado);
  });

  it('dinheiro com 2 casas no máximo, nos campos que a declaração nomeia', () => {
    const d = decl('recusar', { dinheiro: ['valorUnitario'] });
    const r = validarLinhas(d, [{ produtoId: 1, quantidade: '1', valorUnitario: '1.005' }], produtos);
    expect(r.falhas).toEqual([{ campo: 'itens.0.valorUnitario', mensagem: 'no máximo 2 casas decimais.' }]);
    expect(validarLinhas(d, [{ produtoId: 1, quantidade: '1', valorUnitario: '1.05' }], produtos).falhas).toEqual([]);
  });

  it('o custo recusado pelo documento (uma saída, um tipo que não afeta o médio) cai na sua linha', () => {
    const r = validarLinhas(
      decl('recusar'),
      [
        { produtoId: 1, quantidade: '1' },
        { produtoId: 2, quantidade: '1', custoUnitario: '2' },
      ],
      produtos,
      { custoRecusado: () => 'sem custo aqui.' },
    );
    expect(r.falhas).toEqual([{ campo: 'itens.1.custoUnitario', mensagem: 'sem custo aqui.' }]);
  });

  it('o fator do código auxiliar multiplica a quantidade, e o código vira o produto da linha', () => {
    const r = validarLinhas(decl('recusar'), [{ codigo: '7891000000019', quantidade: '2' }], produtos);
    expect(r.falhas).toEqual([]);
    expect(r.itens).toEqual([{ codigo: '7891000000019', produtoId: 1, quantidade: '24' }]);
  });

  it('recusar: o produto repetido (por id ou por código) é recusado na linha repetida', () => {
    const linhas = [
      { produtoId: 1, quantidade: '1' },
      { produtoId: 2, quantidade: '1' },
      { codigo: '7891000000019', quantidade: '1' },
    ];
    const r = validarLinhas(decl('recusar'), linhas, produtos);
    expect(r.falhas).toEqual([{ campo: 'itens.2.produtoId', mensagem: 'o produto 1 repetido.' }]);
  });

  it('somar: as linhas do mesmo produto viram a primeira, quantidades somadas', () => {
    const linhas = [
      { produtoId: 2, quantidade: '1.5' },
      { produtoId: 1, quantidade: '1' },
      { produtoId: 2, quantidade: '0.25' },
    ];
    const r = validarLinhas(decl('somar'), linhas, produtos);
    expect(r.falhas).toEqual([]);
    expect(r.itens.map((i) => [i.produtoId, i.quantidade])).toEqual([
      [2, '1.75'],
      [1, '1'],
    ]);
  });

  it('mais linhas que o documento aceita: um erro em itens, nenhuma linha lida', () => {
    const linhas = Array.from({ length: 4 }, (_, i) => ({ produtoId: i + 1, quantidade: '1' }));
    expect(validarLinhas(decl('recusar'), linhas, produtos).falhas).toEqual([
      { campo: 'itens', mensagem: 'no máximo 3 linhas.' },
    ]);
  });

  it('os erros saem na ordem das linhas', () => {
    const r = validarLinhas(
      decl('recusar'),
      [
        { produtoId: 1, quantidade: '1' },
        { produtoId: 9, quantidade: '0' },
        { produtoId: 1, quantidade: '1.5' },
      ],
      produtos,
    );
    expect(campos(r)).toEqual(['itens.1.quantidade', 'itens.1.produtoId', 'itens.2.quantidade', 'itens.2.produtoId']);
  });
});
