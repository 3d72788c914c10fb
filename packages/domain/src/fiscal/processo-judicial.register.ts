import { defineRegister, f } from '../registers/fields';

/**
 * Processo judicial ou administrativo (domain.md §3.1): feeds `procRef` of NF-e/NFC-e, EFD-Contribuições
 * 1010/1020 and the cenários fiscais. A JUDICIAL number is a CNJ number (check digit mod 97), stored masked.
 */
export const processoJudicial = defineRegister({
  key: 'processoJudicial',
  table: 'processo_judicial',
  label: {
    singular: 'Processo judicial',
    plural: 'Processos judiciais',
    naoEncontrado: 'Processo judicial não encontrado.',
    incluido: 'Processo judicial incluído.',
    excluido: 'Processo judicial excluído.',
    indefinido: 'um processo judicial',
    definido: 'o processo judicial',
  },
  area: 'Fiscal',
  route: '/processoJudicial',
  paths: [{ path: '/v1/fiscal/processos-judiciais' }],
  permissao: 'PROCESSO_JUDICIAL',
  lojaField: 'lojas',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('numeroProcesso', 'Número do processo', {
      required: true,
      maxLength: 30,
      unique: true,
      help: 'Processo judicial: número CNJ NNNNNNN-DD.AAAA.J.TR.OOOO.',
    }),
    f.enumOf(
      'tipo',
      'Tipo',
      [
        { value: 'JUDICIAL', label: 'Judicial' },
        { value: 'ADMINISTRATIVO', label: 'Administrativo' },
      ],
      { required: true, default: 'JUDICIAL' },
    ),
    f.enumOf(
      'origem',
      'Origem (indProc)',
      [
        { value: '0', label: '0 - SEFAZ' },
        { value: '1', label: '1 - Justiça Federal' },
        { value: '2', label: '2 - Justiça Estadual' },
        { value: '3', label: '3 - Secex/RFB' },
        { value: '4', label: '4 - CONFAZ' },
        { value: '9', label: '9 - Outros' },
      ],
      { required: true },
    ),
    f.multiEnum(
      'tributos',
      'Tributos',
      ['ICMS', 'ICMS_ST', 'PIS', 'COFINS', 'IPI', 'ISS', 'CPRB', 'IRPJ', 'CSLL'].map((v) => ({
        value: v,
        label: v.replace('_', '-'),
      })),
      { required: true },
    ),
    f.enumOf(
      'indicadorSuspensao',
      'Indicador de suspensão',
      [
        { value: 'LIMINAR_MS', label: 'Liminar em mandado de segurança' },
        { value: 'TUTELA_ANTECIPADA', label: 'Tutela antecipada' },
        { value: 'SENTENCA_FAVORAVEL', label: 'Sentença favorável' },
        { value: 'TRANSITO_EM_JULGADO', label: 'Trânsito em julgado' },
        { value: 'DEPOSITO_JUDICIAL', label: 'Depósito judicial' },
        { value: 'SEM_SUSPENSAO', label: 'Sem suspensão' },
      ],
      { required: true },
    ),
    f.longText('descricaoDecisao', 'Descrição da decisão', { required: true, maxLength: 1000 }),
    f.date('dataDecisao', 'Data da decisão', { required: true }),
    f.date('vigenciaInicio', 'Início da vigência', { required: true }),
    f.date('vigenciaFim', 'Fim da vigência'),
    f.uf('ufVara', 'UF da vara'),
    f.ibge('municipioVara', 'Município da vara (IBGE)'),
    f.text('idVara', 'Identificação da vara', {
      maxLength: 4,
      pattern: { regex: '^\\d{1,4}$', message: 'A vara tem até 4 dígitos.' },
    }),
    f.text('secaoJudiciaria', 'Seção judiciária', { maxLength: 60 }),
    f.lojas('lojas', 'Lojas', { required: true }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'numeroProcesso' },
      { field: 'tipo' },
      { field: 'origem' },
      { field: 'tributos' },
      { field: 'vigenciaInicio' },
      { field: 'vigenciaFim' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['numeroProcesso', 'descricaoDecisao'],
  },
  sections: [
    {
      title: 'Processo',
      fields: ['numeroProcesso', 'tipo', 'origem', 'tributos', 'indicadorSuspensao', 'ativo', 'idExterno'],
    },
    { title: 'Decisão e vigência', fields: ['descricaoDecisao', 'dataDecisao', 'vigenciaInicio', 'vigenciaFim'] },
    { title: 'Vara', fields: ['ufVara', 'municipioVara', 'idVara', 'secaoJudiciaria'] },
    { title: 'Lojas', fields: ['lojas'] },
  ],
});
