import { errosLocalEstoque, localEstoque } from '@retaguarda/domain';
import { defineValidationHooks } from '../../registers/hooks';

export const localEstoqueHooks = defineValidationHooks(localEstoque, (_ctx, m) => errosLocalEstoque(m));
