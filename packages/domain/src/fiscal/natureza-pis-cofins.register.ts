import { defineRegister, f } from '../registers/fields';

/** Federal-tax profile (impostos federais) as integrations send it; `id` is the client's code ("91"). */
export const naturezaPisCofins = defineRegister({
  key: 'naturezaPisCofins',
  table: 'natureza_pis_cofins',
  label: {
    singular: 'Natureza PIS/COFINS',
    plural: 'Naturezas PIS/COFINS',
    naoEncontrado: 'Natureza PIS/COFINS não encontrada.',
    incluido: 'Natureza PIS/COFINS incluída.',
    excluido: 'Natureza PIS/COFINS excluída.',
    indefinido: 'uma natureza PIS/COFINS',
    definido: 'a natureza PIS/COFINS',
  },
  area: 'Fiscal',
  route: '/naturezaPISCOFINS',
  paths: [{ path: '/v1/fiscal/impostos-federais' }],
  permissao: 'NATUREZA_IMPOSTO',
  idKind: 'code',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('id', 'Código', {
      required: true,
      maxLength: 10,
      pattern: { regex: '^[0-9A-Za-z]+$', message: 'Use apenas letras e números.' },
    }),
    f.text('descricao', 'Descrição', { required: true }),
    f.enumOf('tipoImposto', 'Imposto', ['PIS', 'COFINS'], { required: true }),
    f.text('tipoIncidencia', 'Tipo de incidência', { maxLength: 30 }),
    f.boolean('retencao', 'Retenção'),
    f.reference('cstEntrada', 'CST de entrada', 'cstPisCofins'),
    f.reference('cstSaida', 'CST de saída', 'cstPisCofins'),
    f.reference('cstEntradaPresumido', 'CST de entrada (presumido)', 'cstPisCofins'),
    f.percent('aliquotaEntrada', 'Alíquota de entrada (%)'),
    f.percent('aliquotaSaida', 'Alíquota de saída (%)'),
    f.text('naturezaReceita', 'Natureza da receita (SPED 4.3.10–4.3.16)', {
      maxLength: 3,
      pattern: { regex: '^\\d{3}$', message: 'Informe os 3 dígitos da natureza da receita.' },
      // searched in the SPED tables once an administrator loads them (web: NaturezaReceitaInput)
      ref: 'naturezaReceita',
    }),
    f.longText('observacao', 'Observação', { maxLength: 500 }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'tipoImposto' },
      { field: 'cstSaida' },
      { field: 'aliquotaSaida' },
      { field: 'ativo', label: 'Situação' },
    ],
    defaultSort: 'id',
  },
});
