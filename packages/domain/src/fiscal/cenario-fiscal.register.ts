/**
 * Cenários fiscais (domain.md §3.5) as registers of the engine: the API under
 * /api/v1/fiscal/cenarios-fiscais/{ncm|operacao} (list contract, optimistic `versao`, audit) with the field
 * names of the shared contract (./cenario/contrato.ts). The rules between fields, the official tables and the
 * overlapping vigência are checked by the server hook (apps/server/src/modules/fiscal/cenario-fiscal.hooks.ts).
 * The screens are the fiscal module's own (list with tabs NCM | Operação, two forms), not the generic ones.
 */
import { defineRegister, f } from '../registers/fields';
import {
  ABRANGENCIAS,
  CSOSNS,
  CSTS_ICMS,
  CSTS_IPI_ENTRADA,
  CSTS_IPI_SAIDA,
  CSTS_PIS_COFINS_ENTRADA,
  CSTS_PIS_COFINS_SAIDA,
  FINALIDADES,
  MODELOS,
  MODS_BC,
  MODS_BC_ST,
  TIPOS_OPERACAO,
  UFS_OU_TODAS,
} from './cenario/codigos';
import { ORIGENS_MERCADORIA } from './origem-mercadoria';

const rotulos = (valores: readonly string[], nomes: Record<string, string>) =>
  valores.map((value) => ({ value, label: nomes[value] ? `${value} - ${nomes[value]}` : value }));
const TIPOS = {
  VENDA: 'Venda',
  DEVOLUCAO_VENDA: 'Devolução de venda',
  COMPRA: 'Compra',
  DEVOLUCAO_COMPRA: 'Devolução de compra',
  TRANSFERENCIA_SAIDA: 'Transferência (saída)',
  TRANSFERENCIA_ENTRADA: 'Transferência (entrada)',
  BONIFICACAO: 'Bonificação',
  REMESSA: 'Remessa',
  PERDA: 'Perda',
  CONSUMO_INTERNO: 'Consumo interno',
  BRINDE: 'Brinde',
} as const;
const ABRANGENCIA = {
  ESTADUAL: 'Estadual (5/1xxx)',
  INTERESTADUAL: 'Interestadual (6/2xxx)',
  EXTERIOR: 'Exterior (7/3xxx)',
};

const ROTA = '/fiscal/cenarios-fiscais';
const API = '/v1/fiscal/cenarios-fiscais';
const vigencia = () => [
  f.date('vigenciaInicio', 'Início da vigência', { required: true }),
  f.date('vigenciaFim', 'Fim da vigência'),
];
const ramo = () => f.reference('ramoAtuacaoId', 'Ramo de atuação', 'ramoAtuacao');
const pct = (name: string, label: string) => f.percent(name, label);

export const cenarioFiscalNcm = defineRegister({
  key: 'cenarioFiscalNcm',
  table: 'cenario_fiscal_ncm',
  label: {
    singular: 'Cenário fiscal por NCM',
    plural: 'Cenários fiscais por NCM',
    naoEncontrado: 'Cenário fiscal por NCM não encontrado.',
    incluido: 'Cenário fiscal por NCM incluído.',
    excluido: 'Cenário fiscal por NCM excluído.',
    indefinido: 'um cenário fiscal por NCM',
    definido: 'o cenário fiscal por NCM',
  },
  area: 'Fiscal',
  route: ROTA,
  paths: [{ path: `${API}/ncm` }],
  permissao: 'CENARIOS_FISCAIS',
  hooks: ['beforeCreate', 'beforeUpdate', 'afterWrite', 'beforeDelete'],
  fields: [
    f.text('descricao', 'Descrição', { required: true, maxLength: 60 }),
    f.ncm('ncm', 'NCM'),
    f.text('excecao', 'Exceção TIPI', {
      maxLength: 3,
      pattern: { regex: '^\\d{1,3}$', message: 'informe de 1 a 3 dígitos.' },
    }),
    f.cest('cest', 'CEST'),
    f.reference('grupoNcmId', 'Grupo NCM', 'grupoNcm'),
    f.enumOf('ufOrigem', 'UF de origem', UFS_OU_TODAS, { required: true, default: 'TODAS' }),
    f.enumOf('ufDestino', 'UF de destino', UFS_OU_TODAS, { required: true, default: 'TODAS' }),
    ramo(),
    f.integer('crt', 'CRT do emitente', {
      min: 1,
      max: 4,
      help: '1 Simples Nacional, 2 Simples acima do sublimite, 3 Regime normal, 4 MEI; vazio = qualquer CRT.',
    }),
    ...vigencia(),
    // ICMS
    f.enumOf('origem', 'Origem', ORIGENS_MERCADORIA),
    f.enumOf('cst', 'CST do ICMS', CSTS_ICMS),
    f.enumOf('csosn', 'CSOSN', CSOSNS),
    f.enumOf(
      'modBC',
      'Modalidade da BC',
      rotulos(MODS_BC, {
        '0': 'Margem valor agregado',
        '1': 'Pauta',
        '2': 'Preço tabelado máximo',
        '3': 'Valor da operação',
      }),
      { column: 'mod_bc', required: true, default: '3' },
    ),
    pct('aliquota', 'Alíquota do ICMS'),
    f.percent('reducaoBC', 'Redução da BC', { column: 'reducao_bc' }),
    pct('fcp', 'FCP'),
    f.text('cBenef', 'cBenef', {
      column: 'c_benef',
      maxLength: 10,
      upper: true,
      pattern: { regex: '^[A-Z]{2}[A-Z0-9]{6}$', message: 'o cBenef tem 8 caracteres (UF + 6).' },
    }),
    // ICMS-ST
    f.enumOf(
      'modBCST',
      'Modalidade da BC da ST',
      rotulos(MODS_BC_ST, {
        '0': 'Preço tabelado ou máximo sugerido',
        '1': 'Lista negativa',
        '2': 'Lista positiva',
        '3': 'Lista neutra',
        '4': 'Margem valor agregado (MVA)',
        '5': 'Pauta',
        '6': 'Valor da operação',
      }),
      { column: 'mod_bcst' },
    ),
    f.decimal('mva', 'MVA', { precision: 5, scale: 4, min: 0 }),
    pct('aliquotaSt', 'Alíquota do ICMS-ST'),
    f.percent('reducaoBCST', 'Redução da BC da ST', { column: 'reducao_bcst' }),
    // DIFAL
    f.boolean('difal', 'Calcula DIFAL'),
    pct('aliquotaInternaDestino', 'Alíquota interna do destino'),
    pct('fcpDestino', 'FCP do destino'),
    // IPI
    f.enumOf('ipiCstEntrada', 'CST do IPI (entrada)', CSTS_IPI_ENTRADA),
    f.enumOf('ipiCstSaida', 'CST do IPI (saída)', CSTS_IPI_SAIDA),
    pct('ipiAliquota', 'Alíquota do IPI'),
    f.text('ipiCEnq', 'Enquadramento do IPI (cEnq)', {
      column: 'ipi_cenq',
      required: true,
      default: '999',
      maxLength: 3,
      pattern: { regex: '^\\d{3}$', message: 'o código de enquadramento tem 3 dígitos.' },
    }),
    // PIS/COFINS
    f.enumOf('pisCofinsCstEntrada', 'CST do PIS/COFINS (entrada)', CSTS_PIS_COFINS_ENTRADA),
    f.enumOf('pisCofinsCstSaida', 'CST do PIS/COFINS (saída)', CSTS_PIS_COFINS_SAIDA),
    pct('aliquotaPis', 'Alíquota do PIS'),
    pct('aliquotaCofins', 'Alíquota da COFINS'),
    f.text('naturezaReceita', 'Natureza da receita', {
      maxLength: 3,
      // picked from the SPED tables once an administrator loaded them (the natureza PIS/COFINS' input)
      ref: 'naturezaReceita',
      pattern: { regex: '^\\d{3}$', message: 'a natureza da receita tem 3 dígitos.' },
    }),
    f.reference('processoJudicialId', 'Processo judicial', 'processoJudicial'),
    f.longText('mensagemLegal', 'Mensagem legal', { maxLength: 500 }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'ncm' },
      { field: 'ufOrigem' },
      { field: 'ufDestino' },
      { field: 'crt' },
      { field: 'cst' },
      { field: 'csosn' },
      { field: 'vigenciaInicio' },
      { field: 'vigenciaFim' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['descricao', 'ncm', 'cest'],
  },
  sections: [
    {
      title: 'Escopo',
      fields: [
        'descricao',
        'ncm',
        'excecao',
        'cest',
        'grupoNcmId',
        'ufOrigem',
        'ufDestino',
        'ramoAtuacaoId',
        'crt',
        'vigenciaInicio',
        'vigenciaFim',
        'ativo',
      ],
    },
    { title: 'ICMS', fields: ['origem', 'cst', 'csosn', 'modBC', 'aliquota', 'reducaoBC', 'fcp', 'cBenef'] },
    { title: 'ICMS-ST', fields: ['modBCST', 'mva', 'aliquotaSt', 'reducaoBCST'] },
    { title: 'DIFAL', fields: ['difal', 'aliquotaInternaDestino', 'fcpDestino'] },
    { title: 'IPI', fields: ['ipiCstEntrada', 'ipiCstSaida', 'ipiAliquota', 'ipiCEnq'] },
    {
      title: 'PIS/COFINS',
      fields: ['pisCofinsCstEntrada', 'pisCofinsCstSaida', 'aliquotaPis', 'aliquotaCofins', 'naturezaReceita'],
    },
    { title: 'Mensagem', fields: ['processoJudicialId', 'mensagemLegal'] },
  ],
});

export const cenarioFiscalOperacao = defineRegister({
  key: 'cenarioFiscalOperacao',
  table: 'cenario_fiscal_operacao',
  label: {
    singular: 'Cenário fiscal por operação',
    plural: 'Cenários fiscais por operação',
    naoEncontrado: 'Cenário fiscal por operação não encontrado.',
    incluido: 'Cenário fiscal por operação incluído.',
    excluido: 'Cenário fiscal por operação excluído.',
    indefinido: 'um cenário fiscal por operação',
    definido: 'o cenário fiscal por operação',
  },
  area: 'Fiscal',
  route: ROTA,
  paths: [{ path: `${API}/operacao` }],
  permissao: 'CENARIOS_FISCAIS',
  hooks: ['beforeCreate', 'beforeUpdate', 'afterWrite', 'beforeDelete'],
  fields: [
    f.enumOf(
      'tipoOperacao',
      'Tipo de operação',
      TIPOS_OPERACAO.map((value) => ({ value, label: TIPOS[value] })),
      { required: true },
    ),
    f.enumOf('modelo', 'Modelo', rotulos(MODELOS, { '55': 'NF-e', '65': 'NFC-e' }), { required: true }),
    f.enumOf(
      'finalidade',
      'Finalidade',
      rotulos(FINALIDADES, { '1': 'Normal', '2': 'Complementar', '3': 'Ajuste', '4': 'Devolução' }),
      { required: true, default: '1' },
    ),
    f.enumOf(
      'abrangencia',
      'Abrangência',
      ABRANGENCIAS.map((value) => ({ value, label: ABRANGENCIA[value] })),
      { required: true },
    ),
    ramo(),
    f.cfop('cfop', 'CFOP', { required: true }),
    f.cfop('cfopComSt', 'CFOP com ST'),
    f.text('naturezaOperacao', 'Natureza da operação', { required: true, maxLength: 60 }),
    f.boolean('movimentaEstoque', 'Movimenta estoque', { default: true }),
    f.boolean('geraFinanceiro', 'Gera financeiro', { default: true }),
    f.boolean('calculaIcms', 'Calcula ICMS', { default: true }),
    f.boolean('calculaIpi', 'Calcula IPI', { default: false }),
    f.boolean('calculaPisCofins', 'Calcula PIS/COFINS', { default: true }),
    f.text('cstForcado', 'CST/CSOSN forçado', {
      maxLength: 3,
      pattern: { regex: '^\\d{2,3}$', message: 'CST/CSOSN inválido.' },
    }),
    ...vigencia(),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'tipoOperacao' },
      { field: 'modelo' },
      { field: 'abrangencia' },
      { field: 'cfop' },
      { field: 'cfopComSt' },
      { field: 'naturezaOperacao' },
      { field: 'vigenciaInicio' },
      { field: 'vigenciaFim' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['naturezaOperacao', 'cfop'],
  },
  sections: [
    {
      title: 'Operação',
      fields: [
        'tipoOperacao',
        'modelo',
        'finalidade',
        'abrangencia',
        'ramoAtuacaoId',
        'cfop',
        'cfopComSt',
        'naturezaOperacao',
        'cstForcado',
        'vigenciaInicio',
        'vigenciaFim',
        'ativo',
      ],
    },
    {
      title: 'Efeitos',
      fields: ['movimentaEstoque', 'geraFinanceiro', 'calculaIcms', 'calculaIpi', 'calculaPisCofins'],
    },
  ],
});
