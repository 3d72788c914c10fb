/** Messages of inconsistency lots (server answers and the web alike). */
import type { CampoLote, StatusLote } from './contrato';

export const MSG_LOTE_INCONSISTENCIA = {
  entidade: 'lotes de inconsistências tributárias',
  naoEncontrado: 'Lote de inconsistências não encontrado.',
  nenhumProduto: 'nenhum produto com esta inconsistência atende aos filtros.',
  muitosProdutos: (max: number) => `o lote teria mais de ${max} produtos: refine os filtros.`,
  tipoSemLote: 'corrija esta inconsistência no cenário fiscal, não num lote.',
  lojaFora: (siglas: readonly string[]) =>
    siglas.length === 1
      ? `Você não tem acesso à loja ${siglas[0]}: ela não está entre as suas lojas.`
      : `Você não tem acesso às lojas ${siglas.join(', ')}: elas não estão entre as suas lojas.`,
  /** a command on rows of stores the user does not hold (architecture §7.12) */
  linhasDeOutrasLojas: (siglas: readonly string[]) =>
    siglas.length === 1
      ? `Você não pode alterar linhas da loja ${siglas[0]}: ela não está entre as suas lojas.`
      : `Você não pode alterar linhas das lojas ${siglas.join(', ')}: elas não estão entre as suas lojas.`,
  loteDeOutrasLojas: (siglas: readonly string[], acao: string) =>
    siglas.length === 1
      ? `O lote tem linhas da loja ${siglas[0]}, que não está entre as suas lojas: ele não pode ser ${acao} por você.`
      : `O lote tem linhas das lojas ${siglas.join(', ')}, que não estão entre as suas lojas: ele não pode ser ${acao} por você.`,
  statusNaoPermite: (status: StatusLote, acao: string) =>
    `o lote está ${ROTULO_STATUS[status]} e não pode ser ${acao}.`,
  emFinalizacao: 'o lote já está sendo finalizado.',
  semValor: 'informe um valor para todos ou os itens a alterar.',
  semPropostas: 'informe o valor proposto de ao menos um produto.',
  itemNaoEncontrado: (id: number) => `o item ${id} não pertence ao lote.`,
  precisaProdutoEditar: 'Finalizar um lote altera produtos: você precisa da permissão de editar produtos.',
  invalidos: (n: number) =>
    `${n} produto(s) não aceitam o valor proposto. Corrija-os ou escolha aplicar só aos válidos.`,
  formato: {
    ncm: 'informe o NCM com 8 dígitos.',
    cest: 'informe o CEST com 7 dígitos.',
    natureza: 'informe o código da natureza PIS/COFINS.',
    regime: 'informe o regime tributário.',
    situacao: 'informe a situação fiscal.',
    gtin: 'GTIN inválido (8, 12, 13 ou 14 dígitos com o dígito verificador correto).',
  } satisfies Record<CampoLote, string>,
  ncmInexistente: (v: string) => `o NCM ${v} não existe na tabela oficial.`,
  ncmVencido: (v: string) => `o NCM ${v} não está em vigor.`,
  cestInexistente: (v: string) => `o CEST ${v} não existe na tabela oficial.`,
  cestDeOutroNcm: (v: string, ncm: string | null) =>
    ncm ? `o CEST ${v} não pertence ao NCM ${ncm}.` : 'o produto não tem NCM: informe-o antes do CEST.',
  naturezaInexistente: (v: string) => `a natureza PIS/COFINS ${v} não existe ou está inativa.`,
  naturezaSemReceita: (v: string) =>
    `a natureza PIS/COFINS ${v} tem CST de saída 02–09 sem natureza da receita: não corrige o produto.`,
  regimeInexistente: (v: string) => `o regime tributário ${v} não existe ou está inativo.`,
  regimeDeOutraUf: (ufRegime: string, ufLoja: string) => `o regime é da UF ${ufRegime}, mas a loja é da UF ${ufLoja}.`,
  situacaoInexistente: (v: string) => `a situação fiscal ${v} não existe ou está inativa.`,
  gtinEmUso: (v: string) => `o GTIN ${v} já está em uso.`,
  criado: 'Lote de inconsistências criado.',
  finalizado: 'Lote finalizado: as alterações foram aplicadas aos produtos.',
  finalizacaoEmSegundoPlano: 'O lote é grande: a finalização segue em segundo plano.',
} as const;

export const ROTULO_STATUS: Record<StatusLote, string> = {
  RASCUNHO: 'em rascunho',
  EM_ANALISE: 'em análise',
  FINALIZADO: 'finalizado',
  CANCELADO: 'cancelado',
};
