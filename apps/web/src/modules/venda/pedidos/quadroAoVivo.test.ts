import { ETAPAS_PEDIDO, type ListaPaginada, type PedidoVenda } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { aplicarPedido, type CartoesDoQuadro, jaNoQuadro, type LimitesDoQuadro } from './quadroAoVivo';

const pedido = (id: number, etapa: PedidoVenda['etapa'], versao = 1) =>
  ({ id, numero: id, etapa, versao, valorTotal: '10.00' }) as PedidoVenda;
const lista = (items: PedidoVenda[], total = items.length): ListaPaginada<PedidoVenda> =>
  ({ items, total }) as ListaPaginada<PedidoVenda>;
const ids = (l?: ListaPaginada<PedidoVenda>) => l?.items.map((p) => p.id);
const limites = Object.fromEntries(ETAPAS_PEDIDO.map((e) => [e, 3])) as LimitesDoQuadro;

describe('the board applies a re-read order as a delta', () => {
  const quadro: CartoesDoQuadro = {
    NOVO: lista([pedido(9, 'NOVO'), pedido(7, 'NOVO'), pedido(5, 'NOVO')], 40),
    CONFIRMADO: lista([pedido(6, 'CONFIRMADO'), pedido(4, 'CONFIRMADO')]),
    PRONTO: lista([]),
    CONCLUIDO: lista([pedido(8, 'CONCLUIDO'), pedido(2, 'CONCLUIDO')]),
  };

  it('a move takes the card out of its column into the next one, in id order; other columns untouched', () => {
    const q = aplicarPedido(quadro, limites, 7, pedido(7, 'CONFIRMADO', 2));
    expect(ids(q.NOVO)).toEqual([9, 5]);
    expect(q.NOVO?.total).toBe(39);
    expect(ids(q.CONFIRMADO)).toEqual([7, 6, 4]);
    expect(q.CONFIRMADO?.total).toBe(3);
    expect(q.CONCLUIDO).toBe(quadro.CONCLUIDO);
    expect(q.PRONTO).toBe(quadro.PRONTO);
    // a column not loaded stays not loaded
    expect(q.CANCELADO).toBeUndefined();
  });

  it('a column keeps its limit: an order older than its last card is counted, not drawn', () => {
    const q = aplicarPedido(quadro, limites, 3, pedido(3, 'NOVO'));
    expect(ids(q.NOVO)).toEqual([9, 7, 5]);
    expect(q.NOVO?.total).toBe(41);
    const novo = aplicarPedido(quadro, limites, 12, pedido(12, 'NOVO'));
    expect(ids(novo.NOVO)).toEqual([12, 9, 7]);
  });

  it('an order that left the filter goes away; an unknown one out of the filter changes nothing', () => {
    expect(ids(aplicarPedido(quadro, limites, 9, null).NOVO)).toEqual([7, 5]);
    expect(aplicarPedido(quadro, limites, 99, null)).toEqual(quadro);
  });

  it('a read older than the loaded card changes nothing; the own move is recognised', () => {
    const movido = aplicarPedido(quadro, limites, 7, pedido(7, 'CONFIRMADO', 3));
    expect(aplicarPedido(movido, limites, 7, pedido(7, 'NOVO', 2))).toBe(movido);
    expect(jaNoQuadro(movido, 7, 3)).toBe(true);
    expect(jaNoQuadro(movido, 7, 4)).toBe(false);
    expect(jaNoQuadro(movido, 123, 1)).toBe(false);
  });
});
