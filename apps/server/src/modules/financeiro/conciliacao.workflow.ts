/** The bank reconciliation's commands (domain §2.4): confirm, undo, generate an entry from a line. */
import {
  comandoConciliar,
  comandoDesconciliar,
  comandoFecharConta,
  comandoGerarLancamento,
  comandoIgnorarLinha,
} from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import {
  conciliar,
  desconciliar,
  estadoConciliacao,
  fecharConta,
  gerarLancamento,
  ignorarLinha,
  travarConta,
} from './conciliacao.passos';

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

export const ignorarLinhaDoExtrato = defineWorkflow(comandoIgnorarLinha, {
  estadoInicial: estadoConciliacao,
  passos: [travarConta, ignorarLinha],
  resposta: (ctx) => ({ linhaId: String(ctx.entrada.linhaId), ignorado: ctx.entrada.ignorar }),
});

export const fecharContaCorrente = defineWorkflow(comandoFecharConta, {
  estadoInicial: () => ({ anterior: null as string | null }),
  passos: [fecharConta],
  resposta: (ctx) => ({
    contaCorrenteId: ctx.entrada.contaCorrenteId,
    fechadoAte: ctx.entrada.fechadoAte,
    anterior: ctx.estado.anterior,
  }),
});
