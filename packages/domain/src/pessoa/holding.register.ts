import { defineRegister, f } from '../registers/fields';

export const holding = defineRegister({
  key: 'holding',
  table: 'holding',
  label: {
    singular: 'Holding',
    plural: 'Holdings',
    naoEncontrado: 'Holding não encontrada.',
    incluido: 'Holding incluída.',
    excluido: 'Holding excluída.',
    indefinido: 'uma holding',
    definido: 'a holding',
  },
  area: 'Pessoa',
  route: '/holding',
  // the spec's GET /api/v1/holdings answers {items}
  paths: [{ path: '/v1/pessoa/holdings' }, { path: '/v1/holdings', itemsOnly: true, readOnly: true }],
  permissao: 'HOLDING',
  fields: [
    f.text('nome', 'Nome', { required: true, unique: 'ativos' }),
    f.text('cnpjRaiz', 'CNPJ raiz', {
      maxLength: 8,
      upper: true,
      pattern: { regex: '^[0-9A-Z]{8}$', message: 'Informe os 8 primeiros caracteres do CNPJ.' },
    }),
    f.longText('observacao', 'Observação', { maxLength: 500 }),
  ],
  list: {
    columns: [{ field: 'id' }, { field: 'nome' }, { field: 'cnpjRaiz' }, { field: 'ativo', label: 'Situação' }],
    search: ['nome'],
  },
});
