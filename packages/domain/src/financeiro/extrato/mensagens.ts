/** Messages of the OFX statement import (server answers and the web alike). */
export const MSG_EXTRATO_BANCARIO = {
  entidade: 'extratos bancários',
  naoEncontrado: 'Extrato não encontrado.',
  foraDoEscopo: 'Você não tem acesso à loja deste extrato.',
  contaNaoEncontrada: 'conta corrente não encontrada.',
  semConta: (banco: string | null, agencia: string | null, conta: string) =>
    `nenhuma conta corrente sua corresponde a banco ${banco ?? '?'}, agência ${agencia ?? '?'}, conta ${conta}: escolha a conta.`,
  variasContas: (conta: string) => `mais de uma conta corrente corresponde à conta ${conta}: escolha a conta.`,
  importacaoConciliada: 'Este extrato tem linhas conciliadas: desconcilie-as antes de excluir a importação.',
  arquivo: (mensagem: string) => `O arquivo não foi importado. ${mensagem}`,
  arquivoSumiu: 'O arquivo do extrato não está mais disponível: envie-o de novo.',
  tarefaTitulo: (nome: string | null) => `Importação do extrato ${nome ?? ''}`.trim(),
} as const;
