import { defineRegister, f } from '../registers/fields';

export const marca = defineRegister({
  key: 'marca',
  table: 'marca',
  label: {
    singular: 'Marca',
    plural: 'Marcas',
    naoEncontrado: 'Marca não encontrada.',
    incluido: 'Marca incluída.',
    excluido: 'Marca excluída.',
    indefinido: 'uma marca',
    definido: 'a marca',
  },
  area: 'Produto',
  route: '/marcasProduto',
  paths: [{ path: '/v1/produto/marcas' }],
  permissao: 'MARCA',
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.reference('fabricanteId', 'Fabricante', 'fornecedor'),
  ],
});
