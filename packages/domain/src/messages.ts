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
  rotaNaoEncontrada: (metodo: string, caminho: string) => `Recurso não encontrado: ${metodo} ${caminho}.`,
  assinaturaNaoEncontrada: 'Assinatura não encontrada para este endereço.',
  validacao: 'Os dados enviados são inválidos.',
  conflito: 'O registro foi alterado por outro usuário. Recarregue e tente novamente.',
  muitasRequisicoes: 'Muitas requisições. Aguarde e tente novamente.',
  bancoIndisponivel: 'O serviço de banco de dados está indisponível no momento. Tente novamente em instantes.',
  erroInterno: 'Ocorreu um erro interno no servidor. Tente novamente mais tarde.',
  semPermissao: (entidade?: string) =>
    entidade
      ? `Você não tem permissão para acessar ou alterar ${entidade}.`
      : 'Você não tem permissão para realizar essa ação.',
} as const;
