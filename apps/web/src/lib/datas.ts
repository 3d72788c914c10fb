/**
 * Dates on screen: typed and shown dd/MM/yyyy (the domain's one reader, tempo/data-br.ts), proposed in
 * the store's own zone — a Manaus store at 23:30 local is still on its today while São Paulo is on the
 * next, and the server refuses a future date. The zone comes with the session's stores (`zona`).
 */
import { dataBr, hojeNaZona, lerDataBr, ZONA_PADRAO, zonaDaLoja } from '@retaguarda/domain';

/** What the screens know of a store: its zone (session), else its UF. */
export interface LojaComZona {
  zona?: string;
  uf?: string;
}

/** The store's IANA zone: the session's, else its UF's, else Brasília time. */
export function zonaDe(loja: LojaComZona | null | undefined): string {
  if (loja?.zona) return loja.zona;
  return loja?.uf ? zonaDaLoja({ uf: loja.uf }) : ZONA_PADRAO;
}

/** The store's today as dd/MM/yyyy (the date a form proposes), by the clock of tempo/relogio.ts. */
export function hojeNaLoja(loja: LojaComZona | string | null | undefined): string {
  return dataBr(hojeNaZona(typeof loja === 'string' ? loja : zonaDe(loja)));
}

/** dd/MM/yyyy → YYYY-MM-DD; anything else passes as typed (trimmed), for the contract to refuse. */
export function dataDaTela(v: string): string {
  return lerDataBr(v) ?? v.trim();
}

/** YYYY-MM-DD (or a local date-time) → dd/MM/yyyy. */
export const dataDaApi = (iso: string): string => dataBr(iso.slice(0, 10));

export { lerDataBr };
