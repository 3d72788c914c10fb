/** Commands of the stock period closing: close (PERM_FECHAMENTO_ESTOQUE_INCLUIR) and reopen (administrators). */
import {
  entradaFechamentoEstoque,
  entradaReaberturaEstoque,
  fechamentoEstoque,
  MSG_FECHAMENTO,
  perm,
} from '@retaguarda/domain';
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

export const fecharEstoque = defineWorkflow({
  nome: 'estoque.fechamento',
  area: 'estoque',
  recurso: 'lojas',
  acao: 'fechamento',
  idDoCaminho: 'lojaId',
  resumo: 'Fecha o estoque da loja até uma data (movimentos nessa data ou antes passam a ser recusados)',
  entidade: MSG_FECHAMENTO.entidade,
  entrada: entradaFechamentoEstoque,
  saida: fechamentoEstoque,
  acesso: { permissao: perm('FECHAMENTO_ESTOQUE', 'INCLUIR') },
  loja: (e) => e.lojaId,
  lock: (e) => chaveFechamento(e.lojaId),
  estadoInicial: estadoFechamento,
  passos: [lerFechamento, validarFechamento, gravarFechamento],
  resposta,
});

export const reabrirEstoque = defineWorkflow({
  nome: 'estoque.reabertura',
  area: 'estoque',
  recurso: 'lojas',
  acao: 'reabertura',
  idDoCaminho: 'lojaId',
  resumo: 'Reabre o estoque da loja: volta a data de fechamento ou a remove (somente administradores)',
  entidade: MSG_FECHAMENTO.entidade,
  entrada: entradaReaberturaEstoque,
  saida: fechamentoEstoque,
  acesso: { administrador: true },
  loja: (e) => e.lojaId,
  lock: (e) => chaveFechamento(e.lojaId),
  estadoInicial: estadoFechamento,
  passos: [lerFechamento, validarReabertura, gravarFechamento],
  resposta,
});
