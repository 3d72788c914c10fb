/**
 * Stock transfer commands (issue "Transfers"): send (POST /api/v1/estoque/transferencias → 201 + Location),
 * receive (POST …/{id}/receber) and cancel before receipt (POST …/{id}/cancelar); each one transaction,
 * idempotent by the Idempotency-Key header. Store scope on both ends: sending needs the origin store,
 * receiving the destination's, cancelling the origin's.
 */
import {
  entradaCancelamentoTransferencia,
  entradaRecebimentoTransferencia,
  entradaTransferenciaEstoque,
  MSG_TRANSFERENCIA,
  perm,
  recebimentoTransferencia,
  transferenciaEstoqueDetalhe,
} from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import { chaveSaldos } from './lancamento';
import {
  carregarParaCancelar,
  carregarParaReceber,
  conferir,
  estadoRecebimento,
  gravarRecebimento,
  lancarCancelamento,
  lancarRecebimento,
  validarDataDoRecebimento,
} from './transferencia-recebimento.passos';
import {
  estadoTransferencia,
  garantirTransito,
  gravarTransferencia,
  lancarEnvio,
  lerResultado,
  validarItens,
  validarLocais,
  validarLojas,
  validarPeriodo,
} from './transferencia.passos';

const comum = { area: 'estoque', recurso: 'transferencias', entidade: MSG_TRANSFERENCIA.entidade } as const;

export const incluirTransferencia = defineWorkflow({
  ...comum,
  nome: 'estoque.transferencia',
  resumo: 'Envia uma transferência de estoque (saída na origem, mercadoria em trânsito até o recebimento)',
  entrada: entradaTransferenciaEstoque,
  saida: transferenciaEstoqueDetalhe,
  acesso: { permissao: perm('TRANSFERENCIA_ESTOQUE', 'INCLUIR') },
  loja: (e) => e.lojaOrigemId,
  lock: (e) => chaveSaldos(e.lojaOrigemId),
  estadoInicial: estadoTransferencia,
  passos: [
    validarLojas,
    validarLocais,
    validarPeriodo,
    validarItens,
    garantirTransito,
    gravarTransferencia,
    lancarEnvio,
    lerResultado,
  ],
  resposta: (ctx) => ctx.estado.detalhe!,
  criaRecurso: (t) => t.id,
});

export const receberTransferencia = defineWorkflow({
  ...comum,
  nome: 'estoque.transferencia-receber',
  acao: 'receber',
  idDoCaminho: 'id',
  resumo: 'Recebe uma transferência de estoque (a diferença do que não chegou é baixada como perda na origem)',
  entrada: entradaRecebimentoTransferencia,
  saida: recebimentoTransferencia,
  acesso: { permissao: perm('TRANSFERENCIA_ESTOQUE', 'EDITAR') },
  estadoInicial: estadoRecebimento,
  passos: [carregarParaReceber, validarDataDoRecebimento, conferir, lancarRecebimento, gravarRecebimento],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const cancelarTransferencia = defineWorkflow({
  ...comum,
  nome: 'estoque.transferencia-cancelar',
  acao: 'cancelar',
  idDoCaminho: 'id',
  resumo: 'Cancela uma transferência em trânsito (a mercadoria volta ao local de origem)',
  entrada: entradaCancelamentoTransferencia,
  saida: transferenciaEstoqueDetalhe,
  acesso: { permissao: perm('TRANSFERENCIA_ESTOQUE', 'EXCLUIR') },
  estadoInicial: estadoRecebimento,
  passos: [carregarParaCancelar, lancarCancelamento],
  resposta: (ctx) => ctx.estado.cancelada!,
});
