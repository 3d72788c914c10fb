/**
 * Seed lists of the Financeiro, Fiscal, Frente de loja, Estoque, Venda and Compras registers
 * (domain.md §2–§8), in table columns.
 */

export const MOTIVOS_CANCELAMENTO = [
  {
    descricao: 'Desistência do cliente',
    aplicacao: ['CUPOM_NFCE', 'NFE', 'ITEM_PDV', 'PEDIDO_VENDA'],
    exige_observacao: false,
  },
  {
    descricao: 'Erro de digitação no valor',
    aplicacao: ['CUPOM_NFCE', 'NFE', 'ITEM_PDV', 'TITULO'],
    exige_observacao: true,
  },
  {
    descricao: 'Duplicidade de lançamento',
    aplicacao: ['CUPOM_NFCE', 'NFE', 'TITULO', 'PEDIDO_COMPRA'],
    exige_observacao: false,
  },
];

export const MOTIVOS_DESCONTO = [
  {
    descricao: 'Cliente fidelidade',
    aplicacao: ['PDV_ITEM', 'PDV_TOTAL'],
    percentual_maximo: '10.0000',
    exige_autorizacao_supervisor: false,
  },
  {
    descricao: 'Avaria na embalagem',
    aplicacao: ['PDV_ITEM'],
    percentual_maximo: '30.0000',
    exige_autorizacao_supervisor: true,
  },
  {
    descricao: 'Pagamento antecipado',
    aplicacao: ['BAIXA_TITULO'],
    percentual_maximo: '5.0000',
    exige_autorizacao_supervisor: false,
  },
  {
    descricao: 'Negociação comercial',
    aplicacao: ['PEDIDO', 'PDV_TOTAL'],
    percentual_maximo: '15.0000',
    exige_autorizacao_supervisor: true,
  },
];

export const MOTIVOS_ACRESCIMO = [
  {
    descricao: 'Juros por atraso',
    aplicacao: ['BAIXA_TITULO'],
    percentual_maximo: '2.0000',
    exige_autorizacao_supervisor: false,
  },
  { descricao: 'Taxa de entrega', aplicacao: ['PEDIDO'], percentual_maximo: null, exige_autorizacao_supervisor: false },
  {
    descricao: 'Embalagem para presente',
    aplicacao: ['PDV_ITEM', 'PDV_TOTAL'],
    percentual_maximo: '5.0000',
    exige_autorizacao_supervisor: false,
  },
];

export const HISTORICOS = [
  {
    codigo: 1,
    descricao: 'PAGTO TÍTULO {documento} - {pessoa}',
    natureza: 'DEBITO',
    aplicacao: ['PAGAR', 'CONTA_CORRENTE'],
    conta_contabil: '2.1.1.01',
  },
  {
    codigo: 2,
    descricao: 'TARIFA BANCÁRIA',
    natureza: 'DEBITO',
    aplicacao: ['CONTA_CORRENTE'],
    conta_contabil: '4.2.3.05',
  },
  {
    codigo: 3,
    descricao: 'TRANSFERÊNCIA ENTRE CONTAS',
    natureza: 'AMBOS',
    aplicacao: ['CONTA_CORRENTE', 'CAIXA'],
    conta_contabil: null,
  },
  {
    codigo: 4,
    descricao: 'RECEBIMENTO CARTÃO {agente}',
    natureza: 'CREDITO',
    aplicacao: ['RECEBER', 'CONTA_CORRENTE'],
    conta_contabil: '1.1.2.03',
  },
];

const esp = (sigla: string, descricao: string, aplicacao: string, extra: Record<string, unknown> = {}) => ({
  sigla,
  descricao,
  aplicacao,
  gera_boleto: false,
  exige_numero_documento: false,
  ...extra,
});
// codigoCnab: espécie do título of the FEBRABAN CNAB 240 layout (verify per bank)
export const ESPECIES = [
  esp('DM', 'Duplicata mercantil', 'AMBOS', { gera_boleto: true, exige_numero_documento: true, codigo_cnab: '02' }),
  esp('DS', 'Duplicata de serviço', 'AMBOS', { gera_boleto: true, exige_numero_documento: true, codigo_cnab: '04' }),
  esp('NF', 'Nota fiscal', 'AMBOS', { exige_numero_documento: true }),
  esp('FAT', 'Fatura', 'AMBOS', { exige_numero_documento: true, codigo_cnab: '18' }),
  esp('BOL', 'Boleto', 'PAGAR', { exige_numero_documento: true }),
  esp('CH', 'Cheque', 'AMBOS', { exige_numero_documento: true, codigo_cnab: '01' }),
  esp('NP', 'Nota promissória', 'AMBOS', { codigo_cnab: '12' }),
  esp('RC', 'Recibo', 'AMBOS', { codigo_cnab: '17' }),
  esp('CC', 'Cartão de crédito', 'RECEBER'),
  esp('CD', 'Cartão de débito', 'RECEBER'),
  esp('PIX', 'PIX', 'AMBOS'),
  esp('CRD', 'Crediário', 'RECEBER', { exige_numero_documento: true }),
  esp('VL', 'Vale', 'RECEBER'),
  esp('DEP', 'Depósito', 'AMBOS'),
  esp('TED', 'Transferência (TED)', 'AMBOS'),
];

export const BANCOS = [
  { descricao: 'Banco do Brasil', tipo: 'BANCO', codigo_banco: '001', site: 'https://www.bb.com.br' },
  { descricao: 'Santander', tipo: 'BANCO', codigo_banco: '033', site: 'https://www.santander.com.br' },
  { descricao: 'Caixa Econômica Federal', tipo: 'BANCO', codigo_banco: '104', site: 'https://www.caixa.gov.br' },
  { descricao: 'Bradesco', tipo: 'BANCO', codigo_banco: '237', site: 'https://banco.bradesco' },
  { descricao: 'Itaú Unibanco', tipo: 'BANCO', codigo_banco: '341', site: 'https://www.itau.com.br' },
  { descricao: 'Nubank', tipo: 'BANCO', codigo_banco: '260', site: null },
  { descricao: 'Sicoob', tipo: 'COOPERATIVA', codigo_banco: '756', site: null },
  { descricao: 'Sicredi', tipo: 'COOPERATIVA', codigo_banco: '748', site: null },
];

// acquirers' fees are demo figures, not the companies' price lists
export const ADQUIRENTES = ['Cielo', 'Rede', 'Stone', 'GetNet', 'PagSeguro'].map((descricao, i) => ({
  descricao,
  tipo: 'ADQUIRENTE',
  taxa_padrao: ['2.4900', '2.3900', '2.2900', '2.5900', '2.6900'][i],
}));

export function formasPagamento(bela: boolean, ag: { cielo: number; stone: number }, especie: (s: string) => number) {
  const cartao = bela ? ag.cielo : ag.stone;
  const rows: Record<string, unknown>[] = [
    { descricao: 'Dinheiro', tipo_pagamento: '01', permite_troco: true, abre_gaveta: true },
    {
      descricao: 'Cartão de crédito',
      tipo_pagamento: '03',
      utiliza_tef: true,
      agente_financeiro_id: cartao,
      especie_documento_id: especie('CC'),
      prazo_recebimento_dias: 30,
      taxa_administracao: '2.4900',
    },
    {
      descricao: 'Cartão de débito',
      tipo_pagamento: '04',
      utiliza_tef: true,
      agente_financeiro_id: cartao,
      especie_documento_id: especie('CD'),
      prazo_recebimento_dias: 1,
      taxa_administracao: '1.2900',
    },
    { descricao: 'PIX', tipo_pagamento: '17', especie_documento_id: especie('PIX') },
    {
      descricao: 'Crediário',
      tipo_pagamento: '05',
      exige_cliente: true,
      especie_documento_id: especie('CRD'),
      valor_minimo: '30.00',
    },
    {
      descricao: 'Vale-troca',
      tipo_pagamento: '99',
      descricao_pagamento: 'Vale-troca da loja',
      especie_documento_id: especie('VL'),
    },
  ];
  if (!bela)
    rows.push({
      descricao: 'Vale-alimentação',
      tipo_pagamento: '10',
      utiliza_tef: true,
      agente_financeiro_id: ag.stone,
      prazo_recebimento_dias: 30,
      taxa_administracao: '3.5000',
    });
  return rows;
}

const ramo = (descricao: string, ind_ie_dest: string, flags: Record<string, boolean> = {}) => ({
  descricao,
  ind_ie_dest,
  ...flags,
});
export const RAMOS_ATUACAO = [
  ramo('Consumidor final PF', '9', { consumidor_final: true }),
  ramo('Consumidor PJ não contribuinte', '9', { consumidor_final: true, aplica_difal: true }),
  ramo('Revendedor contribuinte', '1', { aplica_st: true }),
  ramo('Revendedor Simples', '1', { optante_simples: true, aplica_st: true }),
  ramo('Indústria', '1'),
  ramo('Produtor rural', '1', { produtor_rural: true }),
  ramo('Órgão público', '9', { orgao_publico: true, consumidor_final: true, aplica_difal: true }),
];

// CFOP 5927: baixa de estoque por perda, roubo ou deterioração
export const TIPOS_AJUSTE = [
  { descricao: 'Sobra de inventário', tipo: 'ENTRADA', uso_inventario: 'SOBRA', afeta_custo_medio: false },
  { descricao: 'Falta de inventário', tipo: 'SAIDA', uso_inventario: 'FALTA', cfop: '5927' },
  { descricao: 'Avaria', tipo: 'SAIDA', cfop: '5927', estorna_credito_icms: true, exige_observacao: true },
  { descricao: 'Vencimento', tipo: 'SAIDA', cfop: '5927', estorna_credito_icms: true },
  { descricao: 'Furto', tipo: 'SAIDA', cfop: '5927', estorna_credito_icms: true, exige_observacao: true },
  { descricao: 'Consumo interno', tipo: 'SAIDA', estorna_credito_icms: true },
];

export const MOTIVOS_REQUISICAO = [
  { descricao: 'Consumo interno', tipo: 'CONSUMO_INTERNO', exige_aprovacao: false },
  { descricao: 'Transferência entre locais', tipo: 'TRANSFERENCIA', exige_aprovacao: false },
  { descricao: 'Uso na produção', tipo: 'USO_PRODUCAO', exige_aprovacao: false },
  { descricao: 'Degustação', tipo: 'DEGUSTACAO', exige_aprovacao: true },
  { descricao: 'Brinde', tipo: 'BRINDE', exige_aprovacao: true },
  { descricao: 'Perda', tipo: 'PERDA', exige_aprovacao: true },
];

export const LOCAIS = [
  {
    descricao: 'Loja',
    tipo: 'LOJA',
    permite_venda: true,
    padrao_venda: true,
    padrao_entrada: false,
    inventariavel: true,
  },
  {
    descricao: 'Depósito',
    tipo: 'DEPOSITO',
    permite_venda: false,
    padrao_venda: false,
    padrao_entrada: true,
    inventariavel: true,
  },
  {
    descricao: 'Avaria',
    tipo: 'AVARIA',
    permite_venda: false,
    padrao_venda: false,
    padrao_entrada: false,
    inventariavel: false,
  },
];
export const LOCAL_PRODUCAO = {
  descricao: 'Produção',
  tipo: 'PRODUCAO',
  permite_venda: false,
  padrao_venda: false,
  padrao_entrada: false,
  inventariavel: true,
};

export const MOTIVOS_TROCA_BELA = [
  {
    descricao: 'Produto com defeito',
    tipo: 'AMBOS',
    retorna_estoque: true,
    tipo_local_destino: 'AVARIA',
    exige_autorizacao: true,
    prazo_maximo_dias: 90,
  },
  {
    descricao: 'Fragrância não agradou',
    tipo: 'TROCA',
    retorna_estoque: true,
    tipo_local_destino: 'LOJA',
    gera_vale_troca: true,
    prazo_maximo_dias: 30,
  },
  {
    descricao: 'Presente repetido',
    tipo: 'TROCA',
    retorna_estoque: true,
    tipo_local_destino: 'LOJA',
    gera_vale_troca: true,
    prazo_maximo_dias: 30,
  },
  {
    descricao: 'Arrependimento de compra',
    tipo: 'DEVOLUCAO',
    retorna_estoque: true,
    tipo_local_destino: 'LOJA',
    prazo_maximo_dias: 7,
  },
];
export const MOTIVOS_TROCA_MERCADAO = [
  {
    descricao: 'Produto vencido',
    tipo: 'AMBOS',
    retorna_estoque: true,
    tipo_local_destino: 'AVARIA',
    prazo_maximo_dias: 30,
  },
  {
    descricao: 'Embalagem danificada',
    tipo: 'TROCA',
    retorna_estoque: true,
    tipo_local_destino: 'AVARIA',
    prazo_maximo_dias: 7,
  },
  {
    descricao: 'Desistência da compra',
    tipo: 'DEVOLUCAO',
    retorna_estoque: true,
    tipo_local_destino: 'LOJA',
    exige_autorizacao: true,
    prazo_maximo_dias: 7,
  },
];

export function tiposAcordo(duplicata: number) {
  const t = (
    descricao: string,
    forma_apuracao: string,
    forma_recebimento_padrao: string,
    extra: Record<string, unknown> = {},
  ) => ({
    descricao,
    forma_apuracao,
    forma_recebimento_padrao,
    especie_documento_id: duplicata,
    ...extra,
  });
  return [
    t('Verba de inauguração', 'VALOR_FIXO', 'DEPOSITO', { exige_contrato_anexo: true }),
    t('Aniversário da loja', 'VALOR_FIXO', 'ABATIMENTO_TITULO'),
    t('Rebaixa de preço', 'PERCENTUAL_COMPRAS', 'ABATIMENTO_TITULO'),
    t('Enxoval', 'VALOR_FIXO', 'BONIFICACAO_MERCADORIA'),
    t('Ponto extra', 'VALOR_FIXO', 'BOLETO_FORNECEDOR'),
    t('Encarte/tabloide', 'VALOR_FIXO', 'DEPOSITO', { exige_contrato_anexo: true }),
    t('Rappel por meta', 'PERCENTUAL_COMPRAS', 'ABATIMENTO_TITULO', { exige_contrato_anexo: true }),
    t('Verba de avaria', 'PERCENTUAL_COMPRAS', 'ABATIMENTO_TITULO'),
  ];
}

export const PROCESSO_TEMA_69 = {
  tipo: 'JUDICIAL',
  origem: '1',
  tributos: ['PIS', 'COFINS'],
  indicador_suspensao: 'TRANSITO_EM_JULGADO',
  descricao_decisao: 'Exclusão do ICMS da base de cálculo do PIS/COFINS (STF, RE 574.706, Tema 69)',
  data_decisao: '2021-05-13',
  vigencia_inicio: '2021-05-13',
};

export function mensagens(bela: boolean, lojas: number[], principal: number) {
  return bela
    ? [
        {
          titulo: 'Aniversário da loja',
          texto: 'Aniversário Bela Vida: 20% na 2a unidade\nda linha Aurora. Válido até o fim do mês.',
          local: 'RODAPE_CUPOM',
          lojas,
          vigencia_inicio: '2026-11-01',
          vigencia_fim: '2026-11-30',
          prioridade: 10,
        },
        {
          titulo: 'Programa de pontos',
          texto: 'Troque seus pontos por brindes no caixa!',
          local: 'TELA_CLIENTE',
          lojas,
          vigencia_inicio: '2026-01-01',
          prioridade: 1,
        },
      ]
    : [
        {
          titulo: 'Quarta do hortifruti',
          texto: 'Quarta do hortifruti: frutas e verduras\ncom preço especial.',
          local: 'RODAPE_CUPOM',
          lojas,
          vigencia_inicio: '2026-01-01',
          dias_semana: ['QUA'],
          prioridade: 5,
        },
        {
          titulo: 'Pão quentinho',
          texto: 'Pão francês saindo agora!',
          local: 'TELA_CLIENTE',
          lojas: [principal],
          vigencia_inicio: '2026-01-01',
          hora_inicio: '16:00',
          hora_fim: '18:30',
          prioridade: 3,
        },
        {
          titulo: 'Cupom acima de R$ 200',
          texto: 'Compras acima de R$ 200: estacionamento grátis.',
          local: 'TELA_OPERADOR',
          lojas,
          vigencia_inicio: '2026-01-01',
          valor_minimo_cupom: '200.00',
        },
      ];
}
