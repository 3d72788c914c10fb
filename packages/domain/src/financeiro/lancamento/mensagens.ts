/** Messages of the bank ledger (server answers and the web alike). */
import { dataBr } from '../../tempo/zonas';

export const MSG_LANCAMENTO_BANCARIO = {
  entidade: 'lançamentos bancários',
  contaNaoEncontrada: 'Conta corrente não encontrada.',
  contaForaDoEscopo: 'Você não tem acesso à loja desta conta corrente.',
  contaInativa: 'a conta corrente está inativa.',
  naoEncontrado: 'Lançamento não encontrado.',
  historicoNaoEncontrado: 'histórico padrão não encontrado.',
  historicoNaoAplica: 'este histórico padrão não se aplica a conta corrente.',
  historicoNatureza: (natureza: string) =>
    `este histórico padrão é de ${natureza === 'DEBITO' ? 'débito' : 'crédito'}.`,
  antesDoSaldoInicial: (data: string) =>
    `a data deve ser igual ou posterior à do saldo inicial da conta (${dataBr(data)}).`,
  dataFutura: (hoje: string) => `a data não pode ser posterior a hoje (${dataBr(hoje)}).`,
  periodoFechado: (conta: string, fechadoAte: string) =>
    `A conta ${conta} está fechada até ${dataBr(fechadoAte)}: lançamentos nessa data ou antes não são aceitos.`,
  mesmaConta: 'a conta de destino deve ser diferente da de origem.',
  destinoForaDoEscopo: 'Você não tem acesso à loja da conta de destino.',
  jaEstornado: 'Este lançamento já foi estornado.',
  estornoDeEstorno: 'Um estorno não pode ser estornado: lance o valor de novo.',
  conciliado: 'Este lançamento está conciliado: desconcilie antes de estornar.',
  transferenciaPeloPar: 'Este lançamento é de uma transferência: o estorno desfaz as duas pontas.',
} as const;
