/** The report's spreadsheet: date columns hold real date cells in the Brazilian format, other text as is. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { celulaDeData, planilha } from '../../src/modules/relatorios/xlsx';

const CABECALHO = {
  assinante: 'Bela Vida',
  titulo: 'Produtos',
  filtros: [],
  emitidoEm: '24/11/2026 10:00',
  usuario: 'Ana',
} as unknown as Parameters<typeof planilha>[0];

describe('planilha de relatório', () => {
  it('date columns become date cells; a text that is not a date stays text', async () => {
    const buf = await planilha(
      CABECALHO,
      [
        { rotulo: 'Descrição' },
        { rotulo: 'Fora de linha desde', tipo: 'data' },
        { rotulo: 'Alterado em', tipo: 'dataHora' },
      ],
      [
        ['Café 01/02/2026', '31/12/2026', '24/11/2026 14:05'],
        ['Chá', '', ''],
      ],
      '2 registros.',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const linha = ws.getRows(1, ws.rowCount)!.find((r) => r.getCell(1).value === 'Café 01/02/2026')!;
    expect(linha.getCell(2).value).toEqual(new Date(Date.UTC(2026, 11, 31)));
    expect(linha.getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(linha.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 24, 14, 5)));
    expect(linha.getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('only dd/MM/yyyy[ HH:mm] is read as a date', () => {
    expect(celulaDeData('29/02/2028')).toEqual(new Date(Date.UTC(2028, 1, 29)));
    expect(celulaDeData('Lote 12/2026')).toBe('Lote 12/2026');
  });
});
