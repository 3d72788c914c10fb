/** Messages of the average-cost recompute. */
export const MSG_RECALCULO_CUSTO = {
  entidade: 'recálculo do custo médio',
  dataFutura: 'a data inicial não pode ser posterior a hoje.',
} as const;
