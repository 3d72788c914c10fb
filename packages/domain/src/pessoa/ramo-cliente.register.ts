import { defineRegister, f } from '../registers/fields';

export const ramoCliente = defineRegister({
  key: 'ramoCliente',
  table: 'ramo_cliente',
  label: {
    singular: 'Ramo de cliente',
    plural: 'Ramos de cliente',
    naoEncontrado: 'Ramo de cliente não encontrado.',
    incluido: 'Ramo de cliente incluído.',
    excluido: 'Ramo de cliente excluído.',
    indefinido: 'um ramo de cliente',
    definido: 'o ramo de cliente',
  },
  area: 'Pessoa',
  route: '/ramoCliente',
  paths: [{ path: '/v1/pessoa/ramos-cliente' }],
  permissao: 'RAMO',
  fields: [f.text('descricao', 'Descrição', { required: true, unique: 'ativos' })],
});
