import { describe, expect, it } from 'vitest';
import { entradaAjusteEstoque } from './contrato';
import { casasPermitidas } from '../../itens/linhas';
import { falhasDoCabecalho, falhasDosItens, tipoDoMovimento } from './regras';

const tipo = { tipo: 'SAIDA' as const, exigeObservacao: true, afetaCustoMedio: false };
const produtos = new Map([
  [1, { id: 1, ativo: true, sigla: 'UN', casas: 0 }],
  [2, { id: 2, ativo: true, sigla: 'KG', casas: 3 }],
  [3, { id: 3, ativo: false, sigla: 'UN', casas: 0 }],
]);

describe('regras do ajuste de estoque', () => {
  it.each([
    [
      'operação diverge do tipo',
      { tipoDeOperacao: 'ENTRADA', observacao: 'x', dataDaMovimentacao: '2026-01-01' },
      ['tipoDeOperacao'],
    ],
    [
      'observação exigida',
      { tipoDeOperacao: 'SAIDA', observacao: null, dataDaMovimentacao: '2026-01-01' },
      ['observacao'],
    ],
    [
      'data futura',
      { tipoDeOperacao: 'SAIDA', observacao: 'x', dataDaMovimentacao: '2026-01-03' },
      ['dataDaMovimentacao'],
    ],
    ['aceito', { tipoDeOperacao: 'SAIDA', observacao: 'x', dataDaMovimentacao: '2026-01-02' }, []],
  ] as const)('%s', (_n, entrada, campos) => {
    expect(falhasDoCabecalho(entrada, tipo, '2026-01-02').map((f) => f.campo)).toEqual(campos);
  });

  it.each([
    ['inteiro numa unidade não fracionada', { produtoId: 1, quantidade: '2.0000' }, []],
    ['fração numa unidade não fracionada', { produtoId: 1, quantidade: '2.5000' }, ['itens.0.quantidade']],
    ['três casas em KG', { produtoId: 2, quantidade: '0.125' }, []],
    ['quatro casas em KG', { produtoId: 2, quantidade: '0.1255' }, ['itens.0.quantidade']],
    ['produto inativo', { produtoId: 3, quantidade: '1' }, ['itens.0.produtoId']],
    ['produto desconhecido', { produtoId: 9, quantidade: '1' }, ['itens.0.produtoId']],
    ['custo numa saída', { produtoId: 1, quantidade: '1', custoUnitario: '2.5' }, ['itens.0.custoUnitario']],
  ])('item: %s', (_n, item, campos) => {
    expect(falhasDosItens([item], 'SAIDA', tipo, produtos).map((f) => f.campo)).toEqual(campos);
  });

  it('custo numa entrada só quando o tipo afeta o custo médio', () => {
    const item = [{ produtoId: 1, quantidade: '1', custoUnitario: '2' }];
    expect(falhasDosItens(item, 'ENTRADA', { ...tipo, tipo: 'ENTRADA' }, produtos)).toHaveLength(1);
    expect(falhasDosItens(item, 'ENTRADA', { ...tipo, tipo: 'ENTRADA', afetaCustoMedio: true }, produtos)).toEqual([]);
  });

  it('unidade, tipo do movimento', () => {
    expect(casasPermitidas(null)).toBe(0);
    expect(casasPermitidas({ permiteFracionamento: false, casasDecimais: 3 })).toBe(0);
    expect(casasPermitidas({ permiteFracionamento: true, casasDecimais: 3 })).toBe(3);
    expect(tipoDoMovimento('ENTRADA')).toBe('AJUSTE_ENTRADA');
    expect(tipoDoMovimento('SAIDA')).toBe('AJUSTE_SAIDA');
  });

  it.each([
    [{ quantidade: 0 }, 'itens.0.quantidade'],
    [{ quantidade: '-1' }, 'itens.0.quantidade'],
    [{ quantidade: '1', produtoId: 0 }, 'itens.0.produtoId'],
  ])('contrato recusa %o', (item, campo) => {
    const r = entradaAjusteEstoque.safeParse({
      lojaId: 1,
      localId: 1,
      tipoDeOperacao: 'ENTRADA',
      tipoDeAjusteId: 1,
      dataDaMovimentacao: '2026-01-01T10:00:00',
      itens: [{ produtoId: 1, ...item }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(campo);
  });

  it('contrato aceita a data com hora e números', () => {
    const r = entradaAjusteEstoque.parse({
      lojaId: 1,
      localId: 1,
      tipoDeOperacao: 'ENTRADA',
      tipoDeAjusteId: 1,
      dataDaMovimentacao: '2026-01-01T10:00:00',
      itens: [{ produtoId: 1, quantidade: 2 }],
    });
    expect(r.dataDaMovimentacao).toBe('2026-01-01');
    expect(r.itens[0]?.quantidade).toBe('2.0000');
    expect(r.observacao).toBeNull();
  });
});
