import { defineRegister, f } from '../registers/fields';

/** Tipo de acordo comercial (domain.md §8): how an agreement is measured and received by default. */
export const tipoAcordo = defineRegister({
  key: 'tipoAcordo',
  table: 'tipo_acordo',
  label: {
    singular: 'Tipo de acordo',
    plural: 'Tipos de acordo',
    naoEncontrado: 'Tipo de acordo não encontrado.',
    incluido: 'Tipo de acordo incluído.',
    excluido: 'Tipo de acordo excluído.',
    indefinido: 'um tipo de acordo',
    definido: 'o tipo de acordo',
  },
  area: 'Compras',
  route: '/acordosComerciais/tiposDeAcordo',
  paths: [{ path: '/v1/compra/tipos-acordo' }],
  permissao: 'TIPO_ACORDO_COMERCIAL',
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.enumOf(
      'formaApuracao',
      'Forma de apuração',
      [
        { value: 'VALOR_FIXO', label: 'Valor fixo' },
        { value: 'PERCENTUAL_COMPRAS', label: 'Percentual sobre compras (sell-in)' },
        { value: 'PERCENTUAL_VENDAS', label: 'Percentual sobre vendas (sell-out)' },
        { value: 'VALOR_POR_UNIDADE_VENDIDA', label: 'Valor por unidade vendida' },
        { value: 'VALOR_POR_UNIDADE_COMPRADA', label: 'Valor por unidade comprada' },
      ],
      { required: true },
    ),
    f.enumOf(
      'formaRecebimentoPadrao',
      'Forma de recebimento padrão',
      [
        { value: 'ABATIMENTO_TITULO', label: 'Abatimento em título a pagar' },
        { value: 'DEPOSITO', label: 'Depósito' },
        { value: 'BONIFICACAO_MERCADORIA', label: 'Bonificação em mercadoria' },
        { value: 'BOLETO_FORNECEDOR', label: 'Boleto contra o fornecedor' },
      ],
      { required: true },
    ),
    f.boolean('exigeContratoAnexo', 'Exige contrato anexo'),
    f.reference('especieDocumentoId', 'Espécie de documento', 'especieDocumento'),
    f.reference('historicoPadraoId', 'Histórico padrão', 'historicoPadrao'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'formaApuracao' },
      { field: 'formaRecebimentoPadrao' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});
