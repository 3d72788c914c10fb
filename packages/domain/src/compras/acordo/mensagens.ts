/** Messages of commercial agreements (server answers and the web alike). */
export const MSG_ACORDO = {
  entidade: 'acordos comerciais',
  naoEncontrado: 'Acordo comercial não encontrado.',
  foraDoEscopo: (siglas: string) => `Você não tem acesso às lojas do acordo: ${siglas}.`,
  tipoNaoEncontrado: 'tipo de acordo não encontrado ou inativo.',
  fornecedorNaoEncontrado: 'fornecedor não encontrado ou inativo.',
  holdingNaoEncontrada: 'holding não encontrada ou inativa.',
  compradorNaoEncontrado: 'comprador não encontrado.',
  lojaNaoEncontrada: (ids: string) => `loja não encontrada: ${ids}.`,
  escopoNaoEncontrado: (ids: string) => `itens do escopo não encontrados: ${ids}.`,
  escopoVazio: 'o escopo de produtos está vazio: nenhum produto do fornecedor se enquadra.',
  antesDaVigencia: 'a apuração começa no início da vigência: o acordo ainda não está vigente.',
  recebimentoAntesDaApuracao: 'o acordo ainda não foi apurado.',
} as const;
