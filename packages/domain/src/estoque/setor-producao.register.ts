import { defineRegister, f } from '../registers/fields';

/** Setor de produção (domain.md §5): Padaria, Açougue…; finished goods and ingredients locations, per store. */
export const setorProducao = defineRegister({
  key: 'setorProducao',
  table: 'setor_producao',
  label: {
    singular: 'Setor de produção',
    plural: 'Setores de produção',
    naoEncontrado: 'Setor de produção não encontrado.',
    incluido: 'Setor de produção incluído.',
    excluido: 'Setor de produção excluído.',
    indefinido: 'um setor de produção',
    definido: 'o setor de produção',
  },
  area: 'Estoque',
  route: '/setorProducao',
  paths: [{ path: '/v1/estoque/setores-producao' }],
  permissao: 'SETOR_PRODUCAO',
  lojaField: 'lojas',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.lojas('lojas', 'Lojas', { help: 'Vazio: o setor existe em todas as lojas.' }),
    f.reference('localEstoqueId', 'Local do produto acabado', 'localEstoque'),
    f.reference('localConsumoId', 'Local de consumo dos ingredientes', 'localEstoque'),
    f.text('localDeImpressao', 'Local de impressão (impressora)', {
      maxLength: 60,
      help: 'Nome da impressora de etiquetas ou de ordens de produção.',
    }),
    f.reference('responsavelId', 'Responsável', 'usuario'),
  ],
  list: {
    columns: [{ field: 'id' }, { field: 'descricao' }, { field: 'lojas' }, { field: 'ativo', label: 'Situação' }],
  },
});
