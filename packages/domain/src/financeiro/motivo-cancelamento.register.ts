import { defineRegister, f } from '../registers/fields';

/** Motivo do cancelamento (domain.md §2): also the `xJust` of NF-e/NFC-e cancellations (≥15 characters). */
export const motivoCancelamento = defineRegister({
  key: 'motivoCancelamento',
  table: 'motivo_cancelamento',
  label: {
    singular: 'Motivo do cancelamento',
    plural: 'Motivos do cancelamento',
    naoEncontrado: 'Motivo do cancelamento não encontrado.',
    incluido: 'Motivo do cancelamento incluído.',
    excluido: 'Motivo do cancelamento excluído.',
    indefinido: 'um motivo do cancelamento',
    definido: 'o motivo do cancelamento',
  },
  area: 'Financeiro',
  route: '/motivoCancelamento',
  paths: [{ path: '/v1/financeiro/motivos-cancelamento' }],
  permissao: 'MOTIVO_CANCELAMENTO',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('descricao', 'Descrição', {
      required: true,
      maxLength: 255,
      unique: 'ativos',
      help: 'Usado como justificativa no cancelamento de NFC-e/NF-e: nesse caso, ao menos 15 caracteres.',
    }),
    f.multiEnum(
      'aplicacao',
      'Aplicação',
      [
        { value: 'CUPOM_NFCE', label: 'Cupom (NFC-e)' },
        { value: 'NFE', label: 'NF-e' },
        { value: 'ITEM_PDV', label: 'Item no PDV' },
        { value: 'TITULO', label: 'Título financeiro' },
        { value: 'PEDIDO_VENDA', label: 'Pedido de venda' },
        { value: 'PEDIDO_COMPRA', label: 'Pedido de compra' },
      ],
      { required: true },
    ),
    f.boolean('exigeObservacao', 'Exige observação'),
  ],
  list: {
    columns: [{ field: 'id' }, { field: 'descricao' }, { field: 'aplicacao' }, { field: 'ativo', label: 'Situação' }],
  },
});
