/** Messages of purchase invoices and their conferência (server answers and the web alike). */
export const MSG_NOTA_COMPRA = {
  entidade: 'notas fiscais de compra',
  naoEncontrada: 'Nota fiscal de compra não encontrada.',
  foraDoEscopo: 'Você não tem permissão para alterar notas fiscais de compra desta loja.',
  xmlInvalido: 'O arquivo não é um XML válido.',
  naoEhNfe: 'O arquivo não é o XML de uma NF-e (esperado nfeProc ou NFe com infNFe).',
  modeloInvalido: (mod: string) => `o XML é de um documento modelo ${mod}: somente NF-e (modelo 55) entra como compra.`,
  chaveInvalida: 'a chave de acesso da NF-e é inválida (dígito verificador, UF ou mês não conferem).',
  chaveDiferente: 'a chave de acesso do XML não confere com o número, a série e o emitente da nota.',
  chaveRepetida: (id: number) => `Esta NF-e já foi lançada (nota ${id}): a mesma chave de acesso não entra duas vezes.`,
  numeroRepetido: (id: number) => `Esta nota (fornecedor, série e número) já foi lançada (nota ${id}).`,
  emitenteSemCnpj: 'o emitente da NF-e não tem CNPJ válido.',
  fornecedorNaoCadastrado: (cnpj: string, nome: string) =>
    `o fornecedor ${nome} (CNPJ ${cnpj}) não está cadastrado: cadastre-o antes de lançar a nota.`,
  fornecedorNaoEncontrado: 'fornecedor não encontrado.',
  fornecedorInativo: 'o fornecedor está inativo.',
  destinatarioOutraLoja: (cnpj: string, loja: string) =>
    `a NF-e é destinada ao CNPJ ${cnpj}, não à loja ${loja}: escolha a loja destinatária.`,
  itemSemProduto: (n: number, codigo: string, descricao: string) =>
    `item ${n} (${codigo} — ${descricao}): produto não encontrado pelo EAN, pelo código nem pela referência do fornecedor.`,
  produtoNaoEncontrado: 'produto não encontrado.',
  produtoInativo: 'o produto está inativo.',
  localNaoEncontrado: 'local de estoque não encontrado.',
  localDeOutraLoja: 'o local de estoque não pertence à loja informada.',
  localInativo: 'o local de estoque está inativo.',
  semLocalDeEntrada: 'a loja não tem local de estoque padrão de entrada: informe localId.',
  entradaAntesDaEmissao: 'a data de entrada não pode ser anterior à emissão.',
  parcelasNaoFecham: (soma: string, total: string) =>
    `a soma das parcelas (${soma}) difere do valor do documento (${total}).`,
  incluida: (id: number) =>
    `Nota fiscal de compra ${id} lançada: confirme-a ou abra a conferência para dar entrada no estoque.`,
  confirmada: (id: number) => `Nota fiscal de compra ${id} confirmada: entrada no estoque lançada.`,
} as const;

export const MSG_CONFERENCIA = {
  entidade: 'conferências de compra',
  naoEncontrada: 'Conferência de compra não encontrada.',
  foraDoEscopo: 'Você não tem permissão para conferir mercadorias desta loja.',
  jaTemConferencia: (id: number) => `Esta nota já tem a conferência ${id}.`,
  produtoForaDaNota: (produtoId: number) => `o produto ${produtoId} não está na nota fiscal desta conferência.`,
  codigoNaoEncontrado: (codigo: string) => `código ${codigo}: produto não encontrado.`,
  informeProduto: 'informe produtoId ou codigo.',
  fechada: (id: number, divergencias: number) =>
    divergencias
      ? `Conferência ${id} fechada com ${divergencias} divergência(s): entrada lançada com as quantidades contadas.`
      : `Conferência ${id} fechada sem divergências: entrada lançada.`,
} as const;
