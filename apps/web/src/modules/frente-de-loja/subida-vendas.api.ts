/** Calls of the sales-upload inconsistency screens, typed by the domain's contracts. */
import type { ListaPaginada, PendenciaSubida, TipoErroSubida, TransacaoSubida } from '@retaguarda/domain';
import { api } from '../../lib/api';

export interface FiltroSubida {
  lojaId?: number | null;
  dataInicio?: string | null;
  dataFim?: string | null;
}

const consulta = (f: FiltroSubida, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams(extra);
  if (f.lojaId) q.set('lojaId', String(f.lojaId));
  if (f.dataInicio) q.set('dataInicio', f.dataInicio);
  if (f.dataFim) q.set('dataFim', f.dataFim);
  const s = q.toString();
  return s ? `?${s}` : '';
};

export const listarPendenciasSubida = (f: FiltroSubida) =>
  api<{ items: PendenciaSubida[] }>(`/api/v1/pdv/inconsistencias-subida${consulta(f)}`);

export const listarTransacoesSubida = (codigo: TipoErroSubida, f: FiltroSubida, start: number, count: number) =>
  api<ListaPaginada<TransacaoSubida>>(
    `/api/v1/pdv/inconsistencias-subida/${encodeURIComponent(codigo)}/transacoes${consulta(f, {
      start: String(start),
      count: String(count),
    })}`,
  );
