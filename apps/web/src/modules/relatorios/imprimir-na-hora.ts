/**
 * 'Imprimir' of a list that fits in a few pages opens the PDF at once: the list is counted first
 * (the same filter), a small one is generated while the user waits and shown inline; a big one goes to
 * the background as before (files in processing, the bell tells when it is ready).
 */
import type { ListaPaginada } from '@retaguarda/domain';
import { api } from '../../lib/api';
import { baixarArquivo, buscarRelatorio, type Relatorio, solicitarLista } from './relatorios.api';

/** Up to this many rows (about 10 pages) the PDF is awaited; more go to the background. */
export const LIMITE_NA_HORA = 500;
/** How long the user waits for a small PDF before it is handed to the background. */
const ESPERA_MAXIMA_MS = 45_000;

export type ResultadoImpressao =
  | { tipo: 'pronto'; relatorio: Relatorio; pdf: Blob }
  | { tipo: 'segundo-plano'; relatorio: Relatorio; motivo: 'grande' | 'demorou' };

/** How many rows the print would have (`total=limitado`: a broad filter answers "more than" at once). */
export async function contarLinhas(base: string, params: URLSearchParams): Promise<number> {
  const q = new URLSearchParams(params);
  q.set('start', '0');
  q.set('count', '1');
  q.set('total', 'limitado');
  const r = await api<Pick<ListaPaginada<unknown>, 'total' | 'totalLimitado'>>(`${base}?${q}`);
  return r.totalLimitado ? Number.POSITIVE_INFINITY : r.total;
}

const pausa = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export async function imprimirLista(
  base: string,
  params: URLSearchParams,
  espera = ESPERA_MAXIMA_MS,
): Promise<ResultadoImpressao> {
  const linhas = await contarLinhas(base, params);
  const pedido = await solicitarLista(base, params);
  if (linhas > LIMITE_NA_HORA) return { tipo: 'segundo-plano', relatorio: pedido, motivo: 'grande' };
  const fim = Date.now() + espera;
  let atual: Relatorio = pedido;
  for (let i = 0; atual.status === 'PROCESSANDO'; i++) {
    if (Date.now() > fim) return { tipo: 'segundo-plano', relatorio: atual, motivo: 'demorou' };
    await pausa(Math.min(150 * (i + 1), 1_000));
    atual = await buscarRelatorio(atual.id);
  }
  if (atual.status === 'ERRO') throw new Error(atual.mensagemErro ?? 'Não foi possível gerar o relatório.');
  return { tipo: 'pronto', relatorio: atual, pdf: await baixarArquivo(atual.id) };
}
