/**
 * The board's cards, column by column: each column loads only the cards it draws (its latest orders; more on
 * "Mostrar mais") — a thousand cards read and drawn made the first paint take seconds — while its count and
 * total come whole from the server's summary. A live update is a delta: an order read again (after a realtime
 * event or the user's own move) leaves the column it was in and enters the one it belongs to, in the board's
 * order (newest first), instead of every column being read and drawn again.
 */
import { ETAPAS_PEDIDO, type EtapaPedido, type ListaPaginada, type PedidoVenda } from '@retaguarda/domain';

export type CartoesDoQuadro = Partial<Record<EtapaPedido, ListaPaginada<PedidoVenda>>>;
/** cards loaded per column (what it draws) */
export type LimitesDoQuadro = Record<EtapaPedido, number>;

const versaoCarregada = (q: CartoesDoQuadro, id: number) => {
  for (const e of ETAPAS_PEDIDO) {
    const p = q[e]?.items.find((x) => x.id === id);
    if (p) return p.versao;
  }
  return undefined;
};

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
 * The columns' cards with order `id` as just read (`lido`: null when it no longer matches the board's filter
 * or store scope); only the columns it left or entered change. A read older than the loaded card (two events,
 * their answers crossed) changes nothing.
 */
export function aplicarPedido(
  q: CartoesDoQuadro,
  limites: LimitesDoQuadro,
  id: number,
  lido: PedidoVenda | null,
): CartoesDoQuadro {
  if (lido && (versaoCarregada(q, id) ?? -1) > lido.versao) return q;
  const r: CartoesDoQuadro = {};
  for (const e of ETAPAS_PEDIDO) {
    const l = colocar(q[e], id, lido?.etapa === e ? lido : null, limites[e]);
    if (l) r[e] = l;
  }
  return r;
}
