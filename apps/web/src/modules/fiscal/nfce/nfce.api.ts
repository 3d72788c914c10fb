/** Calls of the NFC-e monitor screens (reads; the SEFAZ actions are in ./acoes, their own module). */
import {
  type CartoesNfce,
  type DetalheNfce,
  type DocumentoNfceLinha,
  type FaixaNfce,
  type FiltroNotasInvalidas,
  type ListaPaginada,
  type MotivoRejeicaoNfce,
  type OpcoesMonitorNfce,
  parametrosDoFiltro,
} from '@retaguarda/domain';
import { api } from '../../../lib/api';
import { HttpError } from '../../../lib/erros';
import { lerTokens } from '../../../lib/tokens';

const BASE = '/api/v1/fiscal/nfce';
const qs = (f: FiltroNotasInvalidas, extra: Record<string, string> = {}) =>
  new URLSearchParams({ ...parametrosDoFiltro(f), ...extra }).toString();

export const listarNfce = (f: FiltroNotasInvalidas, start: number, count: number, sort: string) =>
  api<ListaPaginada<DocumentoNfceLinha>>(
    `${BASE}/documentos?${qs(f, { start: String(start), count: String(count), sort })}`,
  );

/** The cards count every status under the filter: the status is left out. */
export const cartoesNfce = (f: FiltroNotasInvalidas) =>
  api<CartoesNfce>(`${BASE}/cartoes?${qs({ ...f, status: null })}`);

export const motivosRejeicao = (f: FiltroNotasInvalidas) =>
  api<{ items: MotivoRejeicaoNfce[] }>(`${BASE}/motivos-rejeicao?${qs({ ...f, status: null, motivosRejeicao: [] })}`);

export const faixasNfce = (f: FiltroNotasInvalidas) => api<FaixaNfce>(`${BASE}/faixas?${qs(f)}`);

export const opcoesMonitor = () => api<OpcoesMonitorNfce>(`${BASE}/opcoes`);

export const detalheNfce = (chave: string) => api<DetalheNfce>(`${BASE}/documentos/${encodeURIComponent(chave)}`);

/** XML and DANFE with the session's token (a link cannot send it). */
export async function baixarDocumento(chave: string, tipo: 'xml' | 'danfe'): Promise<Blob> {
  const url = `${BASE}/documentos/${encodeURIComponent(chave)}/${tipo}`;
  const token = lerTokens()?.accessToken;
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    throw new HttpError(res.status, url, data);
  }
  return res.blob();
}
