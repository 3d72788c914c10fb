import { errosFormaPagamento, formaPagamento } from '@retaguarda/domain';
import { defineValidationHooks } from '../../registers/hooks';

export const formaPagamentoHooks = defineValidationHooks(formaPagamento, (_ctx, m) => errosFormaPagamento(m));
