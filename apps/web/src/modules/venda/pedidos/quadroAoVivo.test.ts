import type { ListaPaginada, PedidoVenda } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { aplicarPedido, type CartoesDoQuadro, jaNoQuadro, LIMITE_FECHADOS } from './quadroAoVivo';

const pedido = (id: number, etapa: PedidoVenda['etapa'], versao = 1) =>
  ({ id, numero: id, etapa, versao, valorTotal: '10.00' }) as PedidoVenda;
const lista = (items: PedidoVenda[], total = items.length): ListaPaginada<PedidoVenda> =>
  ({ items, total }) as ListaPaginada<PedidoVenda>;
const ids = (l?: ListaPaginada<PedidoVenda>) => l?.items.map((p) => `${p.id}:${p.etapa}`);

describe('the board applies a re-read order as a delta', () => {
  const quadro: CartoesDoQuadro = {
    abertos: lista([pedido(9, 'NOVO'), pedido(7, 'NOVO'), pedido(4, 'PRONTO')], 40),
    fechados: lista([pedido(8, 'CONCLUIDO'), pedido(2, 'CANCELADO')]),
  };

  it('a move between open stages replaces the card in place, the others untouched', () => {
    const q = aplicarPedido(quadro, 7, pedido(7, 'CONFIRMADO', 2));
    expect(ids(q.abertos)).toEqual(['9:NOVO', '7:CONFIRMADO', '4:PRONTO']);
    expect(q.abertos?.total).toBe(40);
    expect(q.abertos?.items[0]).toBe(quadro.abertos?.items[0]);
    expect(q.fechados).toEqual(quadro.fechados);
  });

  it('closing an order takes it out of the open cards into the closed ones, newest first', () => {
    const q = aplicarPedido(quadro, 4, pedido(4, 'CONCLUIDO', 3));
    expect(ids(q.abertos)).toEqual(['9:NOVO', '7:NOVO']);
    expect(q.abertos?.total).toBe(39);
    expect(ids(q.fechados)).toEqual(['8:CONCLUIDO', '4:CONCLUIDO', '2:CANCELADO']);
    expect(q.fechados?.total).toBe(3);
  });

  it('a new order enters at the top; one that left the filter goes away', () => {
    const novo = aplicarPedido(quadro, 12, pedido(12, 'NOVO'));
    expect(ids(novo.abertos)?.[0]).toBe('12:NOVO');
    expect(novo.abertos?.total).toBe(41);
    const fora = aplicarPedido(quadro, 9, null);
    expect(ids(fora.abertos)).toEqual(['7:NOVO', '4:PRONTO']);
    expect(aplicarPedido(quadro, 99, null)).toEqual(quadro);
  });

  it('a read older than the loaded card changes nothing; the own move is recognised', () => {
    const movido = aplicarPedido(quadro, 7, pedido(7, 'CONFIRMADO', 3));
    expect(aplicarPedido(movido, 7, pedido(7, 'NOVO', 2))).toBe(movido);
    expect(jaNoQuadro(movido, 7, 3)).toBe(true);
    expect(jaNoQuadro(movido, 7, 4)).toBe(false);
    expect(jaNoQuadro(movido, 123, 1)).toBe(false);
  });

  it('the closed cards keep only the latest ones', () => {
    const cheios: CartoesDoQuadro = {
      fechados: lista(
        Array.from({ length: LIMITE_FECHADOS }, (_, i) => pedido(1000 - i, 'CONCLUIDO')),
        500,
      ),
    };
    const q = aplicarPedido(cheios, 2000, pedido(2000, 'CANCELADO'));
    expect(q.fechados?.items).toHaveLength(LIMITE_FECHADOS);
    expect(q.fechados?.items[0]?.id).toBe(2000);
    expect(q.fechados?.total).toBe(501);
    expect(q.abertos).toBeUndefined();
  });
});
