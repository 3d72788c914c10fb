import { defineRegister, f } from '../registers/fields';

/** Espécie de documento (domain.md §2): DM, NF, BOL…; the sigla is unique and upper-case. */
export const especieDocumento = defineRegister({
  key: 'especieDocumento',
  table: 'especie_documento',
  label: {
    singular: 'Espécie de documento',
    plural: 'Espécies de documento',
    naoEncontrado: 'Espécie de documento não encontrada.',
    incluido: 'Espécie de documento incluída.',
    excluido: 'Espécie de documento excluída.',
    indefinido: 'uma espécie de documento',
    definido: 'a espécie de documento',
  },
  area: 'Financeiro',
  route: '/financeiro/especie-documento',
  paths: [{ path: '/v1/financeiro/especies-documentos' }],
  permissao: 'ESPECIE_DOCUMENTO',
  fields: [
    f.text('sigla', 'Sigla', {
      required: true,
      maxLength: 5,
      upper: true,
      unique: true,
      pattern: { regex: '^[A-Z0-9]+$', message: 'Use apenas letras e números, sem espaços.' },
    }),
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.enumOf(
      'aplicacao',
      'Aplicação',
      [
        { value: 'PAGAR', label: 'Contas a pagar' },
        { value: 'RECEBER', label: 'Contas a receber' },
        { value: 'AMBOS', label: 'Pagar e receber' },
      ],
      { required: true, default: 'AMBOS' },
    ),
    f.boolean('geraBoleto', 'Gera boleto'),
    f.boolean('exigeNumeroDocumento', 'Exige número do documento'),
    f.text('codigoCnab', 'Código CNAB', {
      maxLength: 3,
      pattern: { regex: '^\\d{1,3}$', message: 'O código CNAB tem até 3 dígitos.' },
    }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'sigla' },
      { field: 'descricao' },
      { field: 'aplicacao' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['descricao', 'sigla'],
  },
});
