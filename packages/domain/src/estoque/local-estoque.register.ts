import { defineRegister, f } from '../registers/fields';

/**
 * Local de estoque (domain.md §5): store-bound; at most one default sale and one default entry
 * location per store (unique indexes), and the default sale location must allow sales.
 */
export const localEstoque = defineRegister({
  key: 'localEstoque',
  table: 'local_estoque',
  label: {
    singular: 'Local de estoque',
    plural: 'Locais de estoque',
    naoEncontrado: 'Local de estoque não encontrado.',
    incluido: 'Local de estoque incluído.',
    excluido: 'Local de estoque excluído.',
    indefinido: 'um local de estoque',
    definido: 'o local de estoque',
  },
  area: 'Estoque',
  route: '/estoque/local-estoque',
  paths: [{ path: '/v1/estoque/locais-estoque' }],
  permissao: 'LOCAL',
  lojaField: 'lojaId',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.loja('lojaId', 'Loja', { required: true }),
    f.text('descricao', 'Descrição', { required: true, help: 'Única por loja entre os locais ativos.' }),
    f.enumOf(
      'tipo',
      'Tipo',
      [
        { value: 'LOJA', label: 'Loja (área de venda)' },
        { value: 'DEPOSITO', label: 'Depósito' },
        { value: 'AVARIA', label: 'Avaria' },
        { value: 'TROCA', label: 'Troca' },
        { value: 'PRODUCAO', label: 'Produção' },
        { value: 'TRANSITO', label: 'Em trânsito' },
      ],
      { required: true },
    ),
    f.boolean('permiteVenda', 'Permite venda'),
    f.boolean('padraoVenda', 'Padrão para venda', { help: 'Um por loja.' }),
    f.boolean('padraoEntrada', 'Padrão para entrada', { help: 'Um por loja.' }),
    f.boolean('inventariavel', 'Inventariável', { default: true }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'lojaId' },
      { field: 'descricao' },
      { field: 'tipo' },
      { field: 'padraoVenda' },
      { field: 'padraoEntrada' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});
