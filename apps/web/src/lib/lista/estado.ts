/**
 * The state of any paged list as it lives in the URL after the # (spec §5: a link reproduces the
 * view) and its translation into the API's `start/count/sort/q`. Each list declares only its
 * filter (URL keys, defaults, RSQL); page, page size and order are the same everywhere.
 */
import { emitRsql, type RsqlPart } from '@retaguarda/domain';

export const TAMANHOS_PAGINA = [10, 25, 50, 100] as const;
export const TAMANHO_PADRAO = 10;

export interface Paginacao {
  pagina: number;
  tamanho: number;
  /** the API's `sort`: `nome`, `-id` */
  ordem: string;
}

export type EstadoLista<F> = F & Paginacao;

/** How one list's filter is read from and written to the URL, and what `q` it asks. */
export interface FiltroLista<F> {
  /** URL parameters the filter owns (anything else in the query is left alone) */
  chaves: readonly string[];
  daUrl: (q: URLSearchParams) => F;
  /** only what differs from the defaults, so a plain link stays plain */
  paraUrl: (f: F) => Record<string, string>;
  rsql: (f: F) => RsqlPart;
}

const CHAVES_PAGINACAO = ['pagina', 'tamanho', 'ordem'] as const;

export function estadoDaUrl<F>(q: URLSearchParams, filtro: FiltroLista<F>, ordemPadrao: string): EstadoLista<F> {
  const tamanho = Number(q.get('tamanho'));
  return {
    ...filtro.daUrl(q),
    pagina: Math.max(1, Number.parseInt(q.get('pagina') ?? '1', 10) || 1),
    tamanho: (TAMANHOS_PAGINA as readonly number[]).includes(tamanho) ? tamanho : TAMANHO_PADRAO,
    ordem: q.get('ordem') || ordemPadrao,
  };
}

export function urlDoEstado<F>(e: EstadoLista<F>, filtro: FiltroLista<F>, ordemPadrao: string): Record<string, string> {
  const out = filtro.paraUrl(e);
  if (e.pagina > 1) out.pagina = String(e.pagina);
  if (e.tamanho !== TAMANHO_PADRAO) out.tamanho = String(e.tamanho);
  if (e.ordem !== ordemPadrao) out.ordem = e.ordem;
  return out;
}

/** The URL after a change: the list's own parameters rewritten, the others (aba, registro) kept. */
export function mudarUrl<F>(
  atual: URLSearchParams,
  parcial: Partial<EstadoLista<F>>,
  filtro: FiltroLista<F>,
  ordemPadrao: string,
): URLSearchParams {
  const e = { ...estadoDaUrl(atual, filtro, ordemPadrao), ...parcial } as EstadoLista<F>;
  // a new filter, page size or order starts again on the first page
  const pagina = 'pagina' in parcial ? e.pagina : 1;
  const prox = new URLSearchParams(atual);
  for (const k of [...filtro.chaves, ...CHAVES_PAGINACAO]) prox.delete(k);
  for (const [k, v] of Object.entries(urlDoEstado({ ...e, pagina }, filtro, ordemPadrao))) prox.set(k, v);
  return prox;
}

export function parametrosDaLista<F>(e: EstadoLista<F>, filtro: FiltroLista<F>): URLSearchParams {
  const p = new URLSearchParams({ start: String((e.pagina - 1) * e.tamanho), count: String(e.tamanho), sort: e.ordem });
  const q = emitRsql(filtro.rsql(e));
  if (q) p.set('q', q);
  return p;
}

/** The list screen's own query: the same filter, its matches counted only up to 10 000. */
export function comTotalLimitado(p: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(p);
  out.set('total', 'limitado');
  return out;
}

/** Header click: ascending → descending → back to the default order. */
export function proximaOrdem(atual: string, campo: string, padrao: string): string {
  if (atual === campo || atual === `+${campo}`) return `-${campo}`;
  if (atual === `-${campo}`) return padrao === `-${campo}` ? campo : padrao;
  return campo;
}

export function direcaoDe(ordem: string, campo: string): 'asc' | 'desc' | null {
  if (ordem === campo || ordem === `+${campo}`) return 'asc';
  if (ordem === `-${campo}`) return 'desc';
  return null;
}
