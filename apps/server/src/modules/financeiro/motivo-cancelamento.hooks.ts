import { errosMotivoCancelamento, motivoCancelamento } from '@retaguarda/domain';
import { defineValidationHooks } from '../../registers/hooks';

export const motivoCancelamentoHooks = defineValidationHooks(motivoCancelamento, (_ctx, m) =>
  errosMotivoCancelamento(m),
);
