/** The XLSX form of a tabular report: header lines like the PDF's, then the table (exceljs, loaded lazily). */
import type { Cabecalho } from './pdf';

export async function planilha(
  c: Cabecalho,
  colunas: readonly { rotulo: string }[],
  linhas: readonly string[][],
  resumo: string,
): Promise<Buffer> {
  // exceljs costs ~0.3 s to load: only the first XLSX report pays it
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Retaguarda';
  const ws = wb.addWorksheet(c.titulo.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Relatório');
  ws.addRow([c.assinante]);
  ws.addRow([c.titulo]).font = { bold: true, size: 14 };
  ws.addRow([`Filtros: ${c.filtros.length ? c.filtros.join('; ') : 'Nenhum filtro'}`]);
  if (c.ordenacao) ws.addRow([`Ordenação: ${c.ordenacao}`]);
  ws.addRow([`Emitido em ${c.emitidoEm} por ${c.usuario}`]);
  ws.addRow([]);
  const th = ws.addRow(colunas.map((col) => col.rotulo));
  th.font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: th.number }];
  for (const l of linhas) ws.addRow(l);
  ws.addRow([]);
  ws.addRow([resumo]).font = { italic: true };
  ws.columns.forEach((col, i) => {
    const maior = Math.max(colunas[i]?.rotulo.length ?? 8, ...linhas.slice(0, 200).map((l) => l[i]?.length ?? 0));
    col.width = Math.min(60, Math.max(10, maior + 2));
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
