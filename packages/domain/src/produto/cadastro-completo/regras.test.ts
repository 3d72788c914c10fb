import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrecoDoProduto } from './contrato';
import {
  completarPreco,
  expandirLojas,
  falhasDasLojasDePreco,
  falhasDosCodigos,
  margemDoPreco,
  precoPelaMargem,
} from './regras';

const linha = (x: Partial<PrecoDoProduto>): PrecoDoProduto => ({
  lojaId: 1,
  custoReposicao: null,
  precoVenda1: null,
  margemPreco1: null,
  precoVenda2: null,
  quantidadeMinimaPreco2: null,
  precoVenda3: null,
  quantidadeMinimaPreco3: null,
  precoOferta1: null,
  inicioOferta: null,
  fimOferta: null,
  ...x,
});

describe('margem sobre o preço, nos dois sentidos', () => {
  it('margem do preço: (preço − custo) / preço × 100', () => {
    expect(margemDoPreco('10.00', '7.50')).toBe('25.0000');
    expect(margemDoPreco('3.00', '2.00')).toBe('33.3333');
    expect(margemDoPreco('5.00', '6.00')).toBe('-20.0000');
    expect(margemDoPreco('0', '1')).toBeNull();
    expect(margemDoPreco('10', null)).toBeNull();
  });
  it('preço pela margem: custo / (1 − margem/100), 2 casas', () => {
    expect(precoPelaMargem('7.50', '25')).toBe('10.00');
    expect(precoPelaMargem('2.00', '33.3333')).toBe('3.00');
    expect(precoPelaMargem('1', '100')).toBeNull();
  });
  it('ida e volta: o preço calculado pela margem devolve a margem (a menos do arredondamento do centavo)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: -5000, max: 9000 }), (centavos, bp) => {
        const custo = (centavos / 100).toFixed(2);
        const margem = (bp / 100).toFixed(2);
        const preco = precoPelaMargem(custo, margem)!;
        const volta = Number(margemDoPreco(preco, custo));
        // a cent of price moves the margin by at most 100 × 0.005 / preço points
        expect(Math.abs(volta - Number(margem))).toBeLessThanOrEqual((0.5 / Number(preco)) * 100 + 1e-4);
      }),
    );
  });
  it('completa a linha: preço pela margem quando só veio a margem; senão a margem pelo preço', () => {
    expect(completarPreco(linha({ custoReposicao: '8', margemPreco1: '20' }), 0).linha.precoVenda1).toBe('10.00');
    expect(
      completarPreco(linha({ custoReposicao: '8', precoVenda1: '10', margemPreco1: '99' }), 0).linha.margemPreco1,
    ).toBe('20.0000');
    expect(completarPreco(linha({ margemPreco1: '20' }), 2).falhas).toEqual([
      { campo: 'precos.2.margemPreco1', mensagem: 'informe o custo para calcular o preço pela margem.' },
    ]);
  });
});

describe('oferta e preços por quantidade', () => {
  const periodo = { inicioOferta: '2026-12-01', fimOferta: '2026-12-10' };
  it('oferta igual ou acima do preço de venda é recusada', () => {
    expect(completarPreco(linha({ precoVenda1: '10', precoOferta1: '10', ...periodo }), 0).falhas).toEqual([
      { campo: 'precos.0.precoOferta1', mensagem: 'o preço de oferta 1 deve ser menor que o preço de venda 1.' },
    ]);
    expect(completarPreco(linha({ precoVenda1: '10', precoOferta1: '12', ...periodo }), 0).falhas).toHaveLength(1);
    expect(completarPreco(linha({ precoVenda1: '10', precoOferta1: '9.99', ...periodo }), 0).falhas).toEqual([]);
  });
  it('oferta pede o período, com o fim depois do início', () => {
    expect(completarPreco(linha({ precoVenda1: '10', precoOferta1: '9' }), 0).falhas[0]!.campo).toBe(
      'precos.0.inicioOferta',
    );
    const invertido = { inicioOferta: '2026-12-10', fimOferta: '2026-12-01' };
    expect(completarPreco(linha({ precoVenda1: '10', precoOferta1: '9', ...invertido }), 0).falhas[0]!.campo).toBe(
      'precos.0.fimOferta',
    );
  });
  it('preço 2 e 3 com quantidade mínima (maior que 1; a do 3 maior que a do 2)', () => {
    expect(completarPreco(linha({ precoVenda1: '10', precoVenda2: '9' }), 0).falhas[0]!.campo).toBe(
      'precos.0.quantidadeMinimaPreco2',
    );
    const ok = linha({ precoVenda1: '10', precoVenda2: '9', quantidadeMinimaPreco2: '6' });
    expect(completarPreco(ok, 0).falhas).toEqual([]);
    const r = completarPreco({ ...ok, precoVenda3: '8', quantidadeMinimaPreco3: '6' }, 0).falhas;
    expect(r.map((f) => f.mensagem)).toEqual(['a quantidade mínima do preço 3 deve ser maior que a do preço 2.']);
  });
});

describe('lojas e códigos de barras', () => {
  it('"Todas as lojas" vira uma linha por loja do usuário; a linha da própria loja prevalece', () => {
    const r = expandirLojas(
      [linha({ lojaId: null, precoVenda1: '5' }), linha({ lojaId: 2, precoVenda1: '6' })],
      [1, 2, 3],
    );
    expect(r.map((x) => [x.linha.lojaId, x.linha.precoVenda1, x.origem])).toEqual([
      [1, '5', 0],
      [3, '5', 0],
      [2, '6', 1],
    ]);
  });
  it('loja repetida é recusada', () => {
    expect(falhasDasLojasDePreco([{ lojaId: 1 }, { lojaId: 1 }])[0]!.campo).toBe('precos.1.lojaId');
    expect(falhasDasLojasDePreco([{ lojaId: null }, { lojaId: 1 }])).toEqual([]);
  });
  it('EAN com dígito verificador GTIN; código repetido recusado', () => {
    expect(falhasDosCodigos([{ id: '7891000315507', tipo: 'EAN', fator: '1', eanTributado: true }])).toEqual([]);
    expect(
      falhasDosCodigos([{ id: '7891000315508', tipo: 'EAN', fator: '1', eanTributado: true }])[0]!.mensagem,
    ).toMatch(/dígito verificador/);
    expect(falhasDosCodigos([{ id: 'ABC', tipo: 'LITERAL', fator: '1', eanTributado: true }])).toEqual([]);
    const dois = { id: '7891000315507', tipo: 'EAN' as const, fator: '1', eanTributado: true };
    expect(falhasDosCodigos([dois, dois])[0]!.campo).toBe('codigosAuxiliares.1.id');
  });
});
