/** The monitoring's filter as it lives in the URL: status, supplier, kind, store and a period of vigência. */
import { rsql, STATUS_ACORDO } from '@retaguarda/domain';
import type { FiltroLista } from '../../../lib/lista/estado';

export interface FiltroAcordos {
  status: string;
  fornecedorId: string;
  tipoAcordoId: string;
  lojaId: string;
  de: string;
  ate: string;
}

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{1,9}$/;
const CHAVES = {
  status: 'status',
  fornecedorId: 'fornecedor',
  tipoAcordoId: 'tipo',
  lojaId: 'loja',
  de: 'de',
  ate: 'ate',
} as const;

export const FILTRO_ACORDOS: FiltroLista<FiltroAcordos> = {
  chaves: Object.values(CHAVES),
  daUrl: (q) => {
    const v = (k: keyof FiltroAcordos, re: RegExp) => (re.test(q.get(CHAVES[k]) ?? '') ? q.get(CHAVES[k])! : '');
    const status = q.get('status') ?? '';
    return {
      status: (STATUS_ACORDO as readonly string[]).includes(status) ? status : '',
      fornecedorId: v('fornecedorId', ID),
      tipoAcordoId: v('tipoAcordoId', ID),
      lojaId: v('lojaId', ID),
      de: v('de', DIA),
      ate: v('ate', DIA),
    };
  },
  paraUrl: (f) =>
    Object.fromEntries(
      (Object.keys(CHAVES) as (keyof FiltroAcordos)[]).filter((k) => f[k]).map((k) => [CHAVES[k], f[k]]),
    ),
  // a period selects the agreements whose vigência touches it
  rsql: (f) =>
    rsql.and(
      f.status ? rsql.eq('status', f.status) : undefined,
      f.fornecedorId ? rsql.eq('fornecedorId', f.fornecedorId) : undefined,
      f.tipoAcordoId ? rsql.eq('tipoAcordoId', f.tipoAcordoId) : undefined,
      f.lojaId ? rsql.eq('lojaId', f.lojaId) : undefined,
      f.de ? rsql.ge('vigenciaFim', f.de) : undefined,
      f.ate ? rsql.le('vigenciaInicio', f.ate) : undefined,
    ),
};
