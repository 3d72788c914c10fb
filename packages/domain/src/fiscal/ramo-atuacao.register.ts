import { defineRegister, f } from '../registers/fields';

/** Ramo de atuação = the counterpart's fiscal profile (permission FIGURA_FISCAL; domain.md §3); used by the cenários fiscais. */
export const ramoAtuacao = defineRegister({
  key: 'ramoAtuacao',
  table: 'ramo_atuacao',
  label: {
    singular: 'Ramo de atuação',
    plural: 'Ramos de atuação',
    naoEncontrado: 'Ramo de atuação não encontrado.',
    incluido: 'Ramo de atuação incluído.',
    excluido: 'Ramo de atuação excluído.',
    indefinido: 'um ramo de atuação',
    definido: 'o ramo de atuação',
  },
  area: 'Fiscal',
  route: '/ramoAtuacao',
  paths: [{ path: '/v1/fiscal/ramos-atuacao' }],
  permissao: 'FIGURA_FISCAL',
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.enumOf(
      'indIEDest',
      'Indicador de IE do destinatário (indIEDest)',
      [
        { value: '1', label: '1 - Contribuinte do ICMS' },
        { value: '2', label: '2 - Contribuinte isento' },
        { value: '9', label: '9 - Não contribuinte' },
      ],
      { required: true, default: '9', column: 'ind_ie_dest' },
    ),
    f.boolean('consumidorFinal', 'Consumidor final (indFinal)'),
    f.boolean('optanteSimples', 'Optante do Simples Nacional'),
    f.boolean('produtorRural', 'Produtor rural'),
    f.boolean('orgaoPublico', 'Órgão público'),
    f.boolean('aplicaSt', 'Aplica substituição tributária'),
    f.boolean('aplicaDifal', 'Aplica DIFAL (EC 87/2015)'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'indIEDest' },
      { field: 'consumidorFinal' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});
