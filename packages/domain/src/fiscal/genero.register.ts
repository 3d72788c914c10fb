import { defineRegister, f } from '../registers/fields';

/** SPED table 4.2.1 (00 serviço + NCM chapters): seeded per tenant, description editable only. */
export const genero = defineRegister({
  key: 'genero',
  table: 'genero',
  label: {
    singular: 'Gênero',
    plural: 'Gêneros',
    naoEncontrado: 'Gênero não encontrado.',
    incluido: 'Gênero incluído.',
    excluido: 'Gênero excluído.',
    indefinido: 'um gênero',
    definido: 'o gênero',
  },
  area: 'Fiscal',
  route: '/genero',
  paths: [{ path: '/v1/produto/generos' }],
  permissao: 'GENERO',
  idKind: 'code',
  canCreate: false,
  canDelete: false,
  fields: [
    f.text('id', 'Código', { readOnly: true, maxLength: 2 }),
    f.text('descricao', 'Descrição', { required: true }),
    f.text('descricaoCompleta', 'Descrição completa', { maxLength: 1000 }),
  ],
  list: { defaultSort: 'id' },
});
