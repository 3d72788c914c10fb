/**
 * Stock transfer commands (issue "Transfers"): send (POST /api/v1/estoque/transferencias → 201 + Location),
 * receive (POST …/{id}/receber) and cancel before receipt (POST …/{id}/cancelar); each one transaction,
 * idempotent by the Idempotency-Key header. Store scope on both ends: sending needs the origin store,
 * receiving the destination's, cancelling the origin's.
 */
import { comandoCancelarTransferencia, comandoReceberTransferencia, comandoTransferencia } from '@retaguarda/domain';
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

export const incluirTransferencia = defineWorkflow(comandoTransferencia, {
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
});

export const receberTransferencia = defineWorkflow(comandoReceberTransferencia, {
  estadoInicial: estadoRecebimento,
  passos: [carregarParaReceber, validarDataDoRecebimento, conferir, lancarRecebimento, gravarRecebimento],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const cancelarTransferencia = defineWorkflow(comandoCancelarTransferencia, {
  estadoInicial: estadoRecebimento,
  passos: [carregarParaCancelar, lancarCancelamento],
  resposta: (ctx) => ctx.estado.cancelada!,
});
