/**
 * 'Gerar' of the legacy Saldo de estoque: the old page downloaded the file itself, and UI robots wait for
 * that download (api-compat C12, `relatorioSaldoEstoque.xls`). The report is asked as usual (background job),
 * awaited here, then saved under the old name; one that takes longer than the wait stays with the bell.
 *
 * The Excel file is the report's XLSX under the old `.xls` name: exceljs writes XLSX only and the `xlsx`
 * package is banned; Excel, LibreOffice and pandas/openpyxl read a workbook by its content (a zip), while
 * SpreadsheetML 2003 would not be read by pandas (xlrd ≥ 2 reads BIFF only) and gets the same Excel prompt.
 */
import type { FormularioSaldoEstoque } from '@retaguarda/domain';
import { salvarBlob } from '../../../lib/download';
import { baixarArquivo, buscarRelatorio, type Relatorio } from '../../relatorios/relatorios.api';
import { solicitarSaldoEstoque } from './api';

export const NOME_LEGADO = { XLSX: 'relatorioSaldoEstoque.xls', PDF: 'relatorioSaldoEstoque.pdf' } as const;
/** How long the page waits for the file before leaving it to the bell. */
const ESPERA_MS = 120_000;

const pausa = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export type ResultadoGerar = { tipo: 'baixado' | 'segundo-plano'; relatorio: Relatorio };

export async function gerarEBaixar(corpo: FormularioSaldoEstoque, espera = ESPERA_MS): Promise<ResultadoGerar> {
  const pedido = await solicitarSaldoEstoque(corpo);
  const fim = Date.now() + espera;
  let atual: Relatorio = pedido;
  for (let i = 0; atual.status === 'PROCESSANDO'; i++) {
    if (Date.now() > fim) return { tipo: 'segundo-plano', relatorio: atual };
    await pausa(Math.min(150 * (i + 1), 1_000));
    atual = await buscarRelatorio(atual.id);
  }
  if (atual.status === 'ERRO') throw new Error(atual.mensagemErro ?? 'Não foi possível gerar o relatório.');
  const arquivo = await baixarArquivo(atual.id);
  salvarBlob(arquivo, corpo.formato === 'XLSX' ? NOME_LEGADO.XLSX : NOME_LEGADO.PDF);
  return { tipo: 'baixado', relatorio: atual };
}
