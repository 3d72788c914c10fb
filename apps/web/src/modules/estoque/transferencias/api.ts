/** Stock transfer reads of the web (types from the domain contract); the commands are called by their faces (useComando). */
import type {
  DestinoTransferencia,
  ListaPaginada,
  TransferenciaEstoque,
  TransferenciaEstoqueDetalhe,
} from '@retaguarda/domain';
import { api } from '../../../lib/api';

const BASE = '/api/v1/estoque/transferencias';

export const listarTransferencias = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<TransferenciaEstoque>>(`${BASE}?${p}`, { signal });

export const obterTransferencia = (id: number) => api<TransferenciaEstoqueDetalhe>(`${BASE}/${id}`);

/** Every active store with its locations: the sender usually does not hold the destination. */
export const listarDestinos = () => api<{ items: DestinoTransferencia[] }>(`${BASE}/destinos`);
