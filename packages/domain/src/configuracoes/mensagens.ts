/** Messages of the settings API (server answers and the web alike). */
export const MSG_CONFIGURACOES = {
  entidade: 'configurações',
  parametroDesconhecido: (chave: string) => `Parâmetro ${chave} não existe.`,
  areaDesconhecida: (area: string) => `Área de configurações ${area} não existe.`,
  somenteEmpresa: 'Este parâmetro vale para a empresa toda e não tem valor por loja.',
  lojaNaoEncontrada: 'Loja não encontrada.',
  lojaForaDoEscopo: 'Você não tem acesso a esta loja.',
  valorObrigatorio: 'informe o valor.',
  valorDeTodasAsLojas: (siglas: string) =>
    `O valor da empresa vale para todas as lojas, e você não tem acesso a: ${siglas}. Altere o valor de cada uma das suas lojas.`,
} as const;
