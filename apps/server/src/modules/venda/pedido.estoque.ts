/**
 * The order's stock: reservations beside the ledger (reserva_estoque_pedido: state, not movements) and the
 * invoicing, posted once through the ledger kit (`lancarMovimentos`: the store lock and the closed period
 * inside) as VENDA exits from the store's sales location, releasing the reservation in the same transaction.
 */
import { Decimal, falhaDeCampo, hojeNaZona, MSG_PEDIDO, reservasDoPedido } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { recusarTudo } from '../../workflows';
import { lancarMovimentos } from '../estoque/lancamento';

interface ItemDoPedido {
  produtoId: number;
  quantidade: string;
}

async function itensResolvidos(trx: Tx, pedidoId: number): Promise<ItemDoPedido[]> {
  const { rows } = await sql<ItemDoPedido>`select produto_id, quantidade::text as quantidade from item_pedido_venda
    where pedido_id = ${pedidoId} and produto_id is not null and inconsistencia is null order by ordem`.execute(trx);
  return rows;
}

/** Reserves the order's items at its store (a product on several lines, their sum); `itens` when known already. */
export async function reservar(trx: Tx, pedidoId: number, lojaId: number, itens?: ItemDoPedido[]): Promise<void> {
  const r = reservasDoPedido(itens ?? (await itensResolvidos(trx, pedidoId)));
  if (!r.size) return;
  await sql`insert into reserva_estoque_pedido (pedido_id, loja_id, produto_id, quantidade)
    select ${pedidoId}, ${lojaId}, x.produto_id, x.quantidade
      from unnest(${[...r.keys()]}::int4[], ${[...r.values()]}::numeric[]) as x(produto_id, quantidade)
    on conflict (assinante_id, pedido_id, produto_id) do update set quantidade = excluded.quantidade`.execute(trx);
}

export async function liberar(trx: Tx, pedidoId: number): Promise<void> {
  await sql`delete from reserva_estoque_pedido where pedido_id = ${pedidoId}`.execute(trx);
}

/** The store's location sales leave from: its default sales location, else the first that sells. */
async function localDeVenda(trx: Tx, lojaId: number): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`select id from local_estoque
    where loja_id = ${lojaId} and ativo and permite_venda order by padrao_venda desc, id limit 1`.execute(trx);
  return rows[0]?.id ?? null;
}

/**
 * Invoices the order once: the mark `faturado_em` is set only where it was empty, and only then the sale's
 * exits are posted (at the store's today) and the reservation released.
 */
export async function faturar(trx: Tx, pedidoId: number, lojaId: number, zona: string, usuarioId: number | null) {
  const { rows } = await sql<{ id: number }>`update pedido_venda set faturado_em = now()
    where id = ${pedidoId} and faturado_em is null returning id`.execute(trx);
  if (!rows[0]) return;
  const itens = reservasDoPedido(await itensResolvidos(trx, pedidoId));
  const localId = await localDeVenda(trx, lojaId);
  if (itens.size && localId) {
    const data = hojeNaZona(zona);
    const negativos = await lancarMovimentos(trx, {
      documentoTipo: 'PEDIDO_VENDA',
      documentoId: pedidoId,
      usuarioId,
      movimentos: [...itens].map(([produtoId, quantidade]) => ({
        lojaId,
        localId,
        produtoId,
        data,
        tipo: 'VENDA' as const,
        quantidade: Decimal.de(quantidade).negativo().texto(),
      })),
    });
    const recusados = negativos.filter((n) => n.recusado);
    if (recusados.length)
      throw recusarTudo(
        recusados.map((n) =>
          falhaDeCampo('itens', MSG_PEDIDO.saldoInsuficiente(n.produtoId, Decimal.de(n.quantidade).texto())),
        ),
      );
  }
  await liberar(trx, pedidoId);
}
