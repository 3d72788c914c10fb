/** The public faces of the bank reconciliation: confirm, undo, and an entry generated from a statement line. */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import { MSG_LANCAMENTO_BANCARIO } from '../lancamento/mensagens';
import {
  conciliacaoFeita,
  conciliacoesFeitas,
  entradaConciliar,
  entradaDesconciliar,
  entradaFechamentoConta,
  entradaGerarLancamento,
  entradaIgnorarLinha,
  fechamentoConta,
  lancamentoGerado,
  linhaIgnorada,
  MSG_CONCILIACAO as MSG,
} from './contrato';

const BASE = '/api/v1/financeiro/contas-correntes/{id}/conciliacoes';
const conta = {
  recurso: 'conta_corrente',
  parametro: 'contaCorrenteId',
  colunaLoja: 'loja_id',
  naoEncontrado: MSG_LANCAMENTO_BANCARIO.contaNaoEncontrada,
  foraDoEscopo: MSG_LANCAMENTO_BANCARIO.contaForaDoEscopo,
} as const;

export const comandoConciliar = defineCommand({
  nome: 'financeiro.conciliar',
  caminho: BASE,
  campoDoId: 'contaCorrenteId',
  resumo: 'Concilia linhas do extrato com lançamentos (um ou vários grupos, cada um com soma exata)',
  entidade: MSG.entidade,
  entrada: entradaConciliar,
  saida: conciliacoesFeitas,
  acesso: { permissao: perm('CONCILIACAO_DE_CC', 'INCLUIR') },
  loja: conta,
});

export const comandoDesconciliar = defineCommand({
  nome: 'financeiro.desconciliar',
  caminho: `${BASE}/{conciliacaoId}/desfazer`,
  campoDoId: 'contaCorrenteId',
  resumo: 'Desfaz uma conciliação (as linhas e os lançamentos voltam a pendentes)',
  entidade: MSG.entidade,
  entrada: entradaDesconciliar,
  saida: conciliacaoFeita,
  acesso: { permissao: [perm('CONCILIACAO_DE_CC', 'EXCLUIR'), perm('CONCILIACAO_DE_CC', 'INCLUIR')] },
  loja: conta,
});

export const comandoGerarLancamento = defineCommand({
  nome: 'financeiro.conciliacao-gerar-lancamento',
  caminho: `${BASE}/gerar-lancamento`,
  campoDoId: 'contaCorrenteId',
  resumo: 'Gera o lançamento de uma linha do extrato sem par (tarifa, juros, PIX) e o concilia',
  entidade: MSG.entidade,
  entrada: entradaGerarLancamento,
  saida: lancamentoGerado,
  acesso: { permissao: perm('CONCILIACAO_DE_CC', 'INCLUIR') },
  loja: conta,
});

export const comandoIgnorarLinha = defineCommand({
  nome: 'financeiro.extrato-linha-ignorar',
  caminho: '/api/v1/financeiro/contas-correntes/{id}/extrato-linhas/{linhaId}/ignorar',
  campoDoId: 'contaCorrenteId',
  resumo: 'Ignora uma linha do extrato (fica fora da conciliação) ou a traz de volta com `ignorar: false`',
  entidade: MSG.entidade,
  entrada: entradaIgnorarLinha,
  saida: linhaIgnorada,
  acesso: { permissao: perm('CONCILIACAO_DE_CC', 'INCLUIR') },
  loja: conta,
});

export const comandoFecharConta = defineCommand({
  nome: 'financeiro.conta-corrente-fechamento',
  caminho: '/api/v1/financeiro/contas-correntes/{id}/fechamento',
  campoDoId: 'contaCorrenteId',
  resumo: 'Fecha a conta corrente até uma data (conciliação terminada): lançamentos até ela passam a ser recusados',
  entidade: MSG.entidade,
  entrada: entradaFechamentoConta,
  saida: fechamentoConta,
  acesso: { permissao: perm('CONCILIACAO_DE_CC', 'EDITAR') },
  loja: conta,
});
