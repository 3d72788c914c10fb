import { defineRegister, f } from '../registers/fields';

/** Tipo de ajuste de estoque (domain.md §5): one default type for inventory surplus and one for shortage. */
export const tipoAjuste = defineRegister({
  key: 'tipoAjuste',
  table: 'tipo_ajuste',
  label: {
    singular: 'Tipo de ajuste',
    plural: 'Tipos de ajuste',
    naoEncontrado: 'Tipo de ajuste não encontrado.',
    incluido: 'Tipo de ajuste incluído.',
    excluido: 'Tipo de ajuste excluído.',
    indefinido: 'um tipo de ajuste',
    definido: 'o tipo de ajuste',
  },
  area: 'Estoque',
  route: '/estoque/tipo-ajuste',
  paths: [{ path: '/v1/estoque/tipos-ajuste' }],
  permissao: 'TIPO_DE_AJUSTE',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.enumOf(
      'tipo',
      'Tipo',
      [
        { value: 'ENTRADA', label: 'Entrada' },
        { value: 'SAIDA', label: 'Saída' },
      ],
      { required: true },
    ),
    f.boolean('afetaCustoMedio', 'Afeta o custo médio'),
    f.boolean('exigeObservacao', 'Exige observação'),
    f.enumOf(
      'usoInventario',
      'Padrão no inventário',
      [
        { value: 'SOBRA', label: 'Sobra de inventário' },
        { value: 'FALTA', label: 'Falta de inventário' },
      ],
      { unique: 'ativos', help: 'Só um tipo ativo pode ser o padrão de sobra, e só um o de falta.' },
    ),
    f.cfop('cfop', 'CFOP', {
      help: 'Ex.: 5927 para baixa por perda, roubo ou deterioração. A tabela de CFOP carregada é antiga (SOURCES.md): se faltar um código, um administrador pode incluí-lo.',
    }),
    f.boolean('estornaCreditoIcms', 'Estorna crédito de ICMS'),
    f.text('contaContabil', 'Conta contábil', { maxLength: 30 }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'tipo' },
      { field: 'usoInventario' },
      { field: 'cfop' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});
