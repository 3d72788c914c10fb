/**
 * Reads of the inconsistency lots (types from the domain contract). The commands are called by their domain
 * faces through lib/comando/useComando (one key per submission, so a re-click posts once).
 */
import type {
  AlteracaoLoteInconsistencia,
  ContagemInconsistencias,
  ItemLoteInconsistencia,
  ListaPaginada,
  LoteInconsistencia,
  OpcoesDeFiltroDeProduto,
} from '@retaguarda/domain';
import { api } from '../../../lib/api';

const BASE = '/api/v1/fiscal/lotes-inconsistencia';

export const listarLotes = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<LoteInconsistencia>>(`${BASE}?${p}`, { signal });
export const lotesEmAnalise = () =>
  api<ListaPaginada<LoteInconsistencia>>(`${BASE}?q=${encodeURIComponent('status==EM_ANALISE')}&count=200&sort=-id`);
export const lerLote = (id: number) => api<LoteInconsistencia>(`${BASE}/${id}`);
export const contagem = () => api<ContagemInconsistencias>('/api/v1/fiscal/inconsistencias');

/** every item of the lot (the grid is virtualised; a lot holds at most 50 000) */
export async function itensDoLote(id: number): Promise<ItemLoteInconsistencia[]> {
  const itens: ItemLoteInconsistencia[] = [];
  for (let start = 0; ; ) {
    const p = await api<ListaPaginada<ItemLoteInconsistencia>>(`${BASE}/${id}/itens?start=${start}&count=1000`);
    itens.push(...p.items);
    start += p.count;
    if (!p.count || start >= p.total) return itens;
  }
}
export const alteracoes = (id: number) =>
  api<ListaPaginada<AlteracaoLoteInconsistencia>>(`${BASE}/${id}/alteracoes?count=1000`);

/** seções, marcas and fornecedores for the lot's filters (served with the lot permission) */
export const opcoesDeFiltro = () => api<OpcoesDeFiltroDeProduto>('/api/v1/fiscal/inconsistencias/filtros');
