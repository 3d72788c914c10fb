import { defineRegister, f } from '../registers/fields';

/** Condutor (deliveries, MDF-e) with the default vehicle. */
export const condutor = defineRegister({
  key: 'condutor',
  table: 'condutor',
  label: {
    singular: 'Condutor',
    plural: 'Condutores',
    naoEncontrado: 'Condutor não encontrado.',
    incluido: 'Condutor incluído.',
    excluido: 'Condutor excluído.',
    indefinido: 'um condutor',
    definido: 'o condutor',
  },
  area: 'Pessoa',
  route: '/condutor',
  paths: [{ path: '/v1/pessoa/condutores' }],
  permissao: 'CONDUTOR',
  fields: [
    f.text('nome', 'Nome', { required: true }),
    f.cpf('cpf', 'CPF', { required: true, unique: true }),
    f.text('rg', 'RG', { maxLength: 20 }),
    f.text('cnh', 'CNH', { maxLength: 11, pattern: { regex: '^\\d{11}$', message: 'A CNH tem 11 dígitos.' } }),
    f.enumOf('categoriaCnh', 'Categoria da CNH', ['A', 'B', 'AB', 'C', 'D', 'E']),
    f.date('validadeCnh', 'Validade da CNH'),
    f.phone('telefone', 'Telefone'),
    f.group('veiculoPadrao', 'Veículo padrão', [
      f.text('placa', 'Placa', {
        maxLength: 7,
        upper: true,
        pattern: { regex: '^[A-Z]{3}\\d[A-Z0-9]\\d{2}$', message: 'Placa inválida: use ABC1D23 ou ABC1234.' },
      }),
      f.text('renavam', 'Renavam', {
        maxLength: 11,
        pattern: { regex: '^\\d{11}$', message: 'O Renavam tem 11 dígitos.' },
      }),
      f.uf('uf', 'UF'),
      f.quantity('taraKg', 'Tara (kg)'),
      f.quantity('capacidadeKg', 'Capacidade (kg)'),
    ]),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'nome' },
      { field: 'cpf' },
      { field: 'categoriaCnh' },
      { field: 'validadeCnh' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['nome', 'cpf'],
  },
});
