import { familiaProduto } from '@retaguarda/domain';
import { defineRegisterHooks } from '../../registers/hooks';
import { umGrupoPorProduto } from './um-grupo-por-produto';

const familia = umGrupoPorProduto('familia_produto', 'na família');

export const familiaProdutoHooks = defineRegisterHooks(familiaProduto, {
  beforeCreate: familia,
  beforeUpdate: familia,
});
