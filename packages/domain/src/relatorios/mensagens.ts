/** Messages of the business reports, shared by the server's answers and notices and the report viewer. */
export const MSG_RELATORIO = {
  naoEncontrado: 'Relatório não encontrado.',
  processando: 'O relatório ainda está em processamento.',
  falhou: 'Não foi possível gerar o relatório.',
  abandonado: 'O servidor foi reiniciado durante a geração do relatório. Solicite-o novamente.',
  encerrado: 'O servidor foi encerrado antes de concluir o relatório. Solicite-o novamente.',
  prontoTitulo: 'Relatório pronto',
  erroTitulo: 'Relatório não gerado',
  somenteUsuarios: 'Somente usuários podem solicitar relatórios.',
  muitos: (n: number) =>
    `Você já tem ${n} relatórios em processamento. Aguarde a conclusão deles para solicitar outro.`,
  muitosNaAssinatura: (n: number) =>
    `A assinatura já tem ${n} relatórios em processamento. Aguarde a conclusão deles para solicitar outro.`,
  formatoInvalido: 'Formato de relatório inválido: use pdf ou xlsx.',
} as const;
