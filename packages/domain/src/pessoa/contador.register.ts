import { defineRegister, f } from '../registers/fields';
import { endereco } from './endereco';

/** Contador (feeds register 0100 of the EFD). CRC like PR-012345/O-6. */
export const contador = defineRegister({
  key: 'contador',
  table: 'contador',
  label: {
    singular: 'Contador',
    plural: 'Contadores',
    naoEncontrado: 'Contador não encontrado.',
    incluido: 'Contador incluído.',
    excluido: 'Contador excluído.',
    indefinido: 'um contador',
    definido: 'o contador',
  },
  area: 'Pessoa',
  route: '/pessoa/contador',
  paths: [{ path: '/v1/pessoa/contadores' }],
  permissao: 'CONTADOR',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('nome', 'Nome', { required: true }),
    f.cpf('cpf', 'CPF', { required: true, unique: true }),
    f.text('crc', 'CRC', {
      required: true,
      maxLength: 20,
      upper: true,
      pattern: { regex: '^[A-Z]{2}-?\\d{5,6}/?[A-Z]?(-\\d)?$', message: 'CRC inválido: use o formato UF-000000/O-0.' },
    }),
    f.cnpj('cnpjEscritorio', 'CNPJ do escritório'),
    f.phone('telefone', 'Telefone'),
    f.email('email', 'E-mail'),
    endereco(),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'nome' },
      { field: 'crc' },
      { field: 'cpf' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['nome', 'crc'],
  },
});
