import { errosHistoricoPadrao, historicoPadrao } from '@retaguarda/domain';
import { defineValidationHooks } from '../../registers/hooks';

export const historicoPadraoHooks = defineValidationHooks(historicoPadrao, (_ctx, m) =>
  errosHistoricoPadrao(m.descricao),
);
