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
  defineSetting({
    chave: 'venda.integracaoDelivery',
    area: 'venda',
    escopo: 'loja',
    tipo: 'booleano',
    padrao: false,
    permissao: { ler: [perm('PEDIDO_VENDA')], alterar: 'administrador' },
    rotulo: 'Integração com app de delivery',
    ajuda: 'Quando ligada, cada mudança de situação dos pedidos da loja é enviada ao endereço do app de delivery.',
  }),
  defineSetting({
    chave: 'venda.deliveryUrl',
    area: 'venda',
    escopo: 'loja',
    tipo: 'texto',
    padrao: '',
    limites: { tamanho: 500 },
    permissao: { ler: [perm('PEDIDO_VENDA')], alterar: 'administrador' },
    rotulo: 'Endereço (webhook) do app de delivery',
    ajuda: 'URL que recebe, por POST, cada mudança de situação dos pedidos da loja.',
  }),
] as const;
