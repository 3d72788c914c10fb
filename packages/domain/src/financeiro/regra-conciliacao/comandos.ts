/** The public faces of the reconciliation rules: create (its ?previa=true is the 90-day preview), edit, delete, apply. */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import { MSG_LANCAMENTO_BANCARIO } from '../lancamento/mensagens';
import {
  entradaAlterarRegra,
  entradaAplicarRegras,
  entradaExcluirRegra,
  entradaIncluirRegra,
  MSG_REGRA_CONCILIACAO as MSG,
  regraComPrevia,
  regraConciliacao,
  regrasAplicadas,
} from './contrato';

export const CAMINHO_REGRAS = '/api/v1/financeiro/regras-conciliacao';

export const comandoIncluirRegra = defineCommand({
  nome: 'financeiro.regra-conciliacao-incluir',
  caminho: CAMINHO_REGRAS,
  resumo: 'Inclui uma regra de conciliação (com ?previa=true: o que ela faria nos últimos 90 dias, sem gravar)',
  entidade: MSG.entidade,
  entrada: entradaIncluirRegra,
  saida: regraComPrevia,
  acesso: { permissao: perm('REGRA_CONCILIACAO', 'INCLUIR') },
  criaRecurso: (r) => r.id,
});

export const comandoAlterarRegra = defineCommand({
  nome: 'financeiro.regra-conciliacao-alterar',
  metodo: 'PUT',
  caminho: `${CAMINHO_REGRAS}/{id}`,
  resumo: 'Altera uma regra de conciliação (com ?previa=true: a prévia de 90 dias da regra alterada)',
  entidade: MSG.entidade,
  entrada: entradaAlterarRegra,
  saida: regraComPrevia,
  acesso: { permissao: perm('REGRA_CONCILIACAO', 'EDITAR') },
});

export const comandoExcluirRegra = defineCommand({
  nome: 'financeiro.regra-conciliacao-excluir',
  metodo: 'DELETE',
  caminho: `${CAMINHO_REGRAS}/{id}`,
  resumo: 'Exclui uma regra de conciliação (as conciliações que ela fez continuam, e se desfazem com Desconciliar)',
  entidade: MSG.entidade,
  entrada: entradaExcluirRegra,
  saida: regraConciliacao.pick({ id: true }),
  acesso: { permissao: perm('REGRA_CONCILIACAO', 'EXCLUIR') },
});

export const comandoAplicarRegras = defineCommand({
  nome: 'financeiro.regras-conciliacao-aplicar',
  caminho: '/api/v1/financeiro/contas-correntes/{id}/conciliacoes/aplicar-regras',
  campoDoId: 'contaCorrenteId',
  resumo:
    'Aplica as regras de conciliação às linhas pendentes do período (só as ações exatas; ?previa=true mostra o que faria)',
  entidade: MSG.entidade,
  entrada: entradaAplicarRegras,
  saida: regrasAplicadas,
  acesso: { permissao: perm('CONCILIACAO_DE_CC', 'INCLUIR') },
  loja: {
    recurso: 'conta_corrente',
    parametro: 'contaCorrenteId',
    colunaLoja: 'loja_id',
    naoEncontrado: MSG_LANCAMENTO_BANCARIO.contaNaoEncontrada,
    foraDoEscopo: MSG_LANCAMENTO_BANCARIO.contaForaDoEscopo,
  },
});

export const COMANDOS_REGRA_CONCILIACAO = [
  comandoIncluirRegra,
  comandoAlterarRegra,
  comandoExcluirRegra,
  comandoAplicarRegras,
] as const;
