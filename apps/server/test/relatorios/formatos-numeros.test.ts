/**
 * Numbers in the stock reports (#27.17): in the PDF quantities take their unit's decimals, money 2, unit
 * costs 2 to 4; in the XLSX the same figures are number cells with those formats and dates are dates.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  celulasPdfMovimento,
  celulasPlanilhaMovimento,
  type Linha as LinhaMovimento,
} from '../../src/modules/estoque/relatorios/movimentacoes';
import { celulasPdfSaldo, type Linha as LinhaSaldo } from '../../src/modules/estoque/relatorios/saldo';
import { PlanilhaEmFluxo, planilha, textoCusto } from '../../src/modules/relatorios';
import { colunaDaPlanilha } from '../../src/modules/relatorios/lista-cadastro';

const CABECALHO = {
  assinante: 'Bela Vida',
  titulo: 'Extrato',
  filtros: [],
  emitidoEm: '24/11/2026 10:00',
  usuario: 'Ana',
};
const texto = (c: unknown) => (typeof c === 'string' ? c : (c as { text: string }).text);

const movimento = (quantidade: string, casas: number): LinhaMovimento => [
  '2026-11-24',
  1,
  2,
  '1001',
  'Queijo',
  'AJUSTE_ENTRADA' as LinhaMovimento[5],
  'AJUSTE',
  '7',
  quantidade,
  '3.14159265',
  '39.27',
  '5.500000',
  casas,
];

describe('números nos relatórios de estoque', () => {
  it('PDF: quantity by the unit, cost up to 4 decimals, money 2', () => {
    const kg = celulasPdfMovimento(movimento('12.5000', 3), 'BV01', 'Depósito').map(texto);
    expect(kg.slice(7)).toEqual(['12,500', '3,1416', 'R$ 39,27', '5,50']);
    const un = celulasPdfMovimento(movimento('2.0000', 0), 'BV01', 'Depósito').map(texto);
    expect(un[7]).toBe('2');
    const saldo: LinhaSaldo = [1, 2, '1001', 'Queijo', '-3.0000', true, '10.123456', '-30.37', 0];
    expect(celulasPdfSaldo(saldo, 'BV01', 'Depósito').map(texto).slice(4)).toEqual(['-3', '10,1235', '-R$ 30,37']);
    expect(textoCusto('5.000000')).toBe('5,00');
    expect(textoCusto('1234.567800')).toBe('1.234,5678');
  });

  it('XLSX: dates are dates, numbers are numbers with formats', async () => {
    const p = await PlanilhaEmFluxo.abrir(CABECALHO, 'Movimentos', [
      { rotulo: 'Data', largura: 11, formato: 'dd/mm/yyyy' },
      { rotulo: 'Loja', largura: 8 },
      { rotulo: 'Local', largura: 8 },
      { rotulo: 'Código', largura: 8 },
      { rotulo: 'Produto', largura: 8 },
      { rotulo: 'Tipo', largura: 8 },
      { rotulo: 'Documento', largura: 8 },
      { rotulo: 'Quantidade', largura: 8 },
      { rotulo: 'Custo unitário', largura: 8, formato: '#,##0.00##' },
      { rotulo: 'Valor', largura: 8, formato: '#,##0.00' },
      { rotulo: 'Custo médio após', largura: 8, formato: '#,##0.00##' },
    ]);
    await p.linha(celulasPlanilhaMovimento(movimento('12.5000', 3), 'BV01', 'Depósito'));
    await p.linha(celulasPlanilhaMovimento(movimento('2.0000', 0), 'BV01', 'Depósito'));
    const arquivo = await p.fechar();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(arquivo.caminho);
    await arquivo.descartar();
    const ws = wb.worksheets[0]!;
    const linhas = ws.getRows(1, ws.rowCount)!.filter((r) => r.getCell(4).value === '1001');
    expect(linhas).toHaveLength(2);
    const [kg, un] = linhas as [ExcelJS.Row, ExcelJS.Row];
    expect(kg.getCell(1).value).toEqual(new Date(Date.UTC(2026, 10, 24)));
    expect(kg.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(kg.getCell(8).value).toBe(12.5);
    expect(kg.getCell(8).numFmt).toBe('#,##0.000');
    expect(un.getCell(8).value).toBe(2);
    expect(un.getCell(8).numFmt).toBe('#,##0');
    expect(kg.getCell(9).type).toBe(ExcelJS.ValueType.Number);
    expect(kg.getCell(9).numFmt).toBe('#,##0.00##');
    expect(kg.getCell(10).value).toBe(39.27);
    expect(kg.getCell(10).numFmt).toBe('#,##0.00');
    expect(kg.getCell(5).value).toBe('Queijo');
  });

  it('XLSX of text rows (the statement): pt-BR figures in number columns become numbers in the format', async () => {
    const buf = await planilha(
      CABECALHO,
      [
        { rotulo: 'Data', tipo: 'data' },
        { rotulo: 'Saldo', tipo: 'numero', formato: '#,##0.000' },
        { rotulo: 'Custo médio', tipo: 'numero', formato: '#,##0.00' },
      ],
      [
        ['24/11/2026', '1.234,500', 'R$ 5,50'],
        ['Saldo anterior a 01/11/2026', '-2,000', ''],
      ],
      '2 movimentos.',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const r = ws.getRows(1, ws.rowCount)!;
    const a = r.find((x) => x.getCell(1).value instanceof Date)!;
    expect(a.getCell(2).value).toBe(1234.5);
    expect(a.getCell(2).numFmt).toBe('#,##0.000');
    expect(a.getCell(3).value).toBe(5.5);
    expect(a.getCell(3).numFmt).toBe('#,##0.00');
    const b = r.find((x) => x.getCell(1).value === 'Saldo anterior a 01/11/2026')!;
    expect(b.getCell(2).value).toBe(-2);
  });

  it("a register list's XLSX columns: money, decimals and quantities as numbers; codes stay text", () => {
    expect(colunaDaPlanilha({ type: 'money' })).toEqual({ tipo: 'numero', formato: '#,##0.00' });
    expect(colunaDaPlanilha({ type: 'quantity', scale: 3 })).toEqual({ tipo: 'numero', formato: '#,##0.000' });
    expect(colunaDaPlanilha({ type: 'decimal', scale: 4 })).toEqual({ tipo: 'numero', formato: '#,##0.0000' });
    expect(colunaDaPlanilha({ type: 'date' })).toEqual({ tipo: 'data' });
    expect(colunaDaPlanilha({ type: 'integer' })).toEqual({});
    expect(colunaDaPlanilha(undefined)).toEqual({});
  });
});
