import { defineRegister, f } from '../registers/fields';

export const statusCliente = defineRegister({
  key: 'statusCliente',
  table: 'status_cliente',
  label: {
    singular: 'Status',
    plural: 'Status de cliente',
    naoEncontrado: 'Status não encontrado.',
    incluido: 'Status incluído.',
    excluido: 'Status excluído.',
    indefinido: 'um status',
    definido: 'o status',
  },
  area: 'Pessoa',
  route: '/statusCliente',
  paths: [{ path: '/v1/pessoa/status-cliente' }],
  permissao: 'STATUS',
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.color('cor', 'Cor'),
    f.boolean('bloqueiaVenda', 'Bloqueia venda'),
    f.boolean('bloqueiaVendaPrazo', 'Bloqueia venda a prazo'),
    f.boolean('exigeAutorizacao', 'Exige autorização'),
    f.text('mensagemPdv', 'Mensagem no PDV', { maxLength: 100 }),
    f.boolean('padrao', 'Padrão', { unique: true, help: 'Só um status pode ser o padrão.' }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'cor' },
      { field: 'padrao' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});
