import { defineRegister, f } from '../registers/fields';

/**
 * Motivo de troca/devolução (domain.md §7). A consumer return is documented by an NF-e de entrada
 * (CFOP 1202, or 1411 for ST goods) referencing the NFC-e: this register only says what happens to the goods.
 */
export const motivoTrocaDevolucao = defineRegister({
  key: 'motivoTrocaDevolucao',
  table: 'motivo_troca_devolucao',
  label: {
    singular: 'Motivo de troca e devolução',
    plural: 'Motivos de troca e devolução',
    naoEncontrado: 'Motivo de troca e devolução não encontrado.',
    incluido: 'Motivo de troca e devolução incluído.',
    excluido: 'Motivo de troca e devolução excluído.',
    indefinido: 'um motivo de troca e devolução',
    definido: 'o motivo de troca e devolução',
  },
  area: 'Venda',
  route: '/motivoTrocaDevolucao',
  paths: [{ path: '/v1/venda/motivos-troca-devolucao' }],
  permissao: 'MOTIVO_DEVOLUCAO',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.enumOf(
      'tipo',
      'Tipo',
      [
        { value: 'TROCA', label: 'Troca' },
        { value: 'DEVOLUCAO', label: 'Devolução' },
        { value: 'AMBOS', label: 'Troca e devolução' },
      ],
      { required: true, default: 'AMBOS' },
    ),
    f.boolean('retornaEstoque', 'Retorna ao estoque', { default: true }),
    f.enumOf(
      'tipoLocalDestino',
      'Local de destino da mercadoria',
      [
        { value: 'LOJA', label: 'Loja (volta à venda)' },
        { value: 'AVARIA', label: 'Avaria' },
        { value: 'TROCA', label: 'Troca' },
        { value: 'DEPOSITO', label: 'Depósito' },
      ],
      { help: 'O tipo de local de estoque que recebe a mercadoria em cada loja (ex.: avaria para defeitos).' },
    ),
    f.boolean('geraValeTroca', 'Gera vale-troca'),
    f.boolean('exigeAutorizacao', 'Exige autorização do supervisor'),
    f.integer('prazoMaximoDias', 'Prazo máximo (dias após a venda)', { min: 0, max: 365 }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'tipo' },
      { field: 'retornaEstoque' },
      { field: 'prazoMaximoDias' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});
