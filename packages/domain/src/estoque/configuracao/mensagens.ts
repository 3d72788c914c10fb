/** Messages of the per-store stock parameters (server answers and the web alike). */
export const MSG_CONFIGURACAO_ESTOQUE = {
  entidade: 'parâmetros de estoque da loja',
  lojaNaoEncontrada: 'Loja não encontrada.',
  lojaForaDoEscopo: 'Você não tem acesso a esta loja.',
  /** the answer to switching the policy */
  politica: (sigla: string, permite: boolean) =>
    `A loja ${sigla} passa a ${permite ? 'aceitar' : 'recusar'} saldo negativo.`,
} as const;
