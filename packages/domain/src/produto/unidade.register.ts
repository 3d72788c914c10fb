import { defineRegister, f } from '../registers/fields';

export const unidade = defineRegister({
  key: 'unidade',
  table: 'unidade',
  label: {
    singular: 'Unidade de medida',
    plural: 'Unidades de medida',
    naoEncontrado: 'Unidade de medida não encontrada.',
    incluido: 'Unidade de medida incluída.',
    excluido: 'Unidade de medida excluída.',
    indefinido: 'uma unidade de medida',
    definido: 'a unidade de medida',
  },
  area: 'Produto',
  route: '/unidadesMedida',
  paths: [{ path: '/v1/produto/unidades' }],
  permissao: 'UNIDADE',
  fields: [
    // printed as uCom/uTrib on the NF-e: short, upper-case, unique
    f.text('sigla', 'Sigla', {
      required: true,
      maxLength: 6,
      upper: true,
      unique: true,
      pattern: { regex: '^[A-Z0-9]+$', message: 'Use apenas letras e números.' },
    }),
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.boolean('permiteFracionamento', 'Permite fracionamento'),
    f.integer('casasDecimais', 'Casas decimais', { min: 0, max: 3, default: 0 }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'sigla' },
      { field: 'descricao' },
      { field: 'permiteFracionamento' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['sigla', 'descricao'],
  },
});
