import { defineRegister, f } from '../registers/fields';

/**
 * NCM: the official Siscomex table (global, read-only text) with this tenant's local attributes.
 * Search by code prefix (`id==3303*`) or accent-insensitive description (`descricao==*agua*`).
 */
export const ncm = defineRegister({
  key: 'ncm',
  table: 'ncm_cadastro',
  label: { singular: 'NCM', plural: 'NCMs', genero: 'o' },
  area: 'Fiscal',
  route: '/ncm',
  paths: [{ path: '/v1/fiscal/ncms' }],
  permissao: 'NCM',
  idKind: 'code',
  canCreate: false,
  canDelete: false,
  lock: false,
  fields: [
    f.text('id', 'Código', { readOnly: true, maxLength: 8 }),
    f.text('codigoFormatado', 'NCM', { readOnly: true }),
    f.text('descricao', 'Descrição', { readOnly: true, maxLength: 1000 }),
    f.integer('digitos', 'Dígitos', { readOnly: true }),
    f.text('nivel', 'Nível', { readOnly: true }),
    f.text('codigoPai', 'NCM superior', { readOnly: true }),
    f.text('generoId', 'Gênero', { readOnly: true }),
    f.date('dataInicio', 'Início da vigência', { readOnly: true }),
    f.date('dataFim', 'Fim da vigência', { readOnly: true }),
    f.boolean('vigente', 'Vigente', { readOnly: true }),
    f.longText('observacao', 'Observações', { maxLength: 1000 }),
  ],
  list: {
    columns: [
      { field: 'codigoFormatado' },
      { field: 'descricao' },
      { field: 'dataFim' },
      { field: 'ativo', label: 'Situação' },
    ],
    defaultSort: 'id',
    filters: [
      'id',
      'descricao',
      'digitos',
      'nivel',
      'codigoPai',
      'generoId',
      'dataInicio',
      'dataFim',
      'vigente',
      'ativo',
    ],
  },
  sections: [{ title: 'Atributos locais', fields: ['observacao', 'ativo', 'idExterno'] }],
});
