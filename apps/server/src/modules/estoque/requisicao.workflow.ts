/**
 * Stock requisition commands: open (POST /api/v1/estoque/requisicoes → 201 + Location), approve, transfer,
 * receive and cancel (POST …/{id}/<ação>); each one transaction, idempotent by the Idempotency-Key header.
 * Opening, receiving and cancelling act on the requesting store; approving and transferring on the origin.
 */
import {
  comandoAprovarRequisicao,
  comandoCancelarRequisicao,
  comandoReceberRequisicao,
  comandoRequisicao,
  comandoTransferirRequisicao,
} from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import {
  aprovarRequisicao,
  cancelarRequisicao,
  carregarParaReceber,
  conferirRequisicao,
  estadoMovimento,
  lancarRecebimentoRequisicao,
  transferirRequisicao,
} from './requisicao-movimento.passos';
import {
  estadoAbertura,
  gravarRequisicao,
  validarItensDaRequisicao,
  validarLocaisDaRequisicao,
  validarLojasDaRequisicao,
  validarMotivo,
} from './requisicao.passos';

export const incluirRequisicao = defineWorkflow(comandoRequisicao, {
  estadoInicial: estadoAbertura,
  passos: [
    validarLojasDaRequisicao,
    validarLocaisDaRequisicao,
    validarMotivo,
    validarItensDaRequisicao,
    gravarRequisicao,
  ],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const aprovarRequisicaoWf = defineWorkflow(comandoAprovarRequisicao, {
  estadoInicial: estadoMovimento,
  passos: [aprovarRequisicao],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const transferirRequisicaoWf = defineWorkflow(comandoTransferirRequisicao, {
  estadoInicial: estadoMovimento,
  passos: [transferirRequisicao],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const receberRequisicaoWf = defineWorkflow(comandoReceberRequisicao, {
  estadoInicial: estadoMovimento,
  passos: [carregarParaReceber, conferirRequisicao, lancarRecebimentoRequisicao],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const cancelarRequisicaoWf = defineWorkflow(comandoCancelarRequisicao, {
  estadoInicial: estadoMovimento,
  passos: [cancelarRequisicao],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const WORKFLOWS_REQUISICAO = [
  incluirRequisicao,
  aprovarRequisicaoWf,
  transferirRequisicaoWf,
  receberRequisicaoWf,
  cancelarRequisicaoWf,
] as const;
