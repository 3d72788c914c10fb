/**
 * Ctrl+K commands: actions found by what people call them ("fechamento", "fechar período"), beside the screens.
 * Each opens its screen ready for the action (`?novo=1` opens the new document, `?acao=fechar` the closing);
 * only the commands the user's grants allow are offered (every permission listed is needed).
 */
export interface Comando {
  id: string;
  label: string;
  description: string;
  keywords: readonly string[];
  rota: string;
  permissoes: readonly string[];
}

export const COMANDOS: readonly Comando[] = [
  {
    id: 'comando:simular-tributacao',
    label: 'Simular tributação',
    description: 'Fiscal › Simular cenário fiscal de um produto numa loja',
    keywords: ['simular cenário fiscal', 'simulador', 'imposto', 'tributo', 'ICMS', 'CFOP', 'CST'],
    rota: '/fiscal/cenarios-fiscais/simular',
    permissoes: ['PERM_CENARIOS_FISCAIS_ACESSO'],
  },
  {
    id: 'comando:cobertura-cenarios',
    label: 'Cobertura dos cenários fiscais',
    description: 'Fiscal › Produtos e lojas sem cenário fiscal',
    keywords: ['cobertura', 'sem cenário', 'produtos sem regra'],
    rota: '/fiscal/cenarios-fiscais/cobertura',
    permissoes: ['PERM_CENARIOS_FISCAIS_ACESSO'],
  },
  {
    id: 'comando:fechar-estoque',
    label: 'Fechar estoque',
    description: 'Estoque › Fechamento do estoque da loja até uma data',
    keywords: ['fechamento', 'fechar período', 'fechar mês', 'encerrar período', 'bloquear movimentos'],
    rota: '/estoque/parametros?acao=fechar',
    permissoes: ['PERM_FECHAMENTO_ESTOQUE_ACESSO', 'PERM_FECHAMENTO_ESTOQUE_INCLUIR'],
  },
  {
    id: 'comando:nova-transferencia',
    label: 'Nova transferência',
    description: 'Estoque › Transferir mercadoria entre lojas ou locais',
    keywords: ['transferir', 'enviar mercadoria', 'remessa', 'movimentação'],
    rota: '/estoque/transferencias?novo=1',
    permissoes: ['PERM_TRANSFERENCIA_ESTOQUE_ACESSO', 'PERM_TRANSFERENCIA_ESTOQUE_INCLUIR'],
  },
  {
    id: 'comando:novo-ajuste',
    label: 'Novo ajuste de estoque',
    description: 'Estoque › Lançar perda, quebra, sobra ou acerto de saldo',
    keywords: ['ajustar estoque', 'perda', 'quebra', 'sobra', 'acerto de saldo', 'movimentação'],
    rota: '/estoque/ajustes?novo=1',
    permissoes: ['PERM_AJUSTE_ESTOQUE_ACESSO', 'PERM_AJUSTE_ESTOQUE_INCLUIR'],
  },
  {
    id: 'comando:novo-produto',
    label: 'Novo produto',
    description: 'Produto › Cadastrar um produto',
    keywords: ['cadastrar produto', 'incluir produto'],
    rota: '/produto/cadastro',
    permissoes: ['PERM_PRODUTO_INCLUIR'],
  },
  {
    id: 'comando:novo-lote-inconsistencias',
    label: 'Novo lote de inconsistências',
    description: 'Fiscal › Corrigir a tributação de vários produtos de uma vez',
    keywords: ['inconsistências tributárias', 'corrigir tributação', 'lote'],
    rota: '/inconsistenciasTributarias/cadastroInconsistencias',
    permissoes: ['PERM_LOTE_INCONSISTENCIA_PRODUTO_ACESSO', 'PERM_LOTE_INCONSISTENCIA_PRODUTO_INCLUIR'],
  },
];

/** The commands the user may run. */
export function comandosDe(concedidas: readonly string[]): Comando[] {
  return COMANDOS.filter((c) => c.permissoes.every((p) => concedidas.includes(p)));
}
