/**
 * The statement screen's filters as typed (dd/MM/yyyy dates, optional location) and what the API reads
 * (YYYY-MM-DD). The period defaults to the current month in the store's local date.
 */
import { hojeNaZona } from '@retaguarda/domain';
import { type LojaComZona, lerDataBr, zonaDe } from '../../../lib/datas';
import type { ProdutoResumo } from '../../produto/busca';

export interface FiltrosTela {
  produto: ProdutoResumo | null;
  lojaId: number | null;
  /** '' = every location */
  localId: string;
  de: string;
  ate: string;
}

/** 'dd/MM/yyyy' → 'YYYY-MM-DD' (null when it is not a real date): the domain's one reader. */
export const dataIso = lerDataBr;

export const dataBr = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** First and last day of the current month at the store (its zone). */
export function mesAtual(loja: LojaComZona | undefined, agora?: Date): { de: string; ate: string } {
  const hoje = hojeNaZona(zonaDe(loja), agora);
  const [a, m] = hoje.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(a, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { de: dataBr(`${a}-${mm}-01`), ate: dataBr(`${a}-${mm}-${String(ultimo).padStart(2, '0')}`) };
}

export type ErrosFiltro = Partial<Record<'produto' | 'lojaId' | 'de' | 'ate', string>>;

/** The API query of the filters, or the field errors that stop it. */
export function consultaDe(f: FiltrosTela): { params: URLSearchParams } | { erros: ErrosFiltro } {
  const erros: ErrosFiltro = {};
  if (!f.produto) erros.produto = 'Informe o produto.';
  if (!f.lojaId) erros.lojaId = 'Informe a loja.';
  const de = dataIso(f.de);
  const ate = dataIso(f.ate);
  if (!de) erros.de = 'Informe a data no formato dd/mm/aaaa.';
  if (!ate) erros.ate = 'Informe a data no formato dd/mm/aaaa.';
  if (de && ate && ate < de) erros.ate = 'A data final deve ser igual ou posterior à data inicial.';
  if (Object.keys(erros).length) return { erros };
  const params = new URLSearchParams({
    produtoId: String(f.produto!.id),
    lojaId: String(f.lojaId),
    de: de!,
    ate: ate!,
  });
  if (f.localId) params.set('localId', f.localId);
  return { params };
}
