import { defineRegister, f } from '../registers/fields';

/** NFC-e `tPag` (MOC, domain.md §10): each POS tender type maps to one. */
export const TPAG = [
  { value: '01', label: '01 - Dinheiro' },
  { value: '02', label: '02 - Cheque' },
  { value: '03', label: '03 - Cartão de crédito' },
  { value: '04', label: '04 - Cartão de débito' },
  { value: '05', label: '05 - Crédito loja (crediário)' },
  { value: '10', label: '10 - Vale alimentação' },
  { value: '11', label: '11 - Vale refeição' },
  { value: '12', label: '12 - Vale presente' },
  { value: '13', label: '13 - Vale combustível' },
  { value: '15', label: '15 - Boleto bancário' },
  { value: '16', label: '16 - Depósito bancário' },
  { value: '17', label: '17 - PIX dinâmico' },
  { value: '18', label: '18 - Transferência bancária, carteira digital' },
  { value: '19', label: '19 - Programa de fidelidade, cashback' },
  { value: '20', label: '20 - PIX estático' },
  { value: '90', label: '90 - Sem pagamento' },
  { value: '99', label: '99 - Outros' },
] as const;

/** Forma de pagamento (finalizadora): the POS tender types, with the `tPag` the NFC-e carries. */
export const formaPagamento = defineRegister({
  key: 'formaPagamento',
  table: 'forma_pagamento',
  label: {
    singular: 'Forma de pagamento',
    plural: 'Formas de pagamento',
    naoEncontrado: 'Forma de pagamento não encontrada.',
    incluido: 'Forma de pagamento incluída.',
    excluido: 'Forma de pagamento excluída.',
    indefinido: 'uma forma de pagamento',
    definido: 'a forma de pagamento',
  },
  area: 'Financeiro',
  route: '/financeiro/formas-pagamento',
  paths: [{ path: '/v1/financeiro/formas-pagamento' }],
  permissao: 'FORMA_PAGAMENTO',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('descricao', 'Descrição', { required: true, maxLength: 40, unique: 'ativos' }),
    f.enumOf('tipoPagamento', 'Meio de pagamento da NFC-e (tPag)', TPAG, { required: true }),
    f.text('descricaoPagamento', 'Descrição do meio (xPag)', {
      maxLength: 60,
      help: 'Obrigatória na NFC-e quando o meio é 99 - Outros.',
    }),
    f.boolean('permiteTroco', 'Permite troco'),
    f.boolean('utilizaTef', 'Usa TEF (cartão integrado)'),
    f.boolean('exigeCliente', 'Exige cliente identificado'),
    f.boolean('abreGaveta', 'Abre a gaveta'),
    f.reference('agenteFinanceiroId', 'Agente financeiro (adquirente)', 'agenteFinanceiro'),
    f.reference('especieDocumentoId', 'Espécie de documento', 'especieDocumento', {
      help: 'Espécie do título a receber gerado (cartão, crediário).',
    }),
    f.integer('prazoRecebimentoDias', 'Prazo de recebimento (dias)', { min: 0, max: 365 }),
    f.percent('taxaAdministracao', 'Taxa de administração (%)'),
    f.money('valorMinimo', 'Valor mínimo'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'tipoPagamento' },
      { field: 'permiteTroco' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});
