/** Calls of the stock statement (server modules/estoque/extrato.routes.ts), typed by the domain contract. */
import type { ExtratoEstoque } from '@retaguarda/domain';
import { api } from '../../../lib/api';

export const BASE_EXTRATO = '/api/v1/estoque/extrato';

export const lerExtrato = (params: URLSearchParams, start: number, count: number, signal?: AbortSignal) => {
  const q = new URLSearchParams(params);
  q.set('start', String(start));
  q.set('count', String(count));
  return api<ExtratoEstoque>(`${BASE_EXTRATO}?${q}`, { signal });
};
