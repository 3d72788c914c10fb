import { defineRegister, f } from '../registers/fields';

/**
 * NCM: the official Siscomex table (global, read-only text) with this tenant's local attributes.
 * Search by code prefix (`id==3303*`) or accent-insensitive description (`descricao==*agua*`).
 */
export const ncm = defineRegister({
  key: 'ncm',
  table: 'ncm_cadastro',
  label: {
    singular: 'NCM',
    plural: 'NCMs',
    naoEncontrado: 'NCM não encontrado.',
    incluido: 'NCM incluído.',
    excluido: 'NCM excluído.',
    indefinido: 'um NCM',
    definido: 'o NCM',
  },
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
    f.reference('grupoNcmId', 'Grupo NCM', 'grupoNcm', {
      help: 'Um NCM pertence a no máximo um grupo; um grupo que o inclui por prefixo é alterado no Grupo NCM.',
    }),
    f.children(
      'cests',
      'CESTs',
      'ncm_cest',
      'ncm_codigo',
      [f.cest('cest', 'CEST', { required: true, help: 'O CEST deve listar este NCM na tabela oficial.' })],
      {
        help: 'Tabela CEST de 2020 (Convênio ICMS 142/2018): um administrador pode incluir um código ausente no cadastro de produto.',
      },
    ),
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
      'grupoNcmId',
      'ativo',
    ],
  },
  hooks: ['beforeUpdate'],
  sections: [{ title: 'Atributos locais', fields: ['grupoNcmId', 'cests', 'observacao', 'ativo', 'idExterno'] }],
});
