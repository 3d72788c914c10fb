import { defineRegister, f } from '../registers/fields';

export const TIPOS_PAGAMENTO_PLANO = [
  { value: 'DINHEIRO', label: 'Dinheiro (01)' },
  { value: 'CARTAO_CREDITO', label: 'Cartão de crédito (03)' },
  { value: 'CARTAO_DEBITO', label: 'Cartão de débito (04)' },
  { value: 'PIX', label: 'PIX (17)' },
  { value: 'BOLETO', label: 'Boleto (15)' },
  { value: 'CREDIARIO', label: 'Crediário (05)' },
  { value: 'CHEQUE', label: 'Cheque (02)' },
  { value: 'VALE', label: 'Vale (12)' },
  { value: 'OUTROS', label: 'Outros (99)' },
] as const;

/**
 * Plano de pagamento (domain.md §2.1, franchise tenants only): a purchase or sale payment term with its
 * parcel grid (plano-pagamento.regras.ts); the operation is fixed once created. Its bespoke screen lives
 * in apps/web/src/modules/financeiro/plano-pagamento.
 */
export const planoPagamento = defineRegister({
  key: 'planoPagamento',
  tipoCliente: 'BOTICARIO',
  table: 'plano_pagamento',
  label: {
    singular: 'Plano de pagamento',
    plural: 'Planos de pagamento',
    naoEncontrado: 'Plano de pagamento não encontrado.',
    incluido: 'Plano de pagamento incluído.',
    excluido: 'Plano de pagamento excluído.',
    indefinido: 'um plano de pagamento',
    definido: 'o plano de pagamento',
  },
  area: 'Financeiro',
  route: '/planoPagamento',
  paths: [{ path: '/v1/financeiro/planos-pagamento' }],
  permissao: 'PLANO_PAGAMENTO',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.enumOf(
      'operacao',
      'Operação',
      [
        { value: 'COMPRA', label: 'Compra' },
        { value: 'VENDA', label: 'Venda' },
      ],
      { required: true, help: 'Não muda depois de criado o plano.' },
    ),
    f.text('descricao', 'Descrição', { required: true }),
    f.enumOf('tipoPagamento', 'Tipo de pagamento (NFC-e)', TIPOS_PAGAMENTO_PLANO, { required: true }),
    f.integer('quantidadeParcelas', 'Quantidade de parcelas', { required: true, min: 1, max: 99 }),
    f.integer('diasPrimeiraParcela', 'Dias da primeira parcela', { required: true, min: 0, max: 3650, default: 0 }),
    f.integer('intervaloDias', 'Intervalo entre parcelas (dias)', { required: true, min: 0, max: 3650, default: 30 }),
    f.boolean('possuiEntrada', 'Possui entrada'),
    f.percent('percentualEntrada', 'Percentual da entrada (%)', { precision: 3, scale: 2, max: 99.99 }),
    f.children('parcelas', 'Parcelas', 'plano_pagamento_parcela', 'plano_pagamento_id', [
      f.integer('numero', 'Parcela', { required: true, min: 0, max: 99 }),
      f.integer('dias', 'Dias', { required: true, min: 0, max: 3650 }),
      f.percent('percentual', 'Percentual (%)', { required: true, precision: 3, scale: 2, min: 0.01 }),
    ]),
    f.percent('percentualAcrescimo', 'Acréscimo (%)'),
    f.percent('percentualDesconto', 'Desconto (%)'),
    f.percent('jurosMensal', 'Juros ao mês (%)'),
    f.percent('multa', 'Multa (%)'),
    f.money('valorMinimoParcela', 'Valor mínimo da parcela'),
    f.money('valorMinimoOperacao', 'Valor mínimo da operação'),
    f.reference('agenteFinanceiroId', 'Adquirente (agente financeiro)', 'agenteFinanceiro'),
    f.percent('taxaAdministracao', 'Taxa de administração (%)'),
    f.integer('prazoRecebimentoDias', 'Prazo de recebimento (D+N por parcela)', { min: 0, max: 365 }),
    f.reference('especieDocumentoId', 'Espécie de documento', 'especieDocumento'),
    f.boolean('disponivelPdv', 'Disponível no PDV'),
    f.boolean('disponivelPedido', 'Disponível nos pedidos'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'tipoPagamento' },
      { field: 'quantidadeParcelas' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['descricao'],
  },
});

/**
 * Condição de pagamento da loja (domain.md §2.1): a plan enabled in one store for a vigência, with its own
 * limits; edited on the plan's screen with the CONDICAO_PAGAMENTO_LOJA permissions only. One active
 * condition per store and plan and period (409 naming the one it overlaps).
 */
export const condicaoPagamentoLoja = defineRegister({
  key: 'condicaoPagamentoLoja',
  tipoCliente: 'BOTICARIO',
  table: 'condicao_pagamento_loja',
  label: {
    singular: 'Condição de pagamento da loja',
    plural: 'Condições de pagamento da loja',
    naoEncontrado: 'Condição de pagamento da loja não encontrada.',
    incluido: 'Condição de pagamento da loja incluída.',
    excluido: 'Condição de pagamento da loja excluída.',
    indefinido: 'uma condição de pagamento da loja',
    definido: 'a condição de pagamento da loja',
  },
  area: 'Financeiro',
  // a tab of the plan's form: no list of its own
  route: '/planoPagamento/cadastro/:id?/:operacao?',
  paths: [{ path: '/v1/financeiro/condicoes-pagamento-loja' }],
  permissao: 'CONDICAO_PAGAMENTO_LOJA',
  lojaField: 'lojaId',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.loja('lojaId', 'Loja', { required: true }),
    f.reference('planoPagamentoId', 'Plano de pagamento', 'planoPagamento', { required: true }),
    f.integer('maxParcelas', 'Máximo de parcelas', { min: 1, max: 99 }),
    f.money('valorMinimoParcela', 'Valor mínimo da parcela'),
    f.percent('taxaAdministracao', 'Taxa de administração (%)'),
    f.date('vigenciaInicio', 'Início da vigência', { required: true }),
    f.date('vigenciaFim', 'Fim da vigência'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'lojaId' },
      { field: 'planoPagamentoId' },
      { field: 'vigenciaInicio' },
      { field: 'vigenciaFim' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: [],
  },
});
