/**
 * The requisition list's filter as it lives in the URL: status and a store (at either end: what it asked
 * for and what it was asked for).
 */
import { rsql, STATUS_REQUISICAO, type StatusRequisicao } from '@retaguarda/domain';
import type { FiltroLista } from '../../../lib/lista/estado';

export interface FiltroRequisicoes {
  status: StatusRequisicao | '';
  lojaId: string;
}

export const FILTRO_REQUISICOES: FiltroLista<FiltroRequisicoes> = {
  chaves: ['status', 'loja'],
  daUrl: (q) => {
    const status = q.get('status') as StatusRequisicao | null;
    return {
      status: status && STATUS_REQUISICAO.includes(status) ? status : '',
      lojaId: /^\d+$/.test(q.get('loja') ?? '') ? q.get('loja')! : '',
    };
  },
  paraUrl: (f) => ({ ...(f.status ? { status: f.status } : {}), ...(f.lojaId ? { loja: f.lojaId } : {}) }),
  rsql: (f) =>
    rsql.and(
      f.status ? rsql.eq('status', f.status) : undefined,
      f.lojaId ? rsql.or(rsql.eq('lojaOrigemId', f.lojaId), rsql.eq('lojaDestinoId', f.lojaId)) : undefined,
    ),
};
