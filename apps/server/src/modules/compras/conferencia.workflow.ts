/** The conferência commands (faces in packages/domain compras/conferencia); the count also as the SDK's batch. */
import { comandoAbrirConferencia, comandoContarProduto, comandoFecharConferencia } from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import { abrirConferencia, contarProduto, estadoConferencia, fecharConferencia } from './conferencia.passos';

export const abrirConferenciaCompra = defineWorkflow(comandoAbrirConferencia, {
  estadoInicial: estadoConferencia,
  passos: [abrirConferencia],
  resposta: (ctx) => ctx.estado.resultado!,
});

export const contarProdutoConferencia = defineWorkflow(comandoContarProduto, {
  estadoInicial: estadoConferencia,
  passos: [contarProduto],
  resposta: (ctx) => ctx.estado.contagem!,
});

export const fecharConferenciaCompra = defineWorkflow(comandoFecharConferencia, {
  estadoInicial: estadoConferencia,
  passos: [fecharConferencia],
  resposta: (ctx) => ctx.estado.resultado!,
});
