/** The statuses of a stock requisition and how the screens name them. */
export const STATUS_REQUISICAO = ['ABERTA', 'APROVADA', 'TRANSFERIDA', 'RECEBIDA', 'CANCELADA'] as const;
export type StatusRequisicao = (typeof STATUS_REQUISICAO)[number];

export const ROTULO_STATUS_REQUISICAO: Record<StatusRequisicao, string> = {
  ABERTA: 'Aberta',
  APROVADA: 'Aprovada',
  TRANSFERIDA: 'Transferida',
  RECEBIDA: 'Recebida',
  CANCELADA: 'Cancelada',
};
