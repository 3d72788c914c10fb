/** pt-BR messages shared by server and web (spec §5, §8 and the API error shape). */
export const MSG = {
  credenciaisInvalidas: 'Credenciais de usuário inválidas.',
  erroCarregarUsuario: 'Erro ao carregar os dados do usuário.',
  semAcessoTitulo: 'Você não tem acesso a essa funcionalidade.',
  semAcessoMensagem: 'Para ter acesso, solicite ao administrador.',
  erroInesperado: 'Um erro inesperado aconteceu.',
  requisicaoInvalida: 'Requisição inválida.',
  jsonInvalido: 'O corpo da requisição não é um JSON válido.',
  tipoConteudoNaoSuportado: 'Tipo de conteúdo não suportado.',
  corpoGrandeDemais: 'O corpo da requisição excede o tamanho máximo permitido.',
  naoAutenticado: 'Autenticação necessária. Faça login novamente.',
  recursoNaoEncontrado: 'Recurso não encontrado.',
  // a hostile 5 000-character path is not echoed back whole
  rotaNaoEncontrada: (metodo: string, caminho: string) =>
    `Recurso não encontrado: ${metodo} ${caminho.length > 120 ? `${caminho.slice(0, 120)}…` : caminho}.`,
  assinaturaNaoEncontrada: 'Assinatura não encontrada para este endereço.',
  validacao: 'Os dados enviados são inválidos.',
  /** 409 of a PUT whose `versao` is stale (the engine's and every bespoke form's) */
  versaoDesatualizada: 'Este registro foi alterado por outro usuário. Recarregue os dados e tente novamente.',
  versaoDesatualizadaMotivo: 'versao: valor desatualizado.',
  muitasRequisicoes: 'Muitas requisições. Aguarde e tente novamente.',
  bancoIndisponivel: 'O serviço de banco de dados está indisponível no momento. Tente novamente em instantes.',
  consultaDemorada:
    'A consulta demorou demais e foi interrompida. Refine o filtro da lista ou tente novamente em instantes.',
  exportacoesDoUsuario: (n: number) =>
    `Você já tem ${n} exportações em andamento (o máximo ao mesmo tempo). Aguarde uma delas terminar e tente novamente.`,
  exportacoesDaAssinatura: (n: number) =>
    `A assinatura já tem ${n} exportações em andamento (o máximo ao mesmo tempo). Aguarde uma delas terminar e tente novamente.`,
  exportacaoGrandeDemais: (mb: number) =>
    `A exportação passou do tamanho máximo de ${mb} MB. Filtre a lista para exportar menos linhas.`,
  erroInterno: 'Ocorreu um erro interno no servidor. Tente novamente mais tarde.',
  semPermissao: (entidade?: string) =>
    entidade
      ? `Você não tem permissão para acessar ou alterar ${entidade}.`
      : 'Você não tem permissão para realizar essa ação.',
  /** store scope of records shared by several stores (server registers/store-scope.ts) */
  lojasRemovidasForaDoEscopo: (siglas: string, n: number) =>
    n === 1
      ? `Você não pode remover a loja ${siglas}: ela não está entre as suas lojas.`
      : `Você não pode remover as lojas ${siglas}: elas não estão entre as suas lojas.`,
  lojasIncluidasForaDoEscopo: (siglas: string, n: number) =>
    n === 1
      ? `Você não pode incluir a loja ${siglas}: ela não está entre as suas lojas.`
      : `Você não pode incluir as lojas ${siglas}: elas não estão entre as suas lojas.`,
  todasAsLojasForaDoEscopo: (campo: string) =>
    `Você não pode deixar o campo ${campo} vazio: vazio vale para todas as lojas, e nem todas estão entre as suas lojas.`,
  exclusaoOutrasLojas: (siglas: string, n: number) =>
    n === 1
      ? `Você não pode excluir este registro: ele vale também para a loja ${siglas}, que não está entre as suas lojas.`
      : `Você não pode excluir este registro: ele vale também para as lojas ${siglas}, que não estão entre as suas lojas.`,
  exclusaoTodasAsLojas:
    'Você não pode excluir este registro: ele vale para todas as lojas, e nem todas estão entre as suas lojas.',
  /** a record reaching stores the user does not hold is read-only for them (architecture §7.12) */
  edicaoOutrasLojas: (siglas: string, n: number) =>
    n === 1
      ? `Você não pode alterar este registro: ele vale também para a loja ${siglas}, que não está entre as suas lojas.`
      : `Você não pode alterar este registro: ele vale também para as lojas ${siglas}, que não estão entre as suas lojas.`,
  edicaoTodasAsLojas:
    'Você não pode alterar este registro: ele vale para todas as lojas, e nem todas estão entre as suas lojas.',
  registroDeOutrasLojas:
    'Este registro vale também para lojas que não estão entre as suas: você pode consultá-lo, mas não alterá-lo.',
} as const;
