/**
 * Commands of inconsistency lots under /api/v1/fiscal/lotes-inconsistencia (domain.md §3.7): the faces are
 * the domain's (fiscal/inconsistencias/comandos.ts); here the steps bound to them.
 */
import {
  comandoAnalisarLote,
  comandoCancelarLote,
  comandoCriarLote,
  comandoFinalizarLote,
  comandoProporValoresLote,
} from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import {
  cancelarLote,
  carregarLote,
  enviarParaAnalise,
  estadoLote,
  exigirEdicaoDeProduto,
  finalizarLote,
  gravarLote,
  responderLote,
  validarCriacao,
  validarEGravarPropostas,
} from './lote-inconsistencia.passos';

const lock = (e: { id: number }) => `lote-inconsistencia:${e.id}`;

export const criarLoteInconsistencia = defineWorkflow(comandoCriarLote, {
  estadoInicial: estadoLote,
  passos: [validarCriacao, gravarLote],
  resposta: responderLote,
});

export const proporValoresLote = defineWorkflow(comandoProporValoresLote, {
  estadoInicial: estadoLote,
  lock,
  passos: [carregarLote('propor'), validarEGravarPropostas],
  resposta: async (ctx) => ({
    lote: await responderLote(ctx),
    atualizados: ctx.estado.atualizados,
    invalidos: ctx.estado.invalidos,
  }),
});

export const analisarLote = defineWorkflow(comandoAnalisarLote, {
  estadoInicial: estadoLote,
  lock,
  passos: [carregarLote('analisar'), enviarParaAnalise],
  resposta: responderLote,
});

export const finalizarLoteInconsistencia = defineWorkflow(comandoFinalizarLote, {
  estadoInicial: estadoLote,
  lock,
  passos: [exigirEdicaoDeProduto, carregarLote('finalizar'), finalizarLote],
  resposta: responderLote,
});

export const cancelarLoteInconsistencia = defineWorkflow(comandoCancelarLote, {
  estadoInicial: estadoLote,
  lock,
  passos: [carregarLote('cancelar'), cancelarLote],
  resposta: responderLote,
});

export const WORKFLOWS_LOTE_INCONSISTENCIA = [
  criarLoteInconsistencia,
  proporValoresLote,
  analisarLote,
  finalizarLoteInconsistencia,
  cancelarLoteInconsistencia,
];
