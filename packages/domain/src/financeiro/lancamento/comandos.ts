/** The public faces of the bank ledger's commands: post, transfer (two entries), reverse. */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import {
  entradaEstornoLancamento,
  entradaLancamentoBancario,
  entradaTransferenciaBancaria,
  lancamentoBancario,
  lancamentosGravados,
} from './contrato';
import { MSG_LANCAMENTO_BANCARIO as MSG } from './mensagens';

const CONTAS = '/api/v1/financeiro/contas-correntes';
/** the account named by the path: its store is the command's */
const conta = {
  recurso: 'conta_corrente',
  parametro: 'contaCorrenteId',
  colunaLoja: 'loja_id',
  naoEncontrado: MSG.contaNaoEncontrada,
  foraDoEscopo: MSG.contaForaDoEscopo,
} as const;

export const comandoLancamentoBancario = defineCommand({
  nome: 'financeiro.lancamento-bancario',
  caminho: `${CONTAS}/{id}/lancamentos`,
  campoDoId: 'contaCorrenteId',
  resumo: 'Lança um crédito ou débito manual (ou tarifa) na conta corrente',
  entidade: MSG.entidade,
  entrada: entradaLancamentoBancario,
  saida: lancamentoBancario,
  acesso: { permissao: perm('LANCAMENTO_BANCARIO', 'INCLUIR') },
  loja: conta,
  criaRecurso: (l) => l.id,
});

export const comandoTransferenciaBancaria = defineCommand({
  nome: 'financeiro.transferencia-bancaria',
  caminho: `${CONTAS}/{id}/transferencias`,
  campoDoId: 'contaCorrenteId',
  resumo: 'Transfere entre contas correntes: um débito na origem e um crédito no destino, no mesmo comando',
  entidade: MSG.entidade,
  entrada: entradaTransferenciaBancaria,
  saida: lancamentosGravados,
  acesso: { permissao: perm('LANCAMENTO_BANCARIO', 'INCLUIR') },
  loja: conta,
});

export const comandoEstornoLancamento = defineCommand({
  nome: 'financeiro.lancamento-bancario-estorno',
  caminho: `${CONTAS}/{id}/lancamentos/{lancamentoId}/estorno`,
  campoDoId: 'contaCorrenteId',
  resumo: 'Estorna um lançamento bancário (um lançamento inverso; os dois de uma transferência)',
  entidade: MSG.entidade,
  entrada: entradaEstornoLancamento,
  saida: lancamentosGravados,
  acesso: { permissao: perm('LANCAMENTO_BANCARIO', 'EXCLUIR') },
  loja: conta,
});
