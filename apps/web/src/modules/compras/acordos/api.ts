/** Agreement reads of the web (types from the domain contracts); the moves go through the command faces. */
import type {
  AcordoComercial,
  AcordoComercialDetalhe,
  ListaPaginada,
  OpcoesAcordo,
  PainelAcordos,
} from '@retaguarda/domain';
import { api } from '../../../lib/api';

const BASE = '/api/v1/compra/acordos';

export const listarAcordos = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<AcordoComercial>>(`${BASE}?${p}`, { signal });
export const obterAcordo = (id: number) => api<AcordoComercialDetalhe>(`${BASE}/${id}`);
export const painelAcordos = (de: string, ate: string) =>
  api<PainelAcordos>(`${BASE}/painel?${new URLSearchParams({ de, ate })}`);
export const opcoesAcordo = () => api<OpcoesAcordo>(`${BASE}/opcoes`);
