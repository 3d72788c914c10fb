/** Messages of item lines (any document: server answers and the web alike). */
export const MSG_ITENS = {
  produtoNaoEncontrado: (id: number) => `produto ${id} não encontrado.`,
  produtoInativo: (id: number) => `o produto ${id} está inativo.`,
  casasDaUnidade: (sigla: string, casas: number) =>
    casas === 0
      ? `a unidade ${sigla} não é fracionada: informe uma quantidade inteira.`
      : `a unidade ${sigla} aceita no máximo ${casas} casas decimais.`,
  semProduto: 'informe o produto.',
  naoEncontrado: 'código não encontrado.',
  codigo: (codigo: string, motivo: string) => `código ${codigo}: ${motivo.charAt(0).toLowerCase()}${motivo.slice(1)}`,
  numeroInvalido: 'informe um número.',
  quantidadePositiva: 'a quantidade deve ser maior que zero.',
  negativo: 'o valor não pode ser negativo.',
  casas: (casas: number) => `no máximo ${casas} casas decimais.`,
} as const;
