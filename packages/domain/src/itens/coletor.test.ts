import { describe, expect, it } from 'vitest';
import { LAYOUT_COLETOR_PADRAO, lerColetor, layoutColetor, quantidadeDoColetor } from './coletor';

describe('lerColetor (o leitor único de arquivos de coletor)', () => {
  it('delimitado EAN;QTD com vírgula decimal, linhas em branco ignoradas, falhas com a linha do arquivo', () => {
    const r = lerColetor('7891000000019;2\r\n\n7891000000026;1,5\n;3\n789;x\n', LAYOUT_COLETOR_PADRAO.layout);
    expect(r.linhas).toEqual([
      { linha: 1, codigo: '7891000000019', quantidade: '2' },
      { linha: 3, codigo: '7891000000026', quantidade: '1.5' },
    ]);
    expect(r.falhas.map((f) => f.linha)).toEqual([4, 5]);
  });

  it('sem coluna de quantidade, cada leitura conta um; cabeçalho pulado; aspas tiradas', () => {
    const layout = layoutColetor.parse({ formato: 'DELIMITADO', separador: ',', colunaCodigo: 2, linhasIgnoradas: 1 });
    const r = lerColetor('seq,ean\n1,"7891000000019"\n2,7891000000019', layout);
    expect(r.linhas.map((l) => [l.codigo, l.quantidade])).toEqual([
      ['7891000000019', '1'],
      ['7891000000019', '1'],
    ]);
  });

  it('largura fixa com casas implícitas', () => {
    const layout = layoutColetor.parse({
      formato: 'FIXO',
      inicioCodigo: 1,
      tamanhoCodigo: 13,
      inicioQuantidade: 14,
      tamanhoQuantidade: 6,
      casasImplicitas: 2,
    });
    expect(lerColetor('7891000000019000150', layout).linhas).toEqual([
      { linha: 1, codigo: '7891000000019', quantidade: '1.5' },
    ]);
  });

  it('XLSX: as linhas chegam como células', () => {
    const layout = layoutColetor.parse({ formato: 'XLSX', colunaCodigo: 1, colunaQuantidade: 3, linhasIgnoradas: 1 });
    const r = lerColetor(
      [
        ['EAN', 'Descrição', 'Qtd'],
        ['7891000000019', 'Arroz', '3'],
      ],
      layout,
    );
    expect(r.linhas).toEqual([{ linha: 2, codigo: '7891000000019', quantidade: '3' }]);
  });

  it.each([
    ['1.234,5', ',', '1234.5'],
    ['2', ',', '2'],
    ['1,234.5', '.', '1234.5'],
    ['', ',', '1'],
    ['-1', ',', null],
    ['1,23456', ',', null],
  ] as const)('quantidade %s (%s) → %s', (v, sep, esperado) => {
    expect(quantidadeDoColetor(v, sep)).toBe(esperado);
  });

  it('layout inválido é recusado em português', () => {
    const r = layoutColetor.safeParse({ formato: 'DELIMITADO', separador: '', colunaCodigo: 0 });
    expect(r.success).toBe(false);
  });
});
