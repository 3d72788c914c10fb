/**
 * The permission catalogue: every PERM_* code the spec names (§2.4, §6), expanded with
 * the register verbs. A permission is `PERM_<BASE>_<VERBO>`; routes need any-of.
 */
export const VERBOS = ['ACESSO', 'INCLUIR', 'EDITAR', 'EXCLUIR'] as const;
export type Verbo = (typeof VERBOS)[number];

/** Bases that take the four verbs, with the pt-BR label shown in the group screen. */
export const PERMISSION_BASES = {
  MOTIVO_CANCELAMENTO: 'Motivo do cancelamento',
  PLANO_PAGAMENTO: 'Plano de pagamento',
  CONDICAO_PAGAMENTO_LOJA: 'Condição de pagamento da loja',
  HISTORICO_PADRAO: 'Histórico padrão',
  MOTIVO_DESCONTO: 'Motivo de desconto',
  MOTIVO_ACRESCIMO: 'Motivo de acréscimo',
  ESPECIE_DOCUMENTO: 'Espécie de documento',
  AGENTE_FINANCEIRO: 'Agente financeiro',
  CONTA_CORRENTE: 'Conta corrente',
  // tender types (finalizadoras): not in the spec's route table, needed by the POS and api-compat C2
  FORMA_PAGAMENTO: 'Formas de pagamento',
  MANUTENCAO_OFX: 'Manutenção OFX',
  CONCILIACAO_DE_CC: 'Conciliação de conta corrente',
  // bank ledger (Financeiro > Tesouraria > Lançamentos): ACESSO reads, INCLUIR posts and transfers, EXCLUIR reverses
  LANCAMENTO_BANCARIO: 'Lançamentos bancários',
  // reconciliation rules (Financeiro > Tesouraria > Regras de conciliação)
  REGRA_CONCILIACAO: 'Regras de conciliação',
  GENERO: 'Gênero',
  PROCESSO_JUDICIAL: 'Processo judicial',
  NATUREZA_IMPOSTO: 'Natureza PIS/COFINS',
  CENARIOS_FISCAIS: 'Cenários fiscais',
  REGIME_TRIBUTARIO: 'Regime tributário',
  SITUACAO_FISCAL: 'Situação fiscal',
  FIGURA_FISCAL: 'Ramo de atuação',
  NCM: 'NCM',
  LOTE_INCONSISTENCIA_PRODUTO: 'Inconsistências tributárias',
  MONITORAMENTO_DOCUMENTO_ELETRONICO: 'Monitoramento de documentos eletrônicos',
  CFOP: 'Inconsistências de tributação',
  MENSAGENS_PROMOCIONAIS: 'Mensagens promocionais',
  INCONSISTENCIA: 'Subida de vendas',
  FUNCOES_PDV: 'Funções PDV',
  CADASTRO_DISPOSITIVO: 'Cadastro de dispositivo',
  RELATORIO_EXTRATO_ESTOQUE: 'Extrato de estoque',
  TIPO_DE_AJUSTE: 'Tipo de ajuste',
  MOTIVO_REQUISICAO: 'Motivo de requisição',
  AUDITORIA_SIZI: 'Auditoria de preços',
  LOCAL: 'Local de estoque',
  SETOR_PRODUCAO: 'Setor de produção',
  INVENTARIO: 'Inventário',
  // stock period closing ("estoque fechado até"): ACESSO reads it, INCLUIR closes; reopening is for administrators
  FECHAMENTO_ESTOQUE: 'Fechamento de estoque',
  // stock adjustments: ACESSO lists them and reads movements and balances, INCLUIR posts
  AJUSTE_ESTOQUE: 'Ajuste de estoque',
  // stock transfers: ACESSO lists them, INCLUIR sends (origin's store), EDITAR receives (destination's), EXCLUIR cancels
  TRANSFERENCIA_ESTOQUE: 'Transferência de estoque',
  // stock requisitions: ACESSO lists them, INCLUIR opens (requesting store), EDITAR approves and transfers (origin's)
  // and receives (requesting store's), EXCLUIR cancels
  REQUISICAO_ESTOQUE: 'Requisição de estoque',
  // stock balance report as of a date (Estoque > Relatórios > Saldo de estoque): ACESSO asks it
  RELATORIO_SALDO_ESTOQUE: 'Saldo de estoque',
  // dashboards' cost, margin and stock-value indicators (a cashier never sees the chain's margins): ACESSO reads them
  INDICADOR_CUSTO: 'Indicadores de custo e margem',
  MIX: 'Mix',
  UNIDADE: 'Unidades de medida',
  FAMILIA_PRODUTO: 'Família de produtos',
  MARCA: 'Marcas',
  CARACTERISTICA: 'Características',
  APLICACAO: 'Aplicações',
  CADASTRO_SIMILARES: 'Similares',
  PRODUTO: 'Produto',
  MOTIVO_DEVOLUCAO: 'Motivo de troca e devolução',
  PEDIDO_VENDA: 'Pedido de venda',
  VENDA_PDV: 'Vendas do PDV',
  MONITORAMENTO_ACORDO_COMERCIAL: 'Acordos comerciais',
  TIPO_ACORDO_COMERCIAL: 'Tipos de acordo',
  LAYOUT_IMPORTACAO_COMPRA: 'Layout de importação de pedido de compra',
  NOTA_FISCAL_COMPRA: 'Nota fiscal de compra',
  CONFERENCIA_COMPRA: 'Conferência de compra',
  PEDIDO_COMPRA: 'Pedido de compra',
  FORNECEDOR: 'Fornecedor',
  CONTADOR: 'Contador',
  CONDUTOR: 'Condutor',
  SETOR: 'Setores',
  RAMO: 'Ramo de cliente',
  STATUS: 'Status de cliente',
  HOLDING: 'Holding',
  INCONSISTENCIA_PRODUTO: 'Inconsistências de produto',
  NOVO_USUARIOS_E_GRUPOS: 'Usuários e grupos',
  // registers the spec's route table does not name (their routes are in ROTAS_EXTRAS)
  SECAO: 'Seções, grupos e subgrupos',
  CLIENTE: 'Clientes',
  FUNCIONARIO: 'Funcionários',
  LOJA: 'Lojas',
  // administrators only (the register's access), like LOJA's writes: a base so it is declared like every register
  RECURSO_APRENDIZAGEM: 'Recursos de aprendizagem',
} as const satisfies Record<string, string>;
export type PermissionBase = keyof typeof PERMISSION_BASES;

/** Codes the spec writes without a verb suffix. */
export const STANDALONE_PERMISSIONS = {
  PERM_RELATORIO_EXTRATO_MOVIMENTACOES: 'Extrato de movimentações',
} as const;

export type PermissionCode = `PERM_${PermissionBase}_${Verbo}` | keyof typeof STANDALONE_PERMISSIONS;

export function perm(base: PermissionBase, verbo: Verbo = 'ACESSO'): PermissionCode {
  return `PERM_${base}_${verbo}`;
}

const VERBO_LABEL: Record<Verbo, string> = {
  ACESSO: 'acessar',
  INCLUIR: 'incluir',
  EDITAR: 'editar',
  EXCLUIR: 'excluir',
};

export interface PermissionEntry {
  codigo: PermissionCode;
  descricao: string;
}

export const PERMISSION_CATALOGUE: readonly PermissionEntry[] = [
  ...(Object.entries(PERMISSION_BASES) as [PermissionBase, string][]).flatMap(([base, label]) =>
    VERBOS.map((verbo) => ({ codigo: perm(base, verbo), descricao: `${label}: ${VERBO_LABEL[verbo]}` })),
  ),
  ...Object.entries(STANDALONE_PERMISSIONS).map(([codigo, descricao]) => ({
    codigo: codigo as PermissionCode,
    descricao,
  })),
];

export const ALL_PERMISSION_CODES: ReadonlySet<string> = new Set(PERMISSION_CATALOGUE.map((p) => p.codigo));
