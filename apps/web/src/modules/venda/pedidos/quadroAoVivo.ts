/**
 * The board's live update as a delta: an order read again (after a realtime event or the user's own move) is
 * put in place in the loaded cards — out of the list it left, into the one it belongs to, in the board's
 * order (newest first) — instead of reloading a thousand cards and drawing them all again (seconds on a
 * busy board). The columns' counts and totals come from the server's summary, read again beside it.
 */
import type { EtapaPedido, ListaPaginada, PedidoVenda } from '@retaguarda/domain';

/** Closed columns show their latest cards only (their counts and totals are whole). */
export const FECHADAS: readonly EtapaPedido[] = ['CONCLUIDO', 'CANCELADO'];
/** Cards loaded per part of the board (the open orders; the latest closed ones). */
export const LIMITE_ABERTOS = 1000;
export const LIMITE_FECHADOS = 50;

export interface CartoesDoQuadro {
  abertos?: ListaPaginada<PedidoVenda>;
  fechados?: ListaPaginada<PedidoVenda>;
}

const versaoCarregada = (q: CartoesDoQuadro, id: number) =>
  [...(q.abertos?.items ?? []), ...(q.fechados?.items ?? [])].find((p) => p.id === id)?.versao;

/** Whether an event's version is already on the board (the user's own move, applied from its answer). */
export const jaNoQuadro = (q: CartoesDoQuadro, id: number, versao: number) => (versaoCarregada(q, id) ?? -1) >= versao;

function colocar(
  lista: ListaPaginada<PedidoVenda> | undefined,
  id: number,
  p: PedidoVenda | null,
  limite: number,
): ListaPaginada<PedidoVenda> | undefined {
  if (!lista) return lista;
  const tinha = lista.items.some((x) => x.id === id);
  if (!tinha && !p) return lista;
  const items = lista.items.filter((x) => x.id !== id);
  if (p) {
    const i = items.findIndex((x) => x.id < p.id);
    items.splice(i < 0 ? items.length : i, 0, p);
  }
  return { ...lista, items: items.slice(0, limite), total: lista.total - (tinha ? 1 : 0) + (p ? 1 : 0) };
}

/**
 * The board's cards with order `id` as just read (`lido`: null when it no longer matches the board's filter or
 * store scope). A read older than what is loaded (two events, answers crossed) changes nothing.
 */
export function aplicarPedido(q: CartoesDoQuadro, id: number, lido: PedidoVenda | null): CartoesDoQuadro {
  if (lido && (versaoCarregada(q, id) ?? -1) > lido.versao) return q;
  const fechado = lido !== null && FECHADAS.includes(lido.etapa);
  return {
    abertos: colocar(q.abertos, id, lido && !fechado ? lido : null, LIMITE_ABERTOS),
    fechados: colocar(q.fechados, id, lido && fechado ? lido : null, LIMITE_FECHADOS),
  };
}
