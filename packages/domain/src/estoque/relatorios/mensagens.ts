/** Messages of the stock reports (Extrato de movimentações, Saldo de estoque): server answers and the web alike. */
export const MSG_RELATORIO_ESTOQUE = {
  entidadeMovimentacoes: 'extrato de movimentações',
  entidadeSaldo: 'saldo de estoque',
  tituloMovimentacoes: 'Extrato de movimentações',
  tituloSaldo: 'Saldo de estoque',
  informeData: 'informe a data no formato AAAA-MM-DD.',
  dataInexistente: 'data inexistente.',
  periodoInvertido: 'deve ser igual ou posterior à data inicial.',
  periodoLongo: (dias: number) => `o período pode ter no máximo ${dias} dias.`,
  dataFutura: 'não pode ser posterior a hoje.',
  idInvalido: 'informe códigos numéricos positivos.',
  muitos: (n: number) => `no máximo ${n} itens.`,
  tipoInvalido: 'tipo de movimento inválido.',
  situacaoInvalida: 'use POSITIVO, NEGATIVO, ZERO, AMBOS ou TODOS.',
  formatoInvalido: 'use PDF ou XLSX.',
  lojasForaDoEscopo: (siglas: string) =>
    `Você não pode emitir relatórios da(s) loja(s) ${siglas}: elas não estão entre as suas lojas.`,
  lojaNaoEncontrada: (ids: string) => `loja(s) não encontrada(s): ${ids}.`,
  semLojas: 'Você não tem lojas vinculadas ao seu usuário.',
  /** the screen's hint of the situação filter */
  dicaSituacao:
    'Ambos: saldos positivos e negativos (diferentes de zero). Todos: inclui também os zerados. Zero: itens já movimentados que estão com saldo zerado na data.',
} as const;
