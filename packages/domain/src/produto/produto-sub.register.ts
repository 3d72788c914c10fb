import { defineRegister, f } from '../registers/fields';

/** Barcodes: the id is the code; EAN codes carry a GTIN check digit (hook `gtin`). */
export const codigoAuxiliar = defineRegister({
  key: 'codigoAuxiliar',
  table: 'codigo_auxiliar',
  label: {
    singular: 'Código auxiliar',
    plural: 'Códigos auxiliares',
    naoEncontrado: 'Código auxiliar não encontrado.',
    incluido: 'Código auxiliar incluído.',
    excluido: 'Código auxiliar excluído.',
    indefinido: 'um código auxiliar',
    definido: 'o código auxiliar',
  },
  area: 'Produto',
  route: '/produto/codigos-auxiliares',
  paths: [{ path: '/v1/produto/codigos-auxiliares' }, { path: '/v1/produto/produtos/:produtoId/codigos-auxiliares' }],
  permissao: 'PRODUTO',
  idKind: 'code',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('id', 'Código', {
      required: true,
      maxLength: 14,
      pattern: { regex: '^[0-9A-Za-z]{1,14}$', message: 'Use até 14 letras ou dígitos.' },
    }),
    f.reference('produtoId', 'Produto', 'produto', { required: true }),
    f.enumOf('tipo', 'Tipo', ['EAN', 'LITERAL', 'NUMERICO'], { required: true, default: 'EAN' }),
    f.quantity('fator', 'Fator (embalagem)', { default: '1', min: 0.001 }),
    f.boolean('eanTributado', 'EAN tributado', { default: true }),
  ],
  list: {
    columns: [{ field: 'id' }, { field: 'produtoId' }, { field: 'tipo' }, { field: 'fator' }],
    defaultSort: 'id',
  },
});

const precoFields = [1, 2, 3].flatMap((n) => [
  f.money(`precoVenda${n}`, `Preço de venda ${n}`),
  f.money(`precoOferta${n}`, `Preço de oferta ${n}`),
  f.percent(`margemPreco${n}`, `Margem ${n} (%)`, { max: 9999 }),
]);

/** Prices per product × store; `/{id}/precos` answers a bare array (api-compat C1, C2). */
export const preco = defineRegister({
  key: 'preco',
  table: 'preco',
  label: {
    singular: 'Preço',
    plural: 'Preços',
    naoEncontrado: 'Preço não encontrado.',
    incluido: 'Preço incluído.',
    excluido: 'Preço excluído.',
    indefinido: 'um preço',
    definido: 'o preço',
  },
  area: 'Produto',
  route: '/produto/precos',
  paths: [
    { path: '/v1/produto/precos' },
    { path: '/v1/produto/produtos/:produtoId/precos', bare: true, readOnly: true },
  ],
  permissao: 'PRODUTO',
  lojaField: 'lojaId',
  fields: [
    f.reference('produtoId', 'Produto', 'produto', { required: true }),
    f.loja('lojaId', 'Loja', { required: true }),
    ...precoFields,
    f.quantity('quantidadeMinimaPreco2', 'Quantidade mínima preço 2'),
    f.quantity('quantidadeMinimaPreco3', 'Quantidade mínima preço 3'),
    f.date('inicioOferta', 'Início da oferta'),
    f.date('fimOferta', 'Fim da oferta'),
  ],
  list: {
    columns: [{ field: 'produtoId' }, { field: 'lojaId' }, { field: 'precoVenda1' }, { field: 'precoOferta1' }],
    defaultSort: 'id',
  },
});

export const custo = defineRegister({
  key: 'custo',
  table: 'custo',
  label: {
    singular: 'Custo',
    plural: 'Custos',
    naoEncontrado: 'Custo não encontrado.',
    incluido: 'Custo incluído.',
    excluido: 'Custo excluído.',
    indefinido: 'um custo',
    definido: 'o custo',
  },
  area: 'Produto',
  route: '/produto/custos',
  paths: [
    { path: '/v1/produto/custos' },
    { path: '/v1/produto/produtos/:produtoId/custos', bare: true, readOnly: true },
  ],
  permissao: 'PRODUTO',
  lojaField: 'lojaId',
  fields: [
    f.reference('produtoId', 'Produto', 'produto', { required: true }),
    f.loja('lojaId', 'Loja', { required: true }),
    f.decimal('custoReposicao', 'Custo de reposição', { min: 0, scale: 4, precision: 11 }),
    f.decimal('custoMedio', 'Custo médio', { min: 0, scale: 4, precision: 11 }),
    f.decimal('custoFiscal', 'Custo fiscal', { min: 0, scale: 4, precision: 11 }),
    f.decimal('custoProduto', 'Custo do produto', { readOnly: true }),
    f.decimal('precoMedioDeReposicao', 'Preço médio de reposição', { readOnly: true }),
    f.decimal('precoFiscalDeReposicao', 'Preço fiscal de reposição', { readOnly: true }),
  ],
  list: {
    columns: [{ field: 'produtoId' }, { field: 'lojaId' }, { field: 'custoReposicao' }, { field: 'custoMedio' }],
    defaultSort: 'id',
  },
});

export const produtoFornecedor = defineRegister({
  key: 'produtoFornecedor',
  table: 'produto_fornecedor',
  label: {
    singular: 'Fornecedor do produto',
    plural: 'Fornecedores do produto',
    naoEncontrado: 'Fornecedor do produto não encontrado.',
    incluido: 'Fornecedor do produto incluído.',
    excluido: 'Fornecedor do produto excluído.',
    indefinido: 'um fornecedor do produto',
    definido: 'o fornecedor do produto',
  },
  area: 'Produto',
  route: '/produto/fornecedores',
  paths: [{ path: '/v1/produto/produtos/:produtoId/fornecedores' }],
  permissao: 'PRODUTO',
  fields: [
    f.reference('produtoId', 'Produto', 'produto', { required: true }),
    f.reference('fornecedorId', 'Fornecedor', 'fornecedor', { required: true }),
    f.text('referencia', 'Referência no fornecedor', { maxLength: 30 }),
    f.quantity('embalagem', 'Embalagem'),
    f.boolean('principal', 'Principal'),
  ],
  list: { columns: [{ field: 'fornecedorId' }, { field: 'referencia' }, { field: 'principal' }], defaultSort: 'id' },
});
