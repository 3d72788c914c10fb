/** Messages of the one-trip product registration (server answers and the web form alike). */
export const MSG_CADASTRO_PRODUTO = {
  ofertaNaoMenor: (n: number) => `o preço de oferta ${n} deve ser menor que o preço de venda ${n}.`,
  ofertaSemPreco: (n: number) => `informe o preço de venda ${n} antes da oferta.`,
  ofertaSemPeriodo: 'informe o início e o fim da oferta.',
  periodoInvertido: 'o fim da oferta deve ser igual ou posterior ao início.',
  quantidadeMinima: (n: number) => `informe a quantidade mínima do preço ${n} (maior que 1).`,
  quantidade3MaiorQue2: 'a quantidade mínima do preço 3 deve ser maior que a do preço 2.',
  margemSemCusto: 'informe o custo para calcular o preço pela margem.',
  margemInvalida: 'a margem sobre o preço deve ser menor que 100%.',
  lojaRepetida: (loja: number) => `a loja ${loja} aparece mais de uma vez.`,
  todasRepetida: '"Todas as lojas" aparece mais de uma vez.',
  codigoRepetido: (codigo: string) => `o código ${codigo} aparece mais de uma vez.`,
  codigoDeOutroProduto: (codigo: string, produto: number) => `o código ${codigo} já pertence ao produto ${produto}.`,
  eanInvalido: 'código de barras inválido: dígito verificador GTIN não confere.',
  semLojas: 'você não tem lojas para aplicar "Todas as lojas".',
} as const;
