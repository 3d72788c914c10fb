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
  comandoSegredoWebhook,
  MSG_PEDIDO,
  type QualquerFace,
} from '@retaguarda/domain';
import { defineWorkflow, type QualquerWorkflow } from '../../workflows';
import { guardarSegredoWebhook, novoSegredo } from './pedido.webhook';
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

/** The store's webhook secret: the one given or a new one, sealed; the answer shows it this once. */
export const definirSegredoWebhook = defineWorkflow(comandoSegredoWebhook, {
  estadoInicial: () => ({ segredo: '' }),
  passos: [
    async (ctx) => {
      ctx.estado.segredo = ctx.entrada.segredo ?? novoSegredo();
      await guardarSegredoWebhook(ctx.trx, ctx.entrada.lojaId, ctx.estado.segredo, ctx.usuarioId);
      // the audit row names the store, never the secret
      ctx.auditoria = {
        entidade: 'segredo_webhook',
        entidadeId: ctx.entrada.lojaId,
        operacao: 'ALTERACAO',
        depois: {},
      };
    },
  ],
  resposta: (ctx) => ({ lojaId: ctx.entrada.lojaId, segredo: ctx.estado.segredo, message: MSG_PEDIDO.segredoDefinido }),
});
