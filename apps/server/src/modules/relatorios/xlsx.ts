/**
 * The XLSX form of a tabular report: header lines like the PDF's, then the table. exceljs's
 * streaming writer (loaded lazily) zips row by row, so a long sheet does not hold the event loop.
 */
import { PassThrough } from 'node:stream';
import type { Cabecalho } from './pdf';

/**
 * A column whose text cells ("24/11/2026", "24/11/2026 14:05") become real date cells, or whose pt-BR
 * figures ("1.234,5", "R$ 12,30") become numbers in the column's `formato` (#27.17).
 */
export type TipoColuna = 'data' | 'dataHora' | 'numero';

const FORMATO: Record<TipoColuna, string> = { data: 'dd/mm/yyyy', dataHora: 'dd/mm/yyyy hh:mm', numero: '#,##0.00' };

/** "1.234,5" / "R$ -12,30" / "-R$ 12,30" → the number; any other text stays. */
export function celulaNumerica(texto: string): number | string {
  const t = texto.replace(/R\$\s*/, '').replace(/\s/g, '');
  if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$/.test(t)) return texto;
  return Number(t.replace(/\./g, '').replace(',', '.'));
}

/** "24/11/2026[ 14:05]" → the Date a spreadsheet shows as that same wall-clock value; other text stays. */
export function celulaDeData(texto: string): Date | string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/.exec(texto);
  if (!m) return texto;
  const [, d, mo, y, h = '0', mi = '0'] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)));
}

export async function planilha(
  c: Cabecalho,
  colunas: readonly { rotulo: string; tipo?: TipoColuna; formato?: string }[],
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
    ...(col.tipo ? { style: { numFmt: col.formato ?? FORMATO[col.tipo] } } : {}),
  }));
  const datas = colunas.map((col) => col.tipo !== undefined);
  const comDatas = datas.some(Boolean);
  const converter = (v: string, j: number) => (colunas[j]?.tipo === 'numero' ? celulaNumerica(v) : celulaDeData(v));
  const linha = (valores: (string | number | Date)[], fonte?: { bold?: boolean; italic?: boolean; size?: number }) => {
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
    const l = linhas[i]!;
    linha(comDatas ? l.map((v, j) => (datas[j] && v ? converter(v, j) : v)) : l);
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
