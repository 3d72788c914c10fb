import { defineRegister, f } from '../registers/fields';

export const funcionario = defineRegister({
  key: 'funcionario',
  table: 'funcionario',
  label: {
    singular: 'Funcionário',
    plural: 'Funcionários',
    naoEncontrado: 'Funcionário não encontrado.',
    incluido: 'Funcionário incluído.',
    excluido: 'Funcionário excluído.',
    indefinido: 'um funcionário',
    definido: 'o funcionário',
  },
  area: 'Pessoa',
  route: '/pessoa/funcionarios',
  paths: [{ path: '/v1/pessoa/funcionarios' }],
  permissao: 'FUNCIONARIO',
  lojaField: 'lojaId',
  fields: [
    f.text('nome', 'Nome', { required: true, maxLength: 100 }),
    f.cpf('cpf', 'CPF', { required: true, unique: true }),
    f.text('cargo', 'Cargo'),
    f.email('email', 'E-mail'),
    f.phone('telefone', 'Telefone'),
    f.loja('lojaId', 'Loja', { required: true }),
    f.reference('setorId', 'Setor', 'setor'),
    f.date('dataAdmissao', 'Data de admissão'),
    f.percent('comissao', 'Comissão (%)'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'nome' },
      { field: 'cpf' },
      { field: 'cargo' },
      { field: 'lojaId' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['nome', 'cpf'],
  },
});
