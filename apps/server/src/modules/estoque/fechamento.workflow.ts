/** Commands of the stock period closing: close (PERM_FECHAMENTO_ESTOQUE_INCLUIR) and reopen (administrators). */
import { comandoFechamentoEstoque, comandoReaberturaEstoque } from '@retaguarda/domain';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';
import {
  type EstadoFechamento,
  estadoFechamento,
  gravarFechamento,
  lerFechamento,
  validarFechamento,
  validarReabertura,
} from './fechamento.passos';
import { chaveFechamento } from './fechamento.periodo';

const resposta = (ctx: ContextoDoComando<{ lojaId: number }, EstadoFechamento>) => ({
  lojaId: ctx.loja.id,
  sigla: ctx.loja.sigla,
  fechadoAte: ctx.estado.nova,
  alteradoPor: ctx.usuarioId,
  alteradoEm: ctx.estado.alteradoEm,
});

export const fecharEstoque = defineWorkflow(comandoFechamentoEstoque, {
  lock: (e) => chaveFechamento(e.lojaId),
  estadoInicial: estadoFechamento,
  passos: [lerFechamento, validarFechamento, gravarFechamento],
  resposta,
});

export const reabrirEstoque = defineWorkflow(comandoReaberturaEstoque, {
  lock: (e) => chaveFechamento(e.lojaId),
  estadoInicial: estadoFechamento,
  passos: [lerFechamento, validarReabertura, gravarFechamento],
  resposta,
});
