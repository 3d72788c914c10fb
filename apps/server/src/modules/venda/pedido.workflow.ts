/**
 * Sales-order commands: the integration's create (POST /api/v1/venda/pedidos → 201 + Location) and one
 * named command per move (POST …/{id}/<acao>), each one transaction on the order's locked row (the store
 * from the order) with a lock per order; idempotent by the Idempotency-Key header.
 */
import {
  type AcaoPedido,
  COMANDOS_MOVER_PEDIDO,
  comandoCorrigirItemPedido,
  comandoPedidoVenda,
  type QualquerFace,
} from '@retaguarda/domain';
import { defineWorkflow, type QualquerWorkflow } from '../../workflows';
import {
  aplicarMovimento,
  carregarPedido,
  corrigirItem,
  estadoMovimento,
  estoqueDoMovimento,
  lerMovido,
  validarCondutor,
  validarMotivo,
  validarTransicao,
} from './pedido-movimento.passos';
import { conferirPedido, estadoPedido, estoqueDoRecebimento, gravarPedido, lerRecebido } from './pedido.passos';

/** one move of one order at a time (the row lock serialises too; the key keeps the order's moves apart) */
const porPedido = (e: { id: number }) => `pedido_venda:${e.id}`;

export const receberPedido = defineWorkflow(comandoPedidoVenda, {
  estadoInicial: estadoPedido,
  passos: [conferirPedido, gravarPedido, estoqueDoRecebimento, lerRecebido],
  resposta: (ctx) => ctx.estado.detalhe!,
});

const proprios: Partial<Record<AcaoPedido, readonly ((ctx: never) => unknown)[]>> = {
  cancelar: [validarMotivo],
  recusar: [validarMotivo],
  despachar: [validarCondutor],
};

export const moverPedido = Object.fromEntries(
  (Object.keys(COMANDOS_MOVER_PEDIDO) as AcaoPedido[]).map((acao) => [
    acao,
    defineWorkflow(COMANDOS_MOVER_PEDIDO[acao] as QualquerFace, {
      lock: porPedido,
      estadoInicial: estadoMovimento,
      passos: [
        carregarPedido,
        validarTransicao(acao),
        ...((proprios[acao] ?? []) as []),
        aplicarMovimento(acao),
        estoqueDoMovimento,
        lerMovido,
      ],
      resposta: (ctx) => ctx.estado.detalhe!,
    }),
  ]),
) as Record<AcaoPedido, QualquerWorkflow>;

export const corrigirItemPedido = defineWorkflow(comandoCorrigirItemPedido, {
  lock: porPedido,
  estadoInicial: estadoMovimento,
  passos: [carregarPedido, corrigirItem, lerMovido],
  resposta: (ctx) => ctx.estado.detalhe!,
});
