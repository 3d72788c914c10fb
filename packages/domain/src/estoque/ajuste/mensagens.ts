/** Messages of stock adjustments (server answers and the web alike). */
import { dataBr } from '../../tempo/zonas';

export const MSG_AJUSTE = {
  entidade: 'ajustes de estoque',
  naoEncontrado: 'Ajuste de estoque não encontrado.',
  incluido: 'Ajuste de estoque incluído.',
  lojaNaoEncontrada: 'loja não encontrada.',
  localNaoEncontrado: 'local de estoque não encontrado.',
  localDeOutraLoja: 'o local de estoque não pertence à loja informada.',
  localInativo: 'o local de estoque está inativo.',
  localEmTransito:
    'o local de mercadorias em trânsito é movimentado só pelas transferências (recebimento ou cancelamento).',
  tipoNaoEncontrado: 'tipo de ajuste não encontrado.',
  tipoInativo: 'o tipo de ajuste está inativo.',
  operacaoDiverge: (tipo: 'ENTRADA' | 'SAIDA') => `deve ser ${tipo}, a operação do tipo de ajuste escolhido.`,
  observacaoExigida: 'o tipo de ajuste escolhido exige uma observação.',
  custoEmSaida: 'não informe o custo numa saída: ela sai pelo custo médio.',
  custoSemEfeito: 'o tipo de ajuste escolhido não afeta o custo médio: não informe o custo.',
  dataFutura: (hoje: string) => `não é possível lançar um movimento com data posterior a hoje (${dataBr(hoje)}).`,
  saldoNegativo: (produtoId: number, saldo: string) =>
    `o produto ${produtoId} ficaria com saldo negativo (${saldo}) e a loja não permite saldo negativo.`,
} as const;
