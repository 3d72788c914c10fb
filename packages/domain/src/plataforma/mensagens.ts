/**
 * Messages of the platform area that the server answers and the web shows: self-update (spec §4
 * "Update flow") and push messaging (spec §8).
 */
export const MSG_ATUALIZACAO = {
  indisponivel:
    'A atualização automática não está disponível neste servidor: nenhum comando de atualização (UPDATE_COMMAND) foi configurado. Atualize pelo procedimento de implantação.',
  jaAtualizado: 'O sistema já está na versão mais recente.',
  emAndamento: 'Já existe uma atualização em andamento.',
  iniciada: 'Atualização iniciada.',
  concluida: 'Comando de atualização concluído. O novo build passa a valer quando o servidor reiniciar com ele.',
  reiniciando: 'Build instalado; o servidor está reiniciando com ele.',
  aplicada: 'O novo build está em execução.',
  falhou: 'A atualização não ocorreu como esperado, algum erro ocorreu durante o processo.',
} as const;

export const MSG_PUSH = {
  // spec §8: the text shown when push messaging cannot initialise
  naoInicializou: 'Não foi possível inicializar o FirebaseCloud Messaging...',
  /** an error of the `token` field */
  tokenInvalido:
    'informe a inscrição de push do navegador (PushSubscription em JSON ou base64url) ou o token de mensagens do aplicativo.',
  somenteSessoes: 'Somente sessões de usuário registram mensagens push.',
  registrada: 'Inscrição de push registrada.',
} as const;

/** File uploads (POST /api/v1/arquivos: multipart field `arquivo`, or the raw bytes). */
export const MSG_ARQUIVO = {
  grandeDemais: (limiteBytes: number) =>
    `O arquivo excede o tamanho máximo permitido de ${(limiteBytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB.`,
  vazio: 'O arquivo enviado está vazio.',
  nomeInvalido: 'nome: use de 1 a 255 caracteres.',
  /** an error of the multipart field `arquivo` */
  semArquivo: 'envie o arquivo (não vazio) no campo arquivo do formulário.',
  formularioMalformado:
    'O formulário multipart/form-data enviado está malformado (sem boundary ou partes incompletas).',
  extensaoRecusada: (rotulo: string, extensoes: readonly string[]) =>
    `Este tipo de arquivo não é aceito como ${rotulo}. Envie um arquivo ${extensoes.join(', ')}.`,
  cotaUsuario: (limiteBytes: number) =>
    `Você atingiu o limite de envio de arquivos (${mb(limiteBytes)} MB em 24 horas). Tente novamente mais tarde.`,
  cotaAssinante: (limiteBytes: number) =>
    `O espaço para arquivos desta empresa está esgotado (${mb(limiteBytes)} MB). Arquivos antigos são removidos automaticamente; tente novamente mais tarde.`,
  corpoParado: (ms: number) =>
    `O envio da requisição parou por mais de ${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} segundos e foi encerrado. Tente novamente.`,
} as const;

const mb = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
