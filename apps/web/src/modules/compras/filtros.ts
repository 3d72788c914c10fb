/** The purchasing lists' filter as it lives in the URL: a status and a store. */
import { rsql } from '@retaguarda/domain';
import type { FiltroLista } from '../../lib/lista/estado';

export interface FiltroCompras {
  status: string;
  lojaId: string;
}

export const filtroCompras = (validos: readonly string[]): FiltroLista<FiltroCompras> => ({
  chaves: ['status', 'loja'],
  daUrl: (q) => ({
    status: validos.includes(q.get('status') ?? '') ? q.get('status')! : '',
    lojaId: /^\d+$/.test(q.get('loja') ?? '') ? q.get('loja')! : '',
  }),
  paraUrl: (f) => ({ ...(f.status ? { status: f.status } : {}), ...(f.lojaId ? { loja: f.lojaId } : {}) }),
  rsql: (f) =>
    rsql.and(f.status ? rsql.eq('status', f.status) : undefined, f.lojaId ? rsql.eq('lojaId', f.lojaId) : undefined),
});
