import { defineRegister, f } from '../registers/fields';

export const caracteristica = defineRegister({
  key: 'caracteristica',
  table: 'caracteristica',
  label: {
    singular: 'Tipo de característica',
    plural: 'Tipos de características',
    naoEncontrado: 'Tipo de característica não encontrado.',
    incluido: 'Tipo de característica incluído.',
    excluido: 'Tipo de característica excluído.',
    indefinido: 'um tipo de característica',
    definido: 'o tipo de característica',
  },
  area: 'Produto',
  route: '/tiposCaracteristicas',
  paths: [{ path: '/v1/produto/caracteristicas' }],
  permissao: 'CARACTERISTICA',
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos', help: 'Vegano, Refil, Sem parabenos…' }),
  ],
});

export const aplicacao = defineRegister({
  key: 'aplicacao',
  table: 'aplicacao',
  label: {
    singular: 'Tipo de aplicação',
    plural: 'Tipos de aplicação',
    naoEncontrado: 'Tipo de aplicação não encontrado.',
    incluido: 'Tipo de aplicação incluído.',
    excluido: 'Tipo de aplicação excluído.',
    indefinido: 'um tipo de aplicação',
    definido: 'o tipo de aplicação',
  },
  area: 'Produto',
  route: '/tiposAplicacao',
  paths: [{ path: '/v1/produto/aplicacoes' }],
  permissao: 'APLICACAO',
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos', help: 'Rosto, Corpo, Cabelo, Unhas…' }),
  ],
});

/** Members share the sale price; a product is in at most one family (hook `umGrupoPorProduto`). */
export const familiaProduto = defineRegister({
  key: 'familiaProduto',
  table: 'familia_produto',
  label: {
    singular: 'Família de produtos',
    plural: 'Famílias de produtos',
    naoEncontrado: 'Família de produtos não encontrada.',
    incluido: 'Família de produtos incluída.',
    excluido: 'Família de produtos excluída.',
    indefinido: 'uma família de produtos',
    definido: 'a família de produtos',
  },
  area: 'Produto',
  route: '/familiaProdutos',
  paths: [{ path: '/v1/produto/familias' }],
  permissao: 'FAMILIA_PRODUTO',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.boolean('utilizaPrecoPorQuantidade', 'Utiliza preço por quantidade'),
    f.quantity('quantidadeMinimaPreco2', 'Quantidade mínima preço 2'),
    f.quantity('quantidadeMinimaPreco3', 'Quantidade mínima preço 3'),
    f.multiReference('produtosIds', 'Produtos', 'produto'),
  ],
});

export const mix = defineRegister({
  key: 'mix',
  table: 'mix',
  label: {
    singular: 'Mix',
    plural: 'Mix de produtos',
    naoEncontrado: 'Mix não encontrado.',
    incluido: 'Mix incluído.',
    excluido: 'Mix excluído.',
    indefinido: 'um mix',
    definido: 'o mix',
  },
  area: 'Produto',
  route: '/mix',
  paths: [{ path: '/v1/produto/mix' }],
  permissao: 'MIX',
  lojaField: 'lojasIds',
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.enumOf(
      'finalidade',
      'Finalidade',
      [
        { value: 'VENDA', label: 'Venda' },
        { value: 'COMPRA', label: 'Compra' },
        { value: 'ECOMMERCE', label: 'E-commerce' },
      ],
      { required: true, default: 'VENDA' },
    ),
    f.lojas('lojasIds', 'Lojas'),
    f.multiReference('produtosIds', 'Produtos', 'produto'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'finalidade' },
      { field: 'lojasIds' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});

export const similar = defineRegister({
  key: 'similar',
  table: 'similar_produto',
  label: {
    singular: 'Grupo de similares',
    plural: 'Similares',
    naoEncontrado: 'Grupo de similares não encontrado.',
    incluido: 'Grupo de similares incluído.',
    excluido: 'Grupo de similares excluído.',
    indefinido: 'um grupo de similares',
    definido: 'o grupo de similares',
  },
  area: 'Produto',
  route: '/similares',
  paths: [{ path: '/v1/produto/similares' }],
  permissao: 'CADASTRO_SIMILARES',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.reference('produtoReferenciaId', 'Produto de referência', 'produto'),
    f.multiReference('produtosIds', 'Produtos', 'produto', { required: true, help: 'Pelo menos 2 produtos.' }),
  ],
});
