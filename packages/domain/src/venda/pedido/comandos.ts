/**
 * The public faces of the sales-order commands: the integration's create (201 + Location, the
 * Idempotency-Key header; a duplicate `idExterno` of the store is a 409 naming the existing order) and one
 * named command per board move, each on the order's row (`for update`: one move at a time per order) with
 * its store taken from the order. Steps in apps/server modules/venda.
 */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import {
  entradaCancelarPedido,
  entradaCorrigirItemPedido,
  entradaDespacharPedido,
  entradaMoverPedido,
  entradaPedidoVenda,
  entradaSegredoWebhook,
  pedidoVendaDetalhe,
  segredoWebhook,
} from './contrato';
import { MSG_PEDIDO as MSG } from './mensagens';
import type { AcaoPedido } from './regras';

export const CAMINHO_PEDIDOS = '/api/v1/venda/pedidos';

export const comandoPedidoVenda = defineCommand({
  nome: 'venda.pedido',
  caminho: CAMINHO_PEDIDOS,
  resumo: 'Recebe um pedido de venda de uma integração (e-commerce, app de delivery)',
  entidade: MSG.entidade,
  entrada: entradaPedidoVenda,
  saida: pedidoVendaDetalhe,
  acesso: { permissao: perm('PEDIDO_VENDA', 'INCLUIR') },
  loja: { campo: 'lojaId' },
  criaRecurso: (p) => p.id,
  raizXml: 'PedidoVenda',
});

const doPedido = {
  recurso: 'pedido_venda',
  parametro: 'id',
  colunaLoja: 'loja_id',
  naoEncontrado: MSG.naoEncontrado,
  foraDoEscopo: MSG.foraDoEscopo,
} as const;
const editar = { permissao: perm('PEDIDO_VENDA', 'EDITAR') };

const movimento = <E extends typeof entradaMoverPedido>(acao: AcaoPedido, resumo: string, entrada: E) =>
  defineCommand({
    nome: `venda.pedido-${acao}`,
    caminho: `${CAMINHO_PEDIDOS}/{id}/${acao}`,
    resumo,
    entidade: MSG.entidade,
    entrada,
    saida: pedidoVendaDetalhe,
    acesso: editar,
    loja: doPedido,
  });

export const comandoConfirmarPedido = movimento(
  'confirmar',
  'Confirma um pedido novo (reserva o estoque dos itens na loja)',
  entradaMoverPedido,
);
export const comandoSepararPedido = movimento(
  'separar',
  'Inicia a separação de um pedido confirmado',
  entradaMoverPedido,
);
export const comandoAprontarPedido = movimento('aprontar', 'Marca um pedido separado como pronto', entradaMoverPedido);
export const comandoDespacharPedido = movimento(
  'despachar',
  'Fatura o pedido pronto e o envia para entrega (baixa o estoque e libera a reserva)',
  entradaDespacharPedido,
);
export const comandoConcluirPedido = movimento(
  'concluir',
  'Conclui o pedido (entregue; na retirada, fatura: baixa o estoque e libera a reserva)',
  entradaMoverPedido,
);
export const comandoCancelarPedido = movimento(
  'cancelar',
  'Cancela um pedido antes de concluído, com um motivo (libera a reserva)',
  entradaCancelarPedido,
);
export const comandoRecusarPedido = movimento('recusar', 'Recusa um pedido novo, com um motivo', entradaCancelarPedido);

export const comandoCorrigirItemPedido = defineCommand({
  nome: 'venda.pedido-corrigir-item',
  caminho: `${CAMINHO_PEDIDOS}/{id}/corrigir-item`,
  resumo: 'Corrige o produto de um item inconsistente de um pedido novo',
  entidade: MSG.entidade,
  entrada: entradaCorrigirItemPedido,
  saida: pedidoVendaDetalhe,
  acesso: editar,
  loja: doPedido,
});

/** Each move's face by its action (the board calls the one its drop names). */
export const COMANDOS_MOVER_PEDIDO = {
  confirmar: comandoConfirmarPedido,
  separar: comandoSepararPedido,
  aprontar: comandoAprontarPedido,
  despachar: comandoDespacharPedido,
  concluir: comandoConcluirPedido,
  cancelar: comandoCancelarPedido,
  recusar: comandoRecusarPedido,
} as const;

/** The store's webhook secret (administrators, as the integration's settings): sealed at rest, shown once. */
export const comandoSegredoWebhook = defineCommand({
  nome: 'venda.webhook-segredo',
  caminho: '/api/v1/venda/lojas/{lojaId}/webhook-segredo',
  resumo: 'Define (ou gera) o segredo que assina os avisos de pedidos ao app de delivery da loja',
  entidade: MSG.entidade,
  entrada: entradaSegredoWebhook,
  saida: segredoWebhook,
  acesso: { administrador: true },
  loja: { campo: 'lojaId' },
  // the answer holds the secret: nothing is stored for a replay
  idempotencia: 'nenhuma',
});

export const COMANDOS_PEDIDO_VENDA = [
  comandoSegredoWebhook,
  comandoPedidoVenda,
  ...Object.values(COMANDOS_MOVER_PEDIDO),
  comandoCorrigirItemPedido,
];
