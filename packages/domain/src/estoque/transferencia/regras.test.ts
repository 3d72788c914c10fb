import { describe, expect, it } from 'vitest';
import { entradaRecebimentoTransferencia, entradaTransferenciaEstoque } from './contrato';
import {
  conferirRecebimento,
  divergencias,
  falhasDaDataDeRecebimento,
  falhasDasLojas,
  falhasDoLocal,
  falhasDosItensTransferidos,
  quantidadeCurta,
  raizCnpj,
} from './regras';

const base = {
  lojaOrigemId: 1,
  localOrigemId: 10,
  lojaDestinoId: 2,
  localDestinoId: 20,
  data: '2026-11-20',
  itens: [{ produtoId: 5, quantidade: '3' }],
};
const campos = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('contrato da transferência', () => {
  it('aceita e normaliza quantidades e data com hora', () => {
    const e = entradaTransferenciaEstoque.parse({
      ...base,
      data: '2026-11-20T09:30:00',
      itens: [{ produtoId: 5, quantidade: 2 }],
    });
    expect(e.data).toBe('2026-11-20');
    expect(e.itens[0]?.quantidade).toBe('2.0000');
    expect(e.observacao).toBeNull();
  });

  it.each([
    ['mesmo local de origem e destino', { localDestinoId: 10 }, 'localDestinoId'],
    [
      'produto repetido',
      {
        itens: [
          { produtoId: 5, quantidade: '1' },
          { produtoId: 5, quantidade: '2' },
        ],
      },
      'itens.1.produtoId',
    ],
    ['sem itens', { itens: [] }, 'itens'],
    ['quantidade zero', { itens: [{ produtoId: 5, quantidade: '0' }] }, 'itens.0.quantidade'],
    ['quantidade negativa', { itens: [{ produtoId: 5, quantidade: '-1' }] }, 'itens.0.quantidade'],
    ['quantidade não numérica', { itens: [{ produtoId: 5, quantidade: 'abc' }] }, 'itens.0.quantidade'],
    ['sem loja de destino', { lojaDestinoId: undefined }, 'lojaDestinoId'],
  ])('recusa: %s', (_n, extra, campo) => {
    expect(campos(entradaTransferenciaEstoque.safeParse({ ...base, ...extra }))).toContain(campo);
  });

  it('mesmo local é recusado mesmo entre lojas (o id do local é único)', () => {
    const r = entradaTransferenciaEstoque.safeParse({ ...base, lojaDestinoId: 1, localDestinoId: 10 });
    expect(r.error?.issues[0]?.message).toBe('o local de destino deve ser diferente do local de origem.');
  });

  it('recebimento: itens opcionais, recebida zero aceita, negativa recusada', () => {
    expect(entradaRecebimentoTransferencia.parse({ id: 3 })).toMatchObject({ id: 3, itens: [], data: null });
    expect(
      entradaRecebimentoTransferencia.parse({ id: 3, itens: [{ produtoId: 5, quantidadeRecebida: 0 }] }).itens[0],
    ).toEqual({ produtoId: 5, quantidadeRecebida: '0.0000' });
    expect(
      campos(entradaRecebimentoTransferencia.safeParse({ id: 3, itens: [{ produtoId: 5, quantidadeRecebida: '-1' }] })),
    ).toEqual(['itens.0.quantidadeRecebida']);
  });
});

describe('regras da transferência', () => {
  const loja = (id: number, sigla: string, cnpj: string, ativo = true) => ({
    id,
    sigla,
    ativo,
    numeroDoDocumento: cnpj,
  });

  it('raiz do CNPJ: os 8 primeiros dígitos, com ou sem máscara', () => {
    expect(raizCnpj('41.553.872/0002-45')).toBe('41553872');
    expect(raizCnpj('41553872000164')).toBe('41553872');
  });

  it('mesma empresa (mesma raiz) é aceita; outra raiz é recusada explicando venda e compra', () => {
    expect(falhasDasLojas(loja(1, 'BV01', '41553872000164'), loja(2, 'BV02', '41553872000245'))).toEqual([]);
    const [f, ...resto] = falhasDasLojas(loja(1, 'BV01', '41553872000164'), loja(4, 'BV04', '52806113000182'));
    expect(resto).toEqual([]);
    expect(f?.campo).toBe('lojaDestinoId');
    expect(f?.mensagem).toMatch(/empresas diferentes.*venda.*compra.*NF-e/);
  });

  it('loja inativa em qualquer ponta', () => {
    const c = falhasDasLojas(loja(1, 'A', '11111111000100', false), loja(2, 'B', '11111111000200', false)).map(
      (f) => f.campo,
    );
    expect(c).toEqual(['lojaOrigemId', 'lojaDestinoId']);
  });

  it.each([
    ['inexistente', undefined, ['localNaoEncontrado']],
    ['de outra loja', { id: 1, lojaId: 9, ativo: true, tipo: 'LOJA' }, ['não pertence']],
    ['inativo', { id: 1, lojaId: 1, ativo: false, tipo: 'DEPOSITO' }, ['inativo']],
    ['de trânsito', { id: 1, lojaId: 1, ativo: true, tipo: 'TRANSITO' }, ['trânsito']],
    ['aceito', { id: 1, lojaId: 1, ativo: true, tipo: 'DEPOSITO' }, []],
  ])('local %s', (_n, local, esperado) => {
    const f = falhasDoLocal('localOrigemId', local, 1);
    expect(f).toHaveLength(esperado.length);
    if (esperado[0] === 'localNaoEncontrado') expect(f[0]?.mensagem).toBe('local de estoque não encontrado.');
    else if (esperado[0]) expect(f[0]?.mensagem).toContain(esperado[0]);
  });

  it('itens: produto desconhecido, inativo, casas da unidade, repetido (o validador de linhas comum)', () => {
    const produtos = new Map([
      [1, { id: 1, ativo: true, sigla: 'UN', casas: 0 }],
      [2, { id: 2, ativo: false, sigla: 'KG', casas: 3 }],
    ]);
    const f = falhasDosItensTransferidos(
      [
        { produtoId: 1, quantidade: '1.5000' },
        { produtoId: 2, quantidade: '0.125' },
        { produtoId: 3, quantidade: '1' },
        { produtoId: 1, quantidade: '2.0000' },
      ],
      produtos,
    );
    expect(f.map((x) => x.campo)).toEqual([
      'itens.0.quantidade',
      'itens.1.produtoId',
      'itens.2.produtoId',
      'itens.3.produtoId',
    ]);
  });

  it('recebimento integral: produto não informado chegou inteiro', () => {
    const { linhas, falhas } = conferirRecebimento(
      [
        { produtoId: 1, quantidade: '10.0000' },
        { produtoId: 2, quantidade: '4.0000' },
      ],
      [{ produtoId: 1, quantidadeRecebida: '10' }],
    );
    expect(falhas).toEqual([]);
    expect(linhas.map((l) => [l.produtoId, l.recebida, l.diferenca])).toEqual([
      [1, '10.0000', '0.0000'],
      [2, '4.0000', '0.0000'],
    ]);
    expect(divergencias(linhas)).toEqual([]);
  });

  it('recebimento parcial: a diferença é enviada − recebida', () => {
    const { linhas } = conferirRecebimento(
      [{ produtoId: 1, quantidade: '10.0000' }],
      [{ produtoId: 1, quantidadeRecebida: '7.5' }],
    );
    expect(divergencias(linhas)).toEqual([
      { produtoId: 1, enviada: '10.0000', recebida: '7.5000', diferenca: '2.5000' },
    ]);
  });

  it('recebimento: produto repetido, fora da transferência e quantidade acima da enviada são recusados', () => {
    const { falhas } = conferirRecebimento(
      [{ produtoId: 1, quantidade: '10.0000' }],
      [
        { produtoId: 1, quantidadeRecebida: '11' },
        { produtoId: 9, quantidadeRecebida: '1' },
        { produtoId: 1, quantidadeRecebida: '1' },
      ],
    );
    expect(falhas.map((f) => f.campo)).toEqual([
      'itens.2.produtoId',
      'itens.0.quantidadeRecebida',
      'itens.1.produtoId',
    ]);
    expect(falhas[1]?.mensagem).toContain('maior que a enviada (10)');
  });

  it('quantidade curta nas mensagens', () => {
    expect(quantidadeCurta('10.0000')).toBe('10');
    expect(quantidadeCurta('2.5000')).toBe('2,5');
    expect(quantidadeCurta('120')).toBe('120');
  });

  it('data do recebimento: não antes do envio, não depois de hoje', () => {
    expect(falhasDaDataDeRecebimento('2026-11-19', '2026-11-20', '2026-11-24')).toHaveLength(1);
    expect(falhasDaDataDeRecebimento('2026-11-25', '2026-11-20', '2026-11-24')).toHaveLength(1);
    expect(falhasDaDataDeRecebimento('2026-11-20', '2026-11-20', '2026-11-24')).toEqual([]);
  });
});
