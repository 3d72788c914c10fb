/**
 * Sales orders (domain §7): the board's stages, the transition table of the named moves, the integration's
 * statuses both ways, the total check of the integration's POST and the reservation arithmetic. Pure: the
 * server's steps and the board's drops read the same table (an illegal drop snaps back with its reason).
 */
import { Decimal, somar } from '../../decimal';

export const ETAPAS_PEDIDO = [
  'NOVO',
  'CONFIRMADO',
  'EM_SEPARACAO',
  'PRONTO',
  'EM_ENTREGA',
  'CONCLUIDO',
  'CANCELADO',
] as const;
export type EtapaPedido = (typeof ETAPAS_PEDIDO)[number];

export const ROTULO_ETAPA_PEDIDO: Record<EtapaPedido, string> = {
  NOVO: 'Novos',
  CONFIRMADO: 'Confirmados',
  EM_SEPARACAO: 'Em separação',
  PRONTO: 'Prontos',
  EM_ENTREGA: 'Em entrega',
  CONCLUIDO: 'Concluídos',
  CANCELADO: 'Cancelados',
};

/** The integration's statuses (api-compat.md `venda/pedidos`). */
export const STATUS_PEDIDO = [
  'ABERTO',
  'ACEITE',
  'RECUSADO',
  'EM_FATURAMENTO',
  'FATURADO',
  'ENTREGUE',
  'CANCELADO',
] as const;
export type StatusPedido = (typeof STATUS_PEDIDO)[number];

export const ACOES_PEDIDO = [
  'confirmar',
  'separar',
  'aprontar',
  'despachar',
  'concluir',
  'cancelar',
  'recusar',
] as const;
export type AcaoPedido = (typeof ACOES_PEDIDO)[number];

export const ROTULO_ACAO_PEDIDO: Record<AcaoPedido, string> = {
  confirmar: 'Confirmar',
  separar: 'Iniciar separação',
  aprontar: 'Marcar como pronto',
  despachar: 'Enviar para entrega',
  concluir: 'Concluir',
  cancelar: 'Cancelar',
  recusar: 'Recusar',
};

/** What a move needs to know of the order. */
export interface PedidoParaMover {
  etapa: EtapaPedido;
  /** pickup at the store: no delivery stage (PRONTO → CONCLUIDO) */
  retiradaNaLoja: boolean;
  /** items that do not resolve keep the order in NOVO */
  inconsistente: boolean;
}

const ORDEM: Record<EtapaPedido, number> = {
  NOVO: 0,
  CONFIRMADO: 1,
  EM_SEPARACAO: 2,
  PRONTO: 3,
  EM_ENTREGA: 4,
  CONCLUIDO: 5,
  CANCELADO: 6,
};

/** The stage a forward move leads to from `de` (the next column; pickup skips EM_ENTREGA), or null. */
function proxima(de: EtapaPedido, retirada: boolean): EtapaPedido | null {
  if (de === 'PRONTO') return retirada ? 'CONCLUIDO' : 'EM_ENTREGA';
  if (de === 'CONCLUIDO' || de === 'CANCELADO') return null;
  return ETAPAS_PEDIDO[ORDEM[de] + 1]!;
}

const ACAO_PARA: Partial<Record<EtapaPedido, AcaoPedido>> = {
  CONFIRMADO: 'confirmar',
  EM_SEPARACAO: 'separar',
  PRONTO: 'aprontar',
  EM_ENTREGA: 'despachar',
  CONCLUIDO: 'concluir',
  CANCELADO: 'cancelar',
};

export const MSG_TRANSICAO = {
  cancelado: 'o pedido está cancelado e não pode mais ser movido.',
  concluido: 'o pedido está concluído e não pode mais ser movido.',
  inconsistente: 'o pedido tem itens inconsistentes: corrija-os antes de confirmar.',
  pulo: (de: EtapaPedido, para: EtapaPedido) =>
    `não é possível mover de ${ROTULO_ETAPA_PEDIDO[de]} para ${ROTULO_ETAPA_PEDIDO[para]}: siga as colunas em ordem.`,
  recusarSoNovo: 'só um pedido novo pode ser recusado; depois de confirmado, cancele-o.',
  retiradaSemEntrega: 'o pedido é retirado na loja: de Prontos ele vai direto para Concluídos.',
  mesmaEtapa: (e: EtapaPedido) => `o pedido já está em ${ROTULO_ETAPA_PEDIDO[e]}.`,
} as const;

/**
 * The transition table: the stage `acao` takes the order to, or why it may not. No skipping, no moving
 * a cancelled or concluded order, no confirming with inconsistent items, refusing only a new order.
 */
export function transicao(p: PedidoParaMover, acao: AcaoPedido): { para: EtapaPedido } | { falha: string } {
  if (p.etapa === 'CANCELADO') return { falha: MSG_TRANSICAO.cancelado };
  if (p.etapa === 'CONCLUIDO') return { falha: MSG_TRANSICAO.concluido };
  if (acao === 'cancelar') return { para: 'CANCELADO' };
  if (acao === 'recusar') return p.etapa === 'NOVO' ? { para: 'CANCELADO' } : { falha: MSG_TRANSICAO.recusarSoNovo };
  const seguinte = proxima(p.etapa, p.retiradaNaLoja)!;
  const alvo = ALVO_DA_ACAO[acao];
  if (alvo === 'EM_ENTREGA' && p.retiradaNaLoja && p.etapa === 'PRONTO')
    return { falha: MSG_TRANSICAO.retiradaSemEntrega };
  if (alvo !== seguinte) return { falha: MSG_TRANSICAO.pulo(p.etapa, alvo) };
  if (acao === 'confirmar' && p.inconsistente) return { falha: MSG_TRANSICAO.inconsistente };
  return { para: alvo };
}

const ALVO_DA_ACAO: Record<Exclude<AcaoPedido, 'cancelar' | 'recusar'>, EtapaPedido> = {
  confirmar: 'CONFIRMADO',
  separar: 'EM_SEPARACAO',
  aprontar: 'PRONTO',
  despachar: 'EM_ENTREGA',
  concluir: 'CONCLUIDO',
};

/** A drop on the board: the command for the target column, or why the drop snaps back. */
export function acaoDoMovimento(p: PedidoParaMover, para: EtapaPedido): { acao: AcaoPedido } | { falha: string } {
  if (para === p.etapa) return { falha: MSG_TRANSICAO.mesmaEtapa(para) };
  const acao = ACAO_PARA[para];
  if (!acao) return { falha: MSG_TRANSICAO.pulo(p.etapa, para) };
  const t = transicao(p, acao);
  return 'falha' in t ? t : { acao };
}

/** The forward move from the order's stage (keyboard "next column"), or null at the end. */
export function acaoSeguinte(p: PedidoParaMover): AcaoPedido | null {
  const para = proxima(p.etapa, p.retiradaNaLoja);
  return para ? (ACAO_PARA[para] ?? null) : null;
}

/** Stages holding a stock reservation (accepted, not yet invoiced). */
export const ETAPAS_COM_RESERVA: readonly EtapaPedido[] = ['CONFIRMADO', 'EM_SEPARACAO', 'PRONTO'];
/** Stages after the invoicing (the sale is posted). */
export const ETAPAS_FATURADAS: readonly EtapaPedido[] = ['EM_ENTREGA', 'CONCLUIDO'];

/** The integration's status → the board's stage (FATURADO: on its way when delivering, concluded on pickup). */
export function etapaDoStatus(s: StatusPedido, retiradaNaLoja: boolean): EtapaPedido {
  switch (s) {
    case 'ABERTO':
      return 'NOVO';
    case 'ACEITE':
      return 'CONFIRMADO';
    case 'EM_FATURAMENTO':
      return 'PRONTO';
    case 'FATURADO':
      return retiradaNaLoja ? 'CONCLUIDO' : 'EM_ENTREGA';
    case 'ENTREGUE':
      return 'CONCLUIDO';
    default:
      return 'CANCELADO';
  }
}

/** The board's stage → the integration's status (a refused order reads RECUSADO). */
export function statusDaEtapa(e: EtapaPedido, recusado: boolean): StatusPedido {
  switch (e) {
    case 'NOVO':
      return 'ABERTO';
    case 'CONFIRMADO':
    case 'EM_SEPARACAO':
      return 'ACEITE';
    case 'PRONTO':
      return 'EM_FATURAMENTO';
    case 'EM_ENTREGA':
      return 'FATURADO';
    case 'CONCLUIDO':
      return 'ENTREGUE';
    default:
      return recusado ? 'RECUSADO' : 'CANCELADO';
  }
}

/** An item as the total and the reservation read it. */
export interface ItemParaTotal {
  valor: string;
  valorDesconto: string;
  quantidade: string;
  compoeValorTotal: boolean;
}

/** The units of an item: packs × items per pack. */
export const quantidadeDoItem = (i: { quantidadeDeEmbalagem: string; quantidadeDeItemEmbalagem: string }): string =>
  Decimal.de(i.quantidadeDeEmbalagem).vezes(i.quantidadeDeItemEmbalagem).texto();

/** Σ(valor × quantidade − valorDesconto) of the items that compose the total, plus the expenses. */
export function totalCalculado(itens: readonly ItemParaTotal[], despesas: readonly string[]): Decimal {
  const linhas = itens
    .filter((i) => i.compoeValorTotal)
    .map((i) => Decimal.de(i.valor).vezes(i.quantidade).menos(i.valorDesconto));
  return somar([...linhas, ...despesas]).arredondar(2);
}

/** The sent total is off from the computed one by more than R$ 0,01. */
export const totalDivergente = (enviado: string, calculado: Decimal): boolean =>
  Decimal.de(enviado).menos(calculado).abs().comparar('0.01') > 0;

/** The quantity reserved per product (a product on several lines reserves their sum). */
export function reservasDoPedido(itens: readonly { produtoId: number; quantidade: string }[]): Map<number, string> {
  const m = new Map<number, Decimal>();
  for (const i of itens) m.set(i.produtoId, (m.get(i.produtoId) ?? Decimal.de(0)).mais(i.quantidade));
  return new Map([...m].map(([k, v]) => [k, v.texto()]));
}

/** Available for sale: the balance less what accepted orders reserve. */
export const disponivel = (saldo: string, reservas: readonly string[]): string =>
  Decimal.de(saldo).menos(somar(reservas)).texto();
