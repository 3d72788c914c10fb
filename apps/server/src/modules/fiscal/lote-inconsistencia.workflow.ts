/**
 * Commands of inconsistency lots under /api/v1/fiscal/lotes-inconsistencia (domain.md §3.7):
 * create (201 + Location), propostas (bulk and per row), analise, finalizacao, cancelamento.
 */
import {
  entradaAcaoLote,
  entradaCriarLote,
  entradaPropostasLote,
  loteInconsistencia,
  MSG_LOTE_INCONSISTENCIA as MSG,
  perm,
  resultadoPropostasLote,
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

const BASE = 'LOTE_INCONSISTENCIA_PRODUTO' as const;
const comum = { area: 'fiscal', recurso: 'lotes-inconsistencia', entidade: MSG.entidade, estadoInicial: estadoLote };
const lock = (e: { id: number }) => `lote-inconsistencia:${e.id}`;

export const criarLoteInconsistencia = defineWorkflow({
  ...comum,
  nome: 'fiscal.lote-inconsistencia.criar',
  resumo: 'Cria um lote com os produtos que têm a inconsistência escolhida',
  entrada: entradaCriarLote,
  saida: loteInconsistencia,
  acesso: { permissao: perm(BASE, 'INCLUIR') },
  passos: [validarCriacao, gravarLote],
  resposta: responderLote,
  criaRecurso: (l) => l.id,
});

export const proporValoresLote = defineWorkflow({
  ...comum,
  nome: 'fiscal.lote-inconsistencia.propostas',
  acao: 'propostas',
  idDoCaminho: 'id',
  resumo: 'Define os valores propostos (para todos, por loja ou por linha), validados nas tabelas oficiais',
  entrada: entradaPropostasLote,
  saida: resultadoPropostasLote,
  acesso: { permissao: [perm(BASE, 'INCLUIR'), perm(BASE, 'EDITAR')] },
  lock,
  passos: [carregarLote('propor'), validarEGravarPropostas],
  resposta: async (ctx) => ({
    lote: await responderLote(ctx),
    atualizados: ctx.estado.atualizados,
    invalidos: ctx.estado.invalidos,
  }),
});

export const analisarLote = defineWorkflow({
  ...comum,
  nome: 'fiscal.lote-inconsistencia.analise',
  acao: 'analise',
  idDoCaminho: 'id',
  resumo: 'Envia o lote para análise (depois disso ele pode ser finalizado)',
  entrada: entradaAcaoLote,
  saida: loteInconsistencia,
  acesso: { permissao: [perm(BASE, 'INCLUIR'), perm(BASE, 'EDITAR')] },
  lock,
  passos: [carregarLote('analisar'), enviarParaAnalise],
  resposta: responderLote,
});

export const finalizarLoteInconsistencia = defineWorkflow({
  ...comum,
  nome: 'fiscal.lote-inconsistencia.finalizacao',
  acao: 'finalizacao',
  idDoCaminho: 'id',
  resumo:
    'Aplica os valores propostos aos produtos, registra antes/depois e fecha o lote (lote grande: em segundo plano)',
  entrada: entradaAcaoLote,
  saida: loteInconsistencia,
  acesso: { permissao: perm(BASE, 'EDITAR') },
  lock,
  passos: [exigirEdicaoDeProduto, carregarLote('finalizar'), finalizarLote],
  resposta: responderLote,
});

export const cancelarLoteInconsistencia = defineWorkflow({
  ...comum,
  nome: 'fiscal.lote-inconsistencia.cancelamento',
  acao: 'cancelamento',
  idDoCaminho: 'id',
  resumo: 'Cancela o lote (nada é aplicado aos produtos)',
  entrada: entradaAcaoLote,
  saida: loteInconsistencia,
  acesso: { permissao: perm(BASE, 'EDITAR') },
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
