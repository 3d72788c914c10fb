/**
 * The bank ledger's commands (domain §2.2): a manual entry (201 + Location), a transfer between accounts (two
 * entries, one command) and a reversal. Each locks its accounts through the posting (ledger kit) and is
 * refused in a closed period by the posting itself.
 */
import { comandoEstornoLancamento, comandoLancamentoBancario, comandoTransferenciaBancaria } from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import {
  estadoLancamento,
  estornar,
  lancar,
  transferir,
  validarConta,
  validarDestino,
  validarHistorico,
} from './lancamento.passos';

export const lancarNaConta = defineWorkflow(comandoLancamentoBancario, {
  estadoInicial: estadoLancamento,
  passos: [validarConta, validarHistorico, lancar],
  resposta: (ctx) => ctx.estado.lancamentos[0]!,
});

export const transferirEntreContas = defineWorkflow(comandoTransferenciaBancaria, {
  estadoInicial: estadoLancamento,
  passos: [validarConta, validarDestino, validarHistorico, transferir],
  resposta: (ctx) => ({ lancamentos: ctx.estado.lancamentos }),
});

export const estornarLancamento = defineWorkflow(comandoEstornoLancamento, {
  estadoInicial: estadoLancamento,
  passos: [validarConta, estornar],
  resposta: (ctx) => ({ lancamentos: ctx.estado.lancamentos }),
});
