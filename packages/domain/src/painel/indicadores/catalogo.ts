/**
 * The indicator catalogue: each figure with its definition written out (shown on the screen as the card's help).
 * Sales figures read the POS upload's aggregates (store-local sale date; items cancelled and cupons cancelled left
 * out; a return subtracts on the day it was uploaded for), never the cupom items themselves.
 */
export const CHAVES_INDICADOR = [
  'VENDAS_DIA',
  'VENDAS_LOJA',
  'TICKET_MEDIO',
  'ITENS_POR_CUPOM',
  'TOP_PRODUTOS',
  'TOP_SECOES',
  'TOP_MARCAS',
  'MARGEM_BRUTA',
  'FORMAS_PAGAMENTO',
  'CANCELAMENTOS_DESCONTOS',
  'VALOR_ESTOQUE',
  'RUPTURA',
  'GIRO_ESTOQUE',
  'PENDENCIAS_SUBIDA',
  'BACKLOG_CONCILIACAO',
  'PEDIDOS_STATUS',
  'NFCE_PROBLEMAS',
] as const;
export type ChaveIndicador = (typeof CHAVES_INDICADOR)[number];

export const VISUALIZACOES = ['LINHA', 'BARRA', 'PIZZA', 'NUMERO', 'TABELA'] as const;
export type Visualizacao = (typeof VISUALIZACOES)[number];
export const ROTULO_VISUALIZACAO: Record<Visualizacao, string> = {
  LINHA: 'Linha',
  BARRA: 'Barras',
  PIZZA: 'Pizza',
  NUMERO: 'Número com tendência',
  TABELA: 'Tabela',
};
export const TAMANHOS = [3, 4, 6, 8, 12] as const;

export type Unidade = 'DINHEIRO' | 'NUMERO' | 'QUANTIDADE' | 'PERCENTUAL';
/** What a click on a row opens: the cupons of that store and day, the product list, or nothing. */
export type Detalhe = 'CUPONS' | 'PRODUTOS' | 'PEDIDOS' | 'NFCE' | 'PENDENCIAS' | null;

export interface DefinicaoIndicador {
  chave: ChaveIndicador;
  titulo: string;
  definicao: string;
  unidade: Unidade;
  /** reads cost (margin, stock value): needs PERM_INDICADOR_CUSTO_ACESSO */
  custo: boolean;
  /** rows: a day series (LINHA fits), categories (BARRA/PIZZA), or one figure per store */
  linhas: 'DIAS' | 'CATEGORIAS' | 'LOJAS';
  /** TOP rows: how many by default */
  limite?: number;
  padrao: Visualizacao;
  detalhe: Detalhe;
}

const d = (x: DefinicaoIndicador) => x;

export const INDICADORES: Record<ChaveIndicador, DefinicaoIndicador> = {
  VENDAS_DIA: d({
    chave: 'VENDAS_DIA',
    titulo: 'Vendas por dia',
    definicao:
      'Soma do valor total dos itens vendidos (sem itens nem cupons cancelados), menos as devoluções, por dia de venda no horário da loja, nas lojas escolhidas.',
    unidade: 'DINHEIRO',
    custo: false,
    linhas: 'DIAS',
    padrao: 'LINHA',
    detalhe: 'CUPONS',
  }),
  VENDAS_LOJA: d({
    chave: 'VENDAS_LOJA',
    titulo: 'Vendas por loja',
    definicao: 'O mesmo valor de "Vendas por dia", somado no período por loja.',
    unidade: 'DINHEIRO',
    custo: false,
    linhas: 'LOJAS',
    padrao: 'BARRA',
    detalhe: 'CUPONS',
  }),
  TICKET_MEDIO: d({
    chave: 'TICKET_MEDIO',
    titulo: 'Ticket médio',
    definicao: 'Valor dos cupons de venda não cancelados dividido pelo número desses cupons (devoluções não entram).',
    unidade: 'DINHEIRO',
    custo: false,
    linhas: 'LOJAS',
    padrao: 'NUMERO',
    detalhe: 'CUPONS',
  }),
  ITENS_POR_CUPOM: d({
    chave: 'ITENS_POR_CUPOM',
    titulo: 'Itens por cupom',
    definicao:
      'Unidades vendidas (quantidade dos itens não cancelados dos cupons de venda não cancelados) dividida pelo número desses cupons.',
    unidade: 'QUANTIDADE',
    custo: false,
    linhas: 'LOJAS',
    padrao: 'NUMERO',
    detalhe: 'CUPONS',
  }),
  TOP_PRODUTOS: d({
    chave: 'TOP_PRODUTOS',
    titulo: 'Produtos mais vendidos',
    definicao: 'Os produtos de maior valor vendido no período (vendas menos devoluções), em ordem decrescente.',
    unidade: 'DINHEIRO',
    custo: false,
    linhas: 'CATEGORIAS',
    limite: 10,
    padrao: 'BARRA',
    detalhe: 'PRODUTOS',
  }),
  TOP_SECOES: d({
    chave: 'TOP_SECOES',
    titulo: 'Seções mais vendidas',
    definicao: 'O valor vendido no período somado pela seção do produto (produtos sem seção em "Sem seção").',
    unidade: 'DINHEIRO',
    custo: false,
    linhas: 'CATEGORIAS',
    limite: 10,
    padrao: 'PIZZA',
    detalhe: 'PRODUTOS',
  }),
  TOP_MARCAS: d({
    chave: 'TOP_MARCAS',
    titulo: 'Marcas mais vendidas',
    definicao: 'O valor vendido no período somado pela marca do produto (produtos sem marca em "Sem marca").',
    unidade: 'DINHEIRO',
    custo: false,
    linhas: 'CATEGORIAS',
    limite: 10,
    padrao: 'BARRA',
    detalhe: 'PRODUTOS',
  }),
  MARGEM_BRUTA: d({
    chave: 'MARGEM_BRUTA',
    titulo: 'Margem bruta',
    definicao:
      '(Vendas − custo das vendas) ÷ vendas, em %. O custo de cada item é o custo médio do produto na loja no momento da venda; devoluções subtraem venda e custo.',
    unidade: 'PERCENTUAL',
    custo: true,
    linhas: 'LOJAS',
    padrao: 'NUMERO',
    detalhe: 'PRODUTOS',
  }),
  FORMAS_PAGAMENTO: d({
    chave: 'FORMAS_PAGAMENTO',
    titulo: 'Vendas por forma de pagamento',
    definicao: 'O valor recebido em cada forma de pagamento nos cupons do período (pagamentos menos troco).',
    unidade: 'DINHEIRO',
    custo: false,
    linhas: 'CATEGORIAS',
    padrao: 'PIZZA',
    detalhe: 'CUPONS',
  }),
  CANCELAMENTOS_DESCONTOS: d({
    chave: 'CANCELAMENTOS_DESCONTOS',
    titulo: 'Cancelamentos e descontos',
    definicao:
      'Valor dos cupons cancelados, valor dos itens cancelados dentro de cupons válidos e descontos concedidos nos itens vendidos. O número é a soma dos três.',
    unidade: 'DINHEIRO',
    custo: false,
    linhas: 'CATEGORIAS',
    padrao: 'BARRA',
    detalhe: 'CUPONS',
  }),
  VALOR_ESTOQUE: d({
    chave: 'VALOR_ESTOQUE',
    titulo: 'Valor de estoque por loja',
    definicao:
      'Saldo de cada produto em cada local da loja no fim do último dia do período (saldo diário do razão de estoque) vezes o custo médio desse dia. Saldos negativos não somam.',
    unidade: 'DINHEIRO',
    custo: true,
    linhas: 'LOJAS',
    padrao: 'BARRA',
    detalhe: 'PRODUTOS',
  }),
  RUPTURA: d({
    chave: 'RUPTURA',
    titulo: 'Ruptura',
    definicao:
      'Produtos vendidos na loja nos 30 dias até o fim do período cujo saldo no fim do período é zero ou negativo.',
    unidade: 'NUMERO',
    custo: false,
    linhas: 'LOJAS',
    padrao: 'NUMERO',
    detalhe: 'PRODUTOS',
  }),
  GIRO_ESTOQUE: d({
    chave: 'GIRO_ESTOQUE',
    titulo: 'Giro de estoque',
    definicao:
      'Custo das vendas do período dividido pelo valor de estoque no fim do período (vezes que o estoque girou no período).',
    unidade: 'QUANTIDADE',
    custo: true,
    linhas: 'LOJAS',
    padrao: 'NUMERO',
    detalhe: null,
  }),
  PENDENCIAS_SUBIDA: d({
    chave: 'PENDENCIAS_SUBIDA',
    titulo: 'Pendências de subida de vendas',
    definicao: 'Transações de venda enviadas pelo PDV no período que continuam pendentes (produto ou dado a corrigir).',
    unidade: 'NUMERO',
    custo: false,
    linhas: 'LOJAS',
    padrao: 'NUMERO',
    detalhe: 'PENDENCIAS',
  }),
  BACKLOG_CONCILIACAO: d({
    chave: 'BACKLOG_CONCILIACAO',
    titulo: 'Backlog de conciliação',
    definicao:
      'Linhas de extrato bancário do período, das contas das lojas escolhidas, ainda não conciliadas nem ignoradas.',
    unidade: 'NUMERO',
    custo: false,
    linhas: 'LOJAS',
    padrao: 'NUMERO',
    detalhe: null,
  }),
  PEDIDOS_STATUS: d({
    chave: 'PEDIDOS_STATUS',
    titulo: 'Pedidos por status',
    definicao: 'Pedidos de venda emitidos no período, contados pela etapa em que estão agora.',
    unidade: 'NUMERO',
    custo: false,
    linhas: 'CATEGORIAS',
    padrao: 'PIZZA',
    detalhe: 'PEDIDOS',
  }),
  NFCE_PROBLEMAS: d({
    chave: 'NFCE_PROBLEMAS',
    titulo: 'NFC-e rejeitadas e em contingência',
    definicao:
      'NFC-e dos cupons do período cuja situação é rejeitada ou emitida em contingência (ainda não autorizada).',
    unidade: 'NUMERO',
    custo: false,
    linhas: 'CATEGORIAS',
    padrao: 'BARRA',
    detalhe: 'NFCE',
  }),
};

export const INDICADORES_DE_CUSTO: readonly ChaveIndicador[] = CHAVES_INDICADOR.filter((c) => INDICADORES[c].custo);

/** The charts that fit an indicator's rows (a day series is a line; categories a bar or pie). */
export function visualizacoesDe(c: ChaveIndicador): readonly Visualizacao[] {
  const l = INDICADORES[c].linhas;
  if (l === 'DIAS') return ['LINHA', 'BARRA', 'NUMERO', 'TABELA'];
  if (l === 'CATEGORIAS') return ['BARRA', 'PIZZA', 'NUMERO', 'TABELA'];
  return ['BARRA', 'PIZZA', 'NUMERO', 'TABELA'];
}
