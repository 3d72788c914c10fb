/** A move of an order by its named command (board drops, keys and the details' buttons share it). */
import {
  type AcaoPedido,
  COMANDOS_MOVER_PEDIDO,
  type EtapaPedido,
  type PedidoVenda,
  type PedidoVendaDetalhe,
} from '@retaguarda/domain';
import { chamarComando } from '../../../lib/comando/chamar';
import { novaChave } from '../../../lib/comando/useComando';

export interface ExtraDoMovimento {
  condutorId?: number | null;
  motivoCancelamentoId?: number;
  observacao?: string | null;
}

/** Calls the move with the order's version: a move by someone else meanwhile answers 409 (the screen reloads). */
export function moverPedido(
  p: Pick<PedidoVenda, 'id' | 'versao'>,
  acao: AcaoPedido,
  extra: ExtraDoMovimento = {},
): Promise<PedidoVendaDetalhe> {
  const face = COMANDOS_MOVER_PEDIDO[acao];
  return chamarComando(
    face as typeof COMANDOS_MOVER_PEDIDO.cancelar,
    { id: p.id, versao: p.versao, ...extra } as never,
    {
      chave: novaChave(),
    },
  ) as Promise<PedidoVendaDetalhe>;
}

/** "há 12 min", "há 3 h", "há 2 dias". */
export function idade(segundos: number): string {
  const min = Math.max(0, Math.floor(segundos / 60));
  if (min < 60) return `há ${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return `há ${h} h`;
  const d = Math.floor(h / 24);
  return `há ${d} ${d === 1 ? 'dia' : 'dias'}`;
}

export const COR_ETAPA: Record<EtapaPedido, string> = {
  NOVO: 'blue',
  CONFIRMADO: 'cyan',
  EM_SEPARACAO: 'grape',
  PRONTO: 'teal',
  EM_ENTREGA: 'orange',
  CONCLUIDO: 'green',
  CANCELADO: 'gray',
};
