import { defineRegister, f } from '../registers/fields';

export const setor = defineRegister({
  key: 'setor',
  table: 'setor',
  label: {
    singular: 'Setor',
    plural: 'Setores',
    naoEncontrado: 'Setor não encontrado.',
    incluido: 'Setor incluído.',
    excluido: 'Setor excluído.',
    indefinido: 'um setor',
    definido: 'o setor',
  },
  area: 'Pessoa',
  route: '/setores',
  // the spec's own GET /api/v1/setor answers {items}
  paths: [{ path: '/v1/pessoa/setores' }, { path: '/v1/setor', itemsOnly: true, readOnly: true }],
  permissao: 'SETOR',
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.loja('lojaId', 'Loja', { help: 'Vazio: o setor vale para todas as lojas.' }),
    f.reference('responsavelId', 'Responsável', 'usuario'),
    f.text('centroCusto', 'Centro de custo', { maxLength: 30 }),
  ],
  lojaField: 'lojaId',
});
