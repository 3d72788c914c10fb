import { defineRegister, f } from '../registers/fields';

/** Histórico padrão (domain.md §2; mirrors I075 of the ECD): the text of ledger entries, with placeholders. */
export const historicoPadrao = defineRegister({
  key: 'historicoPadrao',
  table: 'historico_padrao',
  label: {
    singular: 'Histórico padrão',
    plural: 'Históricos padrão',
    naoEncontrado: 'Histórico padrão não encontrado.',
    incluido: 'Histórico padrão incluído.',
    excluido: 'Histórico padrão excluído.',
    indefinido: 'um histórico padrão',
    definido: 'o histórico padrão',
  },
  area: 'Financeiro',
  route: '/historicoPadrao',
  paths: [{ path: '/v1/financeiro/historicos-padrao' }],
  permissao: 'HISTORICO_PADRAO',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.integer('codigo', 'Código do histórico', { required: true, min: 1, max: 999999, unique: true }),
    f.text('descricao', 'Descrição', {
      required: true,
      maxLength: 100,
      unique: 'ativos',
      help: 'Marcadores: {documento}, {pessoa}, {agente}, {data}, {valor}, {conta}, {parcela}.',
    }),
    f.enumOf(
      'natureza',
      'Natureza',
      [
        { value: 'DEBITO', label: 'Débito' },
        { value: 'CREDITO', label: 'Crédito' },
        { value: 'AMBOS', label: 'Débito e crédito' },
      ],
      { required: true, default: 'AMBOS' },
    ),
    f.multiEnum('aplicacao', 'Aplicação', [
      { value: 'CONTA_CORRENTE', label: 'Conta corrente' },
      { value: 'PAGAR', label: 'Contas a pagar' },
      { value: 'RECEBER', label: 'Contas a receber' },
      { value: 'CAIXA', label: 'Caixa' },
    ]),
    f.text('contaContabil', 'Conta contábil', { maxLength: 30 }),
  ],
  list: {
    columns: [
      { field: 'codigo' },
      { field: 'descricao' },
      { field: 'natureza' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['descricao'],
  },
});
