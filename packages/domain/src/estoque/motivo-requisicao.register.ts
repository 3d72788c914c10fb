import { defineRegister, f } from '../registers/fields';

/** Motivo de requisição de mercadoria (domain.md §5): why goods move between locations or are consumed. */
export const motivoRequisicao = defineRegister({
  key: 'motivoRequisicao',
  table: 'motivo_requisicao',
  label: {
    singular: 'Motivo de requisição',
    plural: 'Motivos de requisição',
    naoEncontrado: 'Motivo de requisição não encontrado.',
    incluido: 'Motivo de requisição incluído.',
    excluido: 'Motivo de requisição excluído.',
    indefinido: 'um motivo de requisição',
    definido: 'o motivo de requisição',
  },
  area: 'Estoque',
  route: '/estoque/motivo-requisicao',
  paths: [{ path: '/v1/estoque/motivos-requisicao' }],
  permissao: 'MOTIVO_REQUISICAO',
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.enumOf(
      'tipo',
      'Tipo',
      [
        { value: 'CONSUMO_INTERNO', label: 'Consumo interno' },
        { value: 'TRANSFERENCIA', label: 'Transferência' },
        { value: 'USO_PRODUCAO', label: 'Uso na produção' },
        { value: 'DEGUSTACAO', label: 'Degustação' },
        { value: 'BRINDE', label: 'Brinde' },
        { value: 'PERDA', label: 'Perda' },
      ],
      { required: true },
    ),
    f.boolean('exigeAprovacao', 'Exige aprovação'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'tipo' },
      { field: 'exigeAprovacao' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});
