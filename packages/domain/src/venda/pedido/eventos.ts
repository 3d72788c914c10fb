/**
 * Realtime event of sales orders: an order arrived or moved; delivered to the users of its store who hold the
 * orders' permission, whose open boards reload it (a new order lights the badge and its card).
 */
import { z } from 'zod';
import { perm } from '../../permissions';
import { defineEvent } from '../../tempo-real/definir';
import { ETAPAS_PEDIDO } from './regras';

export const EVENTO_PEDIDO_VENDA = defineEvent({
  nome: 'venda.pedido-alterado',
  area: 'venda',
  publico: 'loja',
  // the store's users who may see its orders (PERM_PEDIDO_VENDA_ACESSO), not every user of the store
  permissao: perm('PEDIDO_VENDA'),
  payload: z.object({ id: z.number(), etapa: z.enum(ETAPAS_PEDIDO), versao: z.number(), novo: z.boolean() }),
  descricao: 'Um pedido de venda chegou ou mudou de etapa (os quadros abertos da loja o leem de novo).',
});
