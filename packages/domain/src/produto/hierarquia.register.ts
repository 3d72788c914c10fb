import { defineRegister, f } from '../registers/fields';

/** Seção → grupo → subgrupo, nested in the API as integrations call them (api-compat). */
export const secao = defineRegister({
  key: 'secao',
  table: 'secao',
  label: {
    singular: 'Seção',
    plural: 'Seções',
    naoEncontrado: 'Seção não encontrada.',
    incluido: 'Seção incluída.',
    excluido: 'Seção excluída.',
    indefinido: 'uma seção',
    definido: 'a seção',
  },
  area: 'Produto',
  route: '/secoes',
  paths: [{ path: '/v1/produto/secoes' }],
  permissao: 'SECAO',
  fields: [f.text('descricao', 'Descrição', { required: true, unique: 'ativos' })],
});

export const grupoProduto = defineRegister({
  key: 'grupoProduto',
  table: 'grupo_produto',
  label: {
    singular: 'Grupo',
    plural: 'Grupos',
    naoEncontrado: 'Grupo não encontrado.',
    incluido: 'Grupo incluído.',
    excluido: 'Grupo excluído.',
    indefinido: 'um grupo',
    definido: 'o grupo',
  },
  area: 'Produto',
  route: '/secoes/:secaoId/grupos',
  // the flat list serves searches from other forms (a product's grupo), across seções
  paths: [{ path: '/v1/produto/secoes/:secaoId/grupos' }, { path: '/v1/produto/grupos', readOnly: true }],
  permissao: 'SECAO',
  fields: [
    f.reference('secaoId', 'Seção', 'secao', { required: true }),
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
  ],
  // deleting a grupo takes its subgrupos along (apps/server/src/modules/produto/grupo-produto.hooks.ts)
  hooks: ['beforeDelete'],
});

export const subgrupo = defineRegister({
  key: 'subgrupo',
  table: 'subgrupo',
  label: {
    singular: 'Subgrupo',
    plural: 'Subgrupos',
    naoEncontrado: 'Subgrupo não encontrado.',
    incluido: 'Subgrupo incluído.',
    excluido: 'Subgrupo excluído.',
    indefinido: 'um subgrupo',
    definido: 'o subgrupo',
  },
  area: 'Produto',
  route: '/secoes/:secaoId/grupos/:grupoId/subgrupos',
  paths: [
    { path: '/v1/produto/secoes/:secaoId/grupos/:grupoId/subgrupos' },
    { path: '/v1/produto/subgrupos', readOnly: true },
  ],
  permissao: 'SECAO',
  fields: [
    f.reference('secaoId', 'Seção', 'secao', { required: true }),
    f.reference('grupoId', 'Grupo', 'grupoProduto', { required: true }),
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.text('nome', 'Nome', { readOnly: true }),
  ],
});
