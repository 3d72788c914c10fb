/** Sales parameters (domain §7): how long a new order waits before its card is highlighted on the board. */
import { perm } from '../permissions';
import { defineSetting } from './definir';

export const PARAMETROS_VENDA = [
  defineSetting({
    chave: 'venda.pedidoDestaqueMinutos',
    area: 'venda',
    escopo: 'assinante',
    tipo: 'minutos',
    padrao: 15,
    limites: { min: 1, max: 1440 },
    permissao: { ler: [perm('PEDIDO_VENDA')], alterar: 'administrador' },
    rotulo: 'Destacar pedido novo após',
    ajuda: 'Um pedido que continua em Novos por mais tempo que isso fica destacado no monitoramento de pedidos.',
  }),
] as const;
