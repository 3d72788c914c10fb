/**
 * API calls of the inconsistency lots (types from the domain contract). Commands take the Idempotency-Key of
 * their submission (lib/comando/useComando: one key per submission, so a re-click posts once).
 */
import type {
  AlteracaoLoteInconsistencia,
  ContagemInconsistencias,
  EntradaCriarLote,
  ItemLoteInconsistencia,
  ListaPaginada,
  LoteInconsistencia,
  ResultadoPropostasLote,
} from '@retaguarda/domain';
import { api } from '../../../lib/api';

const BASE = '/api/v1/fiscal/lotes-inconsistencia';

export interface Opcao {
  id: number;
  descricao: string;
}

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

export const criarLote = (corpo: EntradaCriarLote, chave: string) =>
  api<LoteInconsistencia>(BASE, { method: 'POST', body: corpo, headers: { 'Idempotency-Key': chave } });

export interface Propostas {
  valor?: string | null;
  lojaId?: number | null;
  itens?: { itemId: number; valor: string | null }[];
  aplicarValidos?: boolean;
}
export const proporValores = ({ id, corpo }: { id: number; corpo: Propostas }, chave: string) =>
  api<ResultadoPropostasLote>(`${BASE}/${id}/propostas`, {
    method: 'POST',
    body: corpo,
    headers: { 'Idempotency-Key': chave },
  });

const acao = (nome: 'analise' | 'finalizacao' | 'cancelamento') => (id: number, chave: string) =>
  api<LoteInconsistencia>(`${BASE}/${id}/${nome}`, {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': chave },
  });
export const enviarParaAnalise = acao('analise');
export const finalizar = acao('finalizacao');
export const cancelar = acao('cancelamento');

/** seções, marcas and fornecedores for the lot's filters (served with the lot permission) */
export const opcoesDeFiltro = () =>
  api<{ secoes: Opcao[]; marcas: Opcao[]; fornecedores: Opcao[] }>('/api/v1/fiscal/inconsistencias/filtros');
