import { defineRegister, f } from '../registers/fields';

/** Grupo NCM: NCM codes or prefixes (3304); an NCM in at most one group (hook rejects overlaps). */
export const grupoNcm = defineRegister({
  key: 'grupoNcm',
  table: 'grupo_ncm',
  label: {
    singular: 'Grupo NCM',
    plural: 'Grupos NCM',
    naoEncontrado: 'Grupo NCM não encontrado.',
    incluido: 'Grupo NCM incluído.',
    excluido: 'Grupo NCM excluído.',
    indefinido: 'um grupo NCM',
    definido: 'o grupo NCM',
  },
  area: 'Fiscal',
  route: '/gruponcm',
  paths: [{ path: '/v1/fiscal/grupos-ncm' }],
  permissao: 'NCM',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.children('ncms', 'NCMs', 'grupo_ncm_item', 'grupo_ncm_id', [
      f.text('ncm', 'NCM ou prefixo', {
        required: true,
        maxLength: 8,
        pattern: { regex: '^\\d{2,8}$', message: 'Informe de 2 a 8 dígitos do NCM.' },
      }),
    ]),
  ],
});
