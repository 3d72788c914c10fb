/** Stock parameters (domain §5): the inventory switch (tenant) and the negative-balance policy (per store). */
import { perm } from '../permissions';
import { defineSetting } from './definir';

const lerEstoque = [perm('FECHAMENTO_ESTOQUE'), perm('AJUSTE_ESTOQUE')];

export const PARAMETROS_ESTOQUE = [
  defineSetting({
    chave: 'estoque.inventarioHabilitado',
    area: 'estoque',
    escopo: 'assinante',
    tipo: 'booleano',
    padrao: true,
    // the route guard's featureFlag 'inventario' (routes.ts): every user's menu needs to read it
    flag: 'inventario',
    permissao: { ler: [], alterar: 'administrador' },
    rotulo: 'Inventário habilitado',
    ajuda: 'Quando desligado, as telas de inventário deixam de aparecer para todos os usuários da empresa.',
  }),
  defineSetting({
    chave: 'estoque.permiteSaldoNegativo',
    area: 'estoque',
    escopo: 'loja',
    tipo: 'booleano',
    padrao: true,
    permissao: { ler: lerEstoque, alterar: 'administrador' },
    rotulo: 'Aceita saldo negativo',
    ajuda:
      'Quando a loja não aceita, um ajuste ou transferência que deixaria um produto com saldo abaixo de zero é recusado.',
  }),
] as const;
