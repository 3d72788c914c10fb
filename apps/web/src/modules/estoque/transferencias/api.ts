/** Stock transfer API calls of the web (types from the domain contract). */
import type {
  DestinoTransferencia,
  EntradaTransferenciaEstoque,
  ListaPaginada,
  RecebimentoTransferencia,
  TransferenciaEstoque,
  TransferenciaEstoqueDetalhe,
} from '@retaguarda/domain';
import { api } from '../../../lib/api';
import { comConfirmacaoDeDataAntiga } from '../data-antiga';

const BASE = '/api/v1/estoque/transferencias';

export const listarTransferencias = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<TransferenciaEstoque>>(`${BASE}?${p}`, { signal });

export const obterTransferencia = (id: number) => api<TransferenciaEstoqueDetalhe>(`${BASE}/${id}`);

/** Every active store with its locations: the sender usually does not hold the destination. */
export const listarDestinos = () => api<{ items: DestinoTransferencia[] }>(`${BASE}/destinos`);

/** Posts once per form: the same Idempotency-Key on a retried click answers the first result. */
export const incluirTransferencia = (corpo: EntradaTransferenciaEstoque, chave: string) =>
  comConfirmacaoDeDataAntiga((confirmarDataAntiga) =>
    api<TransferenciaEstoqueDetalhe>(BASE, {
      method: 'POST',
      body: confirmarDataAntiga ? { ...corpo, confirmarDataAntiga } : corpo,
      headers: { 'Idempotency-Key': chave },
    }),
  );

export interface CorpoRecebimento {
  data?: string;
  observacao?: string;
  itens: { produtoId: number; quantidadeRecebida: string }[];
}

export const receberTransferencia = (id: number, corpo: CorpoRecebimento, chave: string) =>
  api<RecebimentoTransferencia>(`${BASE}/${id}/receber`, {
    method: 'POST',
    body: corpo,
    headers: { 'Idempotency-Key': chave },
  });

export const cancelarTransferencia = (id: number, chave: string) =>
  api<TransferenciaEstoqueDetalhe>(`${BASE}/${id}/cancelar`, {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': chave },
  });
