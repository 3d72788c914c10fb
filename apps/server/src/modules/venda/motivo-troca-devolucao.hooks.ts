import { errosMotivoTrocaDevolucao, motivoTrocaDevolucao } from '@retaguarda/domain';
import { defineValidationHooks } from '../../registers/hooks';

export const motivoTrocaDevolucaoHooks = defineValidationHooks(motivoTrocaDevolucao, (_ctx, m) =>
  errosMotivoTrocaDevolucao(m),
);
