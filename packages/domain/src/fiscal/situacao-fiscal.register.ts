import { type FalhaDeCampo, falhaDeCampo } from '../contrato';
import { CST_CSOSN_COMPATIVEIS } from '../registers/codigos';
import { defineRegister, f } from '../registers/fields';

/** Situação fiscal (domain §3.4); CST and CSOSN kept consistent by the `cstCsosn` hook. */
export const situacaoFiscal = defineRegister({
  key: 'situacaoFiscal',
  table: 'situacao_fiscal',
  label: {
    singular: 'Situação fiscal',
    plural: 'Situações fiscais',
    naoEncontrado: 'Situação fiscal não encontrada.',
    incluido: 'Situação fiscal incluída.',
    excluido: 'Situação fiscal excluída.',
    indefinido: 'uma situação fiscal',
    definido: 'a situação fiscal',
  },
  area: 'Fiscal',
  route: '/situacaoFiscal',
  paths: [{ path: '/v1/fiscal/situacoes' }],
  permissao: 'SITUACAO_FISCAL',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('codigo', 'Código PDV', {
      required: true,
      maxLength: 6,
      upper: true,
      unique: true,
      help: 'Impresso pelo PDV: T19, T12, F, I, N, S.',
    }),
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.enumOf(
      'tipo',
      'Tipo',
      [
        { value: 'TRIBUTADO', label: 'Tributado' },
        { value: 'SUBSTITUICAO', label: 'Substituição tributária' },
        { value: 'ISENTO', label: 'Isento' },
        { value: 'NAO_TRIBUTADO', label: 'Não tributado' },
        { value: 'ISS', label: 'ISS' },
      ],
      { required: true },
    ),
    f.reference('cst', 'CST ICMS (regime normal)', 'cstIcms'),
    f.reference('csosn', 'CSOSN (Simples Nacional)', 'csosn'),
    f.percent('aliquota', 'Alíquota ICMS (%)'),
    f.text('totalizadorPdv', 'Totalizador PDV', { maxLength: 10 }),
    f.longText('mensagemLegal', 'Mensagem legal', { maxLength: 500 }),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'codigo' },
      { field: 'descricao' },
      { field: 'tipo' },
      { field: 'cst' },
      { field: 'csosn' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['codigo', 'descricao'],
  },
});

/** 422 reason when the pair disagrees (60 ↔ 500, 00 ↔ 101/102, 40 ↔ 103/400). */
export function cstCsosnIncompativel(cst: unknown, csosn: unknown): FalhaDeCampo | undefined {
  if (typeof cst !== 'string' || typeof csosn !== 'string') return undefined;
  const ok = CST_CSOSN_COMPATIVEIS[cst];
  return ok && !ok.includes(csosn)
    ? falhaDeCampo('csosn', `CSOSN ${csosn} não corresponde ao CST ${cst} (use ${ok.join(' ou ')}).`)
    : undefined;
}
