/** Calls of the report API (server module relatorios), typed by its contract: request, status, the file as a Blob. */
import type { PaginaDeRelatorios, RelatorioComLink } from '@retaguarda/domain';
import { comCarregamento } from '../../servicos/estado-ui';
import { api } from '../../lib/api';
import { HttpError } from '../../lib/erros';
import { lerTokens } from '../../lib/tokens';

export type { Relatorio, StatusRelatorio } from '@retaguarda/domain';

/** 'Imprimir' of a register list: the list's own query (filter and sort), without paging. */
export function solicitarLista(base: string, p: URLSearchParams, formato: 'pdf' | 'xlsx' = 'pdf') {
  const q = new URLSearchParams(p);
  q.delete('start');
  q.delete('count');
  q.set('formato', formato);
  // a report request runs under the global loading curtain (spec §2.3)
  return comCarregamento(() => api<RelatorioComLink>(`${base}/relatorio?${q}`, { method: 'POST' }));
}

export const solicitarHistorico = (base: string, id: string) =>
  comCarregamento(() => api<RelatorioComLink>(`${base}/${encodeURIComponent(id)}/historico`, { method: 'POST' }));

export const buscarRelatorio = (id: string) => api<RelatorioComLink>(`/api/v1/relatorios/${encodeURIComponent(id)}`);

export const relatoriosEmProcessamento = () =>
  api<PaginaDeRelatorios>('/api/v1/relatorios?status=PROCESSANDO').then((r) => r.items);

/** The file with the session's token (an iframe cannot send it): shown through a blob URL. */
export async function baixarArquivo(id: string): Promise<Blob> {
  const url = `/api/v1/relatorios/${encodeURIComponent(id)}/arquivo`;
  const token = lerTokens()?.accessToken;
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    throw new HttpError(res.status, url, data);
  }
  return res.blob();
}
