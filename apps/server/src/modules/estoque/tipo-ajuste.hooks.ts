import { errosTipoAjuste, tipoAjuste } from '@retaguarda/domain';
import { defineValidationHooks } from '../../registers/hooks';

export const tipoAjusteHooks = defineValidationHooks(tipoAjuste, (_ctx, m) => errosTipoAjuste(m));
