/** The bank reconciliation's commands (domain §2.4): confirm, undo, generate an entry from a line. */
import { comandoConciliar, comandoDesconciliar, comandoGerarLancamento } from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import { conciliar, desconciliar, estadoConciliacao, gerarLancamento, travarConta } from './conciliacao.passos';

export const conciliarConta = defineWorkflow(comandoConciliar, {
  estadoInicial: estadoConciliacao,
  passos: [travarConta, conciliar],
  resposta: (ctx) => ({ conciliacoes: ctx.estado.feitas }),
});

export const desconciliarConta = defineWorkflow(comandoDesconciliar, {
  estadoInicial: estadoConciliacao,
  passos: [travarConta, desconciliar],
  resposta: (ctx) => ctx.estado.feitas[0]!,
});

export const gerarLancamentoDaLinha = defineWorkflow(comandoGerarLancamento, {
  estadoInicial: estadoConciliacao,
  passos: [travarConta, gerarLancamento],
  resposta: (ctx) => ({ conciliacaoId: ctx.estado.feitas[0]!.id, lancamento: ctx.estado.lancamento! }),
});
