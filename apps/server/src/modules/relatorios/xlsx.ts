/**
 * The XLSX form of a tabular report: header lines like the PDF's, then the table. exceljs's
 * streaming writer (loaded lazily) zips row by row, so a long sheet does not hold the event loop.
 */
import { PassThrough } from 'node:stream';
import type { Cabecalho } from './pdf';

export async function planilha(
  c: Cabecalho,
  colunas: readonly { rotulo: string }[],
  linhas: readonly string[][],
  resumo: string,
): Promise<Buffer> {
  // exceljs costs ~0.3 s to load: only the first XLSX report pays it
  const ExcelJS = (await import('exceljs')).default;
  const saida = new PassThrough();
  const partes: Buffer[] = [];
  saida.on('data', (b: Buffer) => partes.push(b));
  const fim = new Promise<void>((ok, erro) => {
    saida.on('end', ok);
    saida.on('error', erro);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  wb.creator = 'Retaguarda';
  const ws = wb.addWorksheet(c.titulo.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Relatório');
  ws.columns = colunas.map((col, i) => ({
    width: Math.min(60, Math.max(10, col.rotulo.length, ...linhas.slice(0, 200).map((l) => l[i]?.length ?? 0)) + 2),
  }));
  const linha = (valores: string[], fonte?: { bold?: boolean; italic?: boolean; size?: number }) => {
    const r = ws.addRow(valores);
    if (fonte) r.font = fonte;
    r.commit();
  };
  linha([c.assinante]);
  linha([c.titulo], { bold: true, size: 14 });
  linha([`Filtros: ${c.filtros.length ? c.filtros.join('; ') : 'Nenhum filtro'}`]);
  if (c.ordenacao) linha([`Ordenação: ${c.ordenacao}`]);
  linha([`Emitido em ${c.emitidoEm} por ${c.usuario}`]);
  linha([]);
  linha(
    colunas.map((col) => col.rotulo),
    { bold: true },
  );
  for (let i = 0; i < linhas.length; i++) {
    linha(linhas[i]!);
    // let other requests in between batches of rows
    if (i % 2000 === 1999) await new Promise((ok) => setImmediate(ok));
  }
  linha([]);
  linha([resumo], { italic: true });
  ws.commit();
  await wb.commit();
  await fim;
  return Buffer.concat(partes);
}
