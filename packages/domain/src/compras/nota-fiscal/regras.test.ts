import { describe, expect, it } from 'vitest';
import { custoDeEntrada, divergenciasDaConferencia, transicaoNotaCompra, valorDoDocumento } from './regras';

describe('transições da nota fiscal de compra', () => {
  it.each([
    ['DIGITADA', 'confirmar', 'CONFIRMADA'],
    ['DIGITADA', 'abrirConferencia', 'EM_CONFERENCIA'],
    ['EM_CONFERENCIA', 'fecharConferencia', 'CONFIRMADA'],
  ] as const)('%s --%s--> %s', (de, acao, para) => expect(transicaoNotaCompra(de, acao)).toEqual({ para }));

  it.each([
    ['CONFIRMADA', 'confirmar'],
    ['EM_CONFERENCIA', 'confirmar'],
    ['DIGITADA', 'fecharConferencia'],
    ['CANCELADA', 'abrirConferencia'],
  ] as const)('%s não aceita %s', (de, acao) => expect(transicaoNotaCompra(de, acao)).toHaveProperty('falha'));

  it('em conferência, confirmar direto explica o caminho', () => {
    expect(transicaoNotaCompra('EM_CONFERENCIA', 'confirmar')).toEqual({
      falha: expect.stringMatching(/feche a conferência/),
    });
  });
});

describe('custo de entrada', () => {
  it.each([
    [{ valorTotal: '25.00', valorIpi: '1.25' }, '10', '2.625000'],
    [{ valorTotal: '40.00', valorIcmsSt: '2.00', valorDesconto: '4.00' }, '4', '9.500000'],
    [{ valorTotal: '10.00', valorFrete: '1.00', valorSeguro: '0.50', valorOutras: '0.50' }, '3', '4.000000'],
    // rounding half-up at 6 places
    [{ valorTotal: '1.00' }, '3', '0.333333'],
    [{ valorTotal: '2.00' }, '3', '0.666667'],
  ])('%o / %s = %s', (v, q, esperado) => expect(custoDeEntrada(v, q)).toBe(esperado));

  it('valor do documento: produtos − desconto + despesas + IPI + ICMS-ST', () => {
    expect(
      valorDoDocumento([
        { valorTotal: '15.00' },
        { valorTotal: '30.00', valorIpi: '3.00', valorDesconto: '1.00', valorIcmsSt: '0.50' },
      ]),
    ).toBe('47.50');
  });
});

describe('divergências da conferência', () => {
  it('soma as linhas do mesmo produto e compara com o contado (o não contado é zero)', () => {
    const nota = [
      { produtoId: 1, quantidade: '5' },
      { produtoId: 1, quantidade: '5' },
      { produtoId: 2, quantidade: '3' },
      { produtoId: 3, quantidade: '1' },
    ];
    expect(
      divergenciasDaConferencia(
        nota,
        new Map([
          [1, '10'],
          [2, '4'],
        ]),
      ),
    ).toEqual([
      { produtoId: 2, faturado: '3', contado: '4', diferenca: '1' },
      { produtoId: 3, faturado: '1', contado: '0', diferenca: '-1' },
    ]);
  });
});
