import { defineRegister, f } from '../registers/fields';

/** State ICMS regime per product × store (domain §3.3), not the store's CRT. */
export const regimeTributario = defineRegister({
  key: 'regimeTributario',
  table: 'regime_tributario',
  label: {
    singular: 'Regime tributário',
    plural: 'Regimes tributários',
    naoEncontrado: 'Regime tributário não encontrado.',
    incluido: 'Regime tributário incluído.',
    excluido: 'Regime tributário excluído.',
    indefinido: 'um regime tributário',
    definido: 'o regime tributário',
  },
  area: 'Fiscal',
  route: '/regimeTributario',
  paths: [{ path: '/v1/fiscal/regimes-tributarios' }],
  permissao: 'REGIME_TRIBUTARIO',
  fields: [
    f.text('descricao', 'Descrição', {
      required: true,
      unique: 'ativos',
      help: 'TRIBUTADO 19,5% PR, ST PERFUMARIA PR…',
    }),
    f.uf('uf', 'UF', { required: true }),
    f.reference('situacaoFiscalSaidaId', 'Situação fiscal de saída', 'situacaoFiscal', { required: true }),
    f.reference('situacaoFiscalEntradaId', 'Situação fiscal de entrada', 'situacaoFiscal'),
    f.percent('aliquotaIcms', 'Alíquota ICMS (%)', { required: true }),
    f.percent('percentualReducaoBase', 'Redução da base (%)'),
    f.percent('aliquotaFcp', 'FCP (%)'),
    f.enumOf(
      'modalidadeBc',
      'Modalidade da BC',
      [
        { value: '0', label: 'Margem de valor agregado' },
        { value: '1', label: 'Pauta' },
        { value: '2', label: 'Preço tabelado máximo' },
        { value: '3', label: 'Valor da operação' },
      ],
      { required: true, default: '3' },
    ),
    f.enumOf('modalidadeBcSt', 'Modalidade da BC ST', ['0', '1', '2', '3', '4', '5', '6']),
    f.percent('mva', 'MVA (%)', { max: 999 }),
    f.percent('aliquotaIcmsSt', 'Alíquota ICMS ST (%)'),
    f.percent('reducaoBaseSt', 'Redução da base ST (%)'),
    f.percent('fcpSt', 'FCP ST (%)'),
    f.text('codigoBeneficioFiscal', 'Código de benefício fiscal (cBenef)', { maxLength: 10, upper: true }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'uf' },
      { field: 'aliquotaIcms' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});
