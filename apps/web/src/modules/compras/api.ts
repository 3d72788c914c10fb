/** Purchasing reads of the web and the NF-e XML upload (types from the domain contracts); commands by their faces. */
import type { ConferenciaCompra, ListaPaginada, NotaFiscalCompra } from '@retaguarda/domain';
import { api } from '../../lib/api';
import { lerTokens } from '../../lib/tokens';
import { enviarComProgresso } from '../../ui/uploadEnvio';

export const listarNotas = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<NotaFiscalCompra>>(`/api/v1/compra/notas-fiscais?${p}`, { signal });
export const obterNota = (id: number) => api<NotaFiscalCompra>(`/api/v1/compra/notas-fiscais/${id}`);
export const listarConferencias = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<ConferenciaCompra>>(`/api/v1/compra/conferencias?${p}`, { signal });
export const obterConferencia = (id: number) => api<ConferenciaCompra>(`/api/v1/compra/conferencias/${id}`);

/** The supplier's NF-e XML: its preview (nothing kept) or its entry. */
export function enviarNfe(arquivo: File, o: { lojaId: number; previa: boolean }) {
  const p = new URLSearchParams({ lojaId: String(o.lojaId) });
  if (o.previa) p.set('previa', 'true');
  const token = lerTokens()?.accessToken;
  return enviarComProgresso<NotaFiscalCompra>(`/api/v1/compra/notas-fiscais/xml?${p}`, arquivo, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}
