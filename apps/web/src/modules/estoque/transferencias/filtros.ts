/**
 * The transfer list's filter as it lives in the URL: status, a store (at either end: what it sent and what
 * it receives) and the period (de/até, dd/MM/yyyy on screen, business dates on the wire).
 */
import { rsql, STATUS_TRANSFERENCIA, type StatusTransferencia } from '@retaguarda/domain';
import type { FiltroLista } from '../../../lib/lista/estado';
import { dataDaTela } from '../ajustes/formulario';

export interface FiltroTransferencias {
  status: StatusTransferencia | '';
  lojaId: string;
  de: string;
  ate: string;
}

export const FILTRO_VAZIO: FiltroTransferencias = { status: '', lojaId: '', de: '', ate: '' };

const dataValida = (v: string) => {
  const d = dataDaTela(v);
  return /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null;
};

export const FILTRO_TRANSFERENCIAS: FiltroLista<FiltroTransferencias> = {
  chaves: ['status', 'loja', 'de', 'ate'],
  daUrl: (q) => {
    const status = q.get('status') as StatusTransferencia | null;
    return {
      status: status && STATUS_TRANSFERENCIA.includes(status) ? status : '',
      lojaId: /^\d+$/.test(q.get('loja') ?? '') ? q.get('loja')! : '',
      de: q.get('de') ?? '',
      ate: q.get('ate') ?? '',
    };
  },
  paraUrl: (f) => ({
    ...(f.status ? { status: f.status } : {}),
    ...(f.lojaId ? { loja: f.lojaId } : {}),
    ...(f.de ? { de: f.de } : {}),
    ...(f.ate ? { ate: f.ate } : {}),
  }),
  rsql: (f) => {
    const de = dataValida(f.de);
    const ate = dataValida(f.ate);
    return rsql.and(
      f.status ? rsql.eq('status', f.status) : undefined,
      f.lojaId ? rsql.or(rsql.eq('lojaOrigemId', f.lojaId), rsql.eq('lojaDestinoId', f.lojaId)) : undefined,
      de ? rsql.ge('data', de) : undefined,
      ate ? rsql.le('data', ate) : undefined,
    );
  },
};
