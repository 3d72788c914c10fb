/** An agreement's status as a coloured badge (monitoring grid and detail). */
import { Badge } from '@mantine/core';
import { ROTULO_STATUS_ACORDO, type StatusAcordo } from '@retaguarda/domain';

const COR_STATUS_ACORDO: Record<StatusAcordo, string> = {
  RASCUNHO: 'gray',
  VIGENTE: 'blue',
  EM_APURACAO: 'indigo',
  A_RECEBER: 'orange',
  RECEBIDO_PARCIAL: 'yellow',
  RECEBIDO: 'green',
  CANCELADO: 'gray',
  VENCIDO: 'red',
};

export const SeloStatusAcordo = ({ status }: { status: StatusAcordo }) => (
  <Badge variant="light" radius="sm" tt="none" color={COR_STATUS_ACORDO[status]} data-cy="acordo-status">
    {ROTULO_STATUS_ACORDO[status]}
  </Badge>
);
