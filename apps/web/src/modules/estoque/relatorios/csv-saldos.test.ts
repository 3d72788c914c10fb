/** The balances' CSV (#27.9): ';'-separated, pt-BR decimals by the unit, quoted text, a BOM for Excel. */
import { describe, expect, it } from 'vitest';
import { csvDosSaldos } from './csv-saldos';

describe('csvDosSaldos', () => {
  it('uma linha por saldo, quantidade nas casas da unidade', () => {
    const csv = csvDosSaldos([
      {
        lojaId: 2,
        localId: 5,
        produtoId: 9,
        quantidade: '1234.5000',
        custoMedio: '3.141593',
        valorTotal: '3878.33',
        negativo: false,
        produtoCodigo: '1001',
        produtoDescricao: 'Queijo "minas"; fresco',
        unidade: 'KG',
        casasDecimais: 3,
        lojaSigla: 'BV02',
        localDescricao: 'Loja',
      },
    ]);
    expect(csv.startsWith('\uFEFFLoja;Local;Código;Produto;Unidade;Saldo;Custo médio;Valor em estoque\r\n')).toBe(true);
    expect(csv).toContain('BV02;Loja;1001;"Queijo ""minas""; fresco";KG;1234,500;3,1416;3878,33\r\n');
  });
});
