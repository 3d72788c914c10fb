/**
 * The single route table (spec §2.2 and §2.4): the web router, the server's menu and the
 * tests all read it. Breadcrumbs the spec does not spell out follow its menu areas.
 */
import type { PermissionCode } from './permissions';

/** 'all' or the franchise client type (spec §1). */
export type TipoClienteRota = 'all' | 'BOTICARIO';

export type Especial =
  /** With `permissao` → `/vf?r=…&b=…`; otherwise the ordinary guard runs (spec §2.4). */
  /** The route's params and `etapa` (its sub-screen) travel in r's query: `/inventario/index?id=5&etapa=finalizar`. */
  | { tipo: 'legado'; r: string; permissao: PermissionCode; featureFlag?: string; etapa?: string }
  /** Needs every query parameter, otherwise goes to `destino`. */
  | { tipo: 'queryObrigatoria'; params: readonly string[]; destino: string }
  /** Admin: the permission; others: their own user registration. */
  | { tipo: 'gruposUsuarios' }
  /** Opens for an administrator or when `:id` is the user's own id. */
  | { tipo: 'usuarioProprio' };

export interface RotaDef {
  path: string;
  name?: string;
  titulo: string;
  /** Group, section and any deeper items; the title is not repeated here. */
  breadcrumb: readonly string[];
  /** Any one is enough; empty: login only. */
  permissoes: readonly PermissionCode[];
  tipoCliente: TipoClienteRota;
  admin?: boolean;
  publica?: boolean;
  /** Listed in the side menu (screens that are opened from elsewhere are not). */
  menu?: boolean;
  especial?: Especial;
  aprendizagem?: boolean;
  /** a tenant's route flag (`usuario.flags`) the route needs on: off hides it from the menu and closes it */
  featureFlag?: string;
}

type Opts = Partial<Omit<RotaDef, 'path' | 'titulo' | 'breadcrumb' | 'permissoes'>>;
type P = PermissionCode;

function r(
  path: string,
  titulo: string,
  breadcrumb: readonly string[],
  permissoes: P[] = [],
  opts: Opts = {},
): RotaDef {
  return { path, titulo, breadcrumb, permissoes, tipoCliente: 'all', ...opts };
}
const menu = { menu: true } as const;

const FIN_CAD = ['Financeiro', 'Cadastro'];
const FIN_TES = ['Financeiro', 'Tesouraria'];
const FIS_CAD = ['Fiscal', 'Cadastro'];
const FIS_TRI = ['Fiscal', 'Tributação'];
const FIS_MON = ['Fiscal', 'Monitoramento'];
const FL_CAD = ['Frente de loja', 'Cadastro'];
const FL_MON = ['Frente de loja', 'Monitoramento'];
const EST_REL = ['Estoque', 'Relatórios'];
const EST_CAD = ['Estoque', 'Cadastro'];
const EST_MOV = ['Estoque', 'Movimentação de mercadoria'];
const PRO_CAD = ['Produto', 'Cadastro'];
const COM_ACO = ['Compras', 'Acordos comerciais'];
const COM_MOV = ['Compras', 'Movimentação'];
const PES_CAD = ['Pessoa', 'Cadastro'];
const PES_TER = ['Pessoa', 'Terceiros'];
const PES_GES = ['Pessoa', 'Gestão de clientes'];
const ADM_CAD = ['Administrativo', 'Cadastro'];
const INV: P[] = ['PERM_INVENTARIO_ACESSO'];
const inventarioLegado = {
  tipo: 'legado',
  r: '/inventario/index',
  permissao: 'PERM_INVENTARIO_ACESSO',
  featureFlag: 'inventario',
} as const;
const subidaLegado = { tipo: 'legado', r: '/inconsistencia/index', permissao: 'PERM_INCONSISTENCIA_ACESSO' } as const;

export const ROTAS_RAIZ: readonly RotaDef[] = [
  r('/', 'Painel', [], [], { name: 'home' }),
  r('/login', 'Login', [], [], { name: 'login', publica: true }),
  r('/code*', 'Autenticação', [], [], { publica: true }),
  r('/500', 'Erro no servidor', [], [], { publica: true }),
  r('/404', 'Página não encontrada', [], [], { publica: true }),
  r('/vf', 'Retaguarda', [], []),
  r('/visualizacao-relatorio/:blob', 'Visualização de relatório', ['Relatórios'], []),
];

export const ROTAS_AREAS: readonly RotaDef[] = [
  // Financeiro
  r('/motivoCancelamento', 'Motivo do cancelamento', FIN_CAD, ['PERM_MOTIVO_CANCELAMENTO_ACESSO'], menu),
  r('/planoPagamento', 'Plano de pagamento', FIN_CAD, ['PERM_PLANO_PAGAMENTO_ACESSO'], {
    ...menu,
    tipoCliente: 'BOTICARIO',
    aprendizagem: true,
  }),
  r(
    '/planoPagamento/cadastro/:id?/:operacao?',
    'Cadastro de plano de pagamento',
    FIN_CAD,
    [
      'PERM_PLANO_PAGAMENTO_INCLUIR',
      'PERM_PLANO_PAGAMENTO_EDITAR',
      'PERM_CONDICAO_PAGAMENTO_LOJA_INCLUIR',
      'PERM_CONDICAO_PAGAMENTO_LOJA_EDITAR',
    ],
    { tipoCliente: 'BOTICARIO' },
  ),
  r('/historicoPadrao', 'Histórico padrão', FIN_CAD, ['PERM_HISTORICO_PADRAO_ACESSO'], menu),
  r('/motivoDesconto', 'Motivo de desconto', FIN_CAD, ['PERM_MOTIVO_DESCONTO_ACESSO'], menu),
  r('/motivoAcrescimo', 'Motivo de acréscimo', FIN_CAD, ['PERM_MOTIVO_ACRESCIMO_ACESSO'], menu),
  r('/financeiro/especie-documento', 'Espécie de documento', FIN_CAD, ['PERM_ESPECIE_DOCUMENTO_ACESSO'], menu),
  r('/financeiro/agente-financeiro', 'Agente financeiro', FIN_CAD, ['PERM_AGENTE_FINANCEIRO_ACESSO'], menu),
  r('/financeiro/conta-corrente', 'Conta corrente', FIN_CAD, ['PERM_CONTA_CORRENTE_ACESSO'], menu),
  r('/manutencaoOfx', 'Manutenção de OFX', FIN_TES, ['PERM_MANUTENCAO_OFX_ACESSO'], menu),
  r('/conciliacaoContaCorrente', 'Conciliação de conta corrente', FIN_TES, ['PERM_CONCILIACAO_DE_CC_ACESSO'], menu),
  r('/conciliacaoContaCorrente/conciliar', 'Conciliar conta corrente', FIN_TES, ['PERM_CONCILIACAO_DE_CC_ACESSO'], {
    especial: { tipo: 'queryObrigatoria', params: ['conta', 'inicio', 'fim'], destino: '/conciliacaoContaCorrente' },
  }),
  // Fiscal
  r('/genero', 'Gênero', FIS_CAD, ['PERM_GENERO_ACESSO'], { ...menu, name: 'genero' }),
  r('/processoJudicial', 'Processo judicial', FIS_CAD, ['PERM_PROCESSO_JUDICIAL_ACESSO'], {
    ...menu,
    name: 'listagemProcessoJudicial',
  }),
  r(
    '/processoJudicial/cadastro/:id?',
    'Cadastro de processo judicial',
    FIS_CAD,
    ['PERM_PROCESSO_JUDICIAL_INCLUIR', 'PERM_PROCESSO_JUDICIAL_EDITAR'],
    { name: 'processoJudicialCadastro' },
  ),
  r('/naturezaPISCOFINS', 'Natureza PIS/COFINS', FIS_CAD, ['PERM_NATUREZA_IMPOSTO_ACESSO'], menu),
  r('/fiscal/cenarios-fiscais', 'Cenários fiscais', FIS_TRI, ['PERM_CENARIOS_FISCAIS_ACESSO'], menu),
  r('/fiscal/cenarios-fiscais/ncm/:id?', 'Cenário fiscal por NCM', FIS_TRI, ['PERM_CENARIOS_FISCAIS_INCLUIR']),
  r('/fiscal/cenarios-fiscais/operacao/:id?', 'Cenário fiscal por operação', FIS_TRI, [
    'PERM_CENARIOS_FISCAIS_INCLUIR',
  ]),
  r('/regimeTributario', 'Regime tributário', FIS_CAD, ['PERM_REGIME_TRIBUTARIO_ACESSO'], menu),
  r('/situacaoFiscal', 'Situação fiscal', FIS_CAD, ['PERM_SITUACAO_FISCAL_ACESSO'], menu),
  r('/ramoAtuacao', 'Ramo de atuação', FIS_CAD, ['PERM_FIGURA_FISCAL_ACESSO'], menu),
  r('/ncm', 'NCM', FIS_CAD, ['PERM_NCM_ACESSO'], menu),
  r('/ncm/:ncm', 'Edição de NCM', FIS_CAD, ['PERM_NCM_ACESSO']),
  r('/gruponcm', 'Cadastro de grupo de NCM', FIS_CAD, ['PERM_NCM_ACESSO']),
  r('/gruponcm/:gruponcm', 'Edição de grupo de NCM', FIS_CAD, ['PERM_NCM_ACESSO']),
  r(
    '/inconsistenciasTributarias',
    'Inconsistências tributárias',
    FIS_TRI,
    ['PERM_LOTE_INCONSISTENCIA_PRODUTO_ACESSO'],
    menu,
  ),
  r('/inconsistenciasTributarias/cadastroInconsistencias', 'Cadastro de inconsistências', FIS_TRI, [
    'PERM_LOTE_INCONSISTENCIA_PRODUTO_ACESSO',
  ]),
  r('/inconsistenciasTributarias/finalizacaoInconsitencias', 'Finalização de inconsistências', FIS_TRI, [
    'PERM_LOTE_INCONSISTENCIA_PRODUTO_ACESSO',
  ]),
  r(
    '/monitoramentoDocumentos',
    'Documentos eletrônicos',
    FIS_MON,
    ['PERM_MONITORAMENTO_DOCUMENTO_ELETRONICO_ACESSO'],
    menu,
  ),
  r('/monitoramentoDocumentos/informacoesCupom', 'Informações do cupom', FIS_MON, [
    'PERM_MONITORAMENTO_DOCUMENTO_ELETRONICO_ACESSO',
  ]),
  // Frente de loja
  r(
    '/frenteDeLoja/mensagensPromocionais',
    'Mensagens promocionais',
    FL_CAD,
    ['PERM_MENSAGENS_PROMOCIONAIS_ACESSO'],
    menu,
  ),
  r('/frenteDeLoja/inconsistenciaSubidaDeVendas', 'Subida de vendas', FL_MON, ['PERM_INCONSISTENCIA_ACESSO'], {
    ...menu,
    especial: subidaLegado,
  }),
  r(
    '/frenteDeLoja/inconsistenciaSubidaDeVendas/:codigo/transacoes',
    'Transações inconsistentes',
    FL_MON,
    ['PERM_INCONSISTENCIA_ACESSO'],
    { name: 'transacoesInconsistentes', especial: { ...subidaLegado, etapa: 'transacoes' } },
  ),
  r('/funcoesPDV', 'Funções PDV', ['Administrativo', 'Frente de loja'], ['PERM_FUNCOES_PDV_ACESSO'], menu),
  r(
    '/funcoesPDV/editarAcesso/:id?',
    'Cadastro de Funções PDV',
    ['Administrativo', 'Frente de loja'],
    ['PERM_FUNCOES_PDV_ACESSO'],
  ),
  r('/cadastroDeDispositivo', 'Cadastro de dispositivo', FL_CAD, ['PERM_CADASTRO_DISPOSITIVO_ACESSO'], menu),
  // Estoque
  r('/estoque/extrato-estoque', 'Extrato de estoque', EST_REL, ['PERM_RELATORIO_EXTRATO_ESTOQUE_ACESSO'], {
    ...menu,
    tipoCliente: 'BOTICARIO',
    especial: {
      tipo: 'legado',
      r: '/relatorioExtratoEstoque/index',
      permissao: 'PERM_RELATORIO_EXTRATO_ESTOQUE_ACESSO',
    },
  }),
  r(
    '/estoque/extrato-movimentacoes',
    'Extrato de movimentações',
    EST_REL,
    ['PERM_RELATORIO_EXTRATO_MOVIMENTACOES'],
    menu,
  ),
  r('/estoque/tipo-ajuste', 'Tipo de ajuste', EST_CAD, ['PERM_TIPO_DE_AJUSTE_ACESSO'], menu),
  r('/estoque/motivo-requisicao', 'Motivo de requisição', EST_MOV, ['PERM_MOTIVO_REQUISICAO_ACESSO'], menu),
  r('/estoque/auditoria-precos', 'Auditoria de preços', EST_MOV, ['PERM_AUDITORIA_SIZI_ACESSO'], menu),
  r('/estoque/local-estoque', 'Local de estoque', EST_CAD, ['PERM_LOCAL_ACESSO'], menu),
  r('/setorProducao', 'Setor de produção', EST_CAD, ['PERM_SETOR_PRODUCAO_ACESSO'], menu),
  r('/inventario', 'Inventário', EST_MOV, INV, { ...menu, especial: inventarioLegado }),
  r('/cadastroInventario', 'Cadastro de inventário', EST_MOV, ['PERM_INVENTARIO_INCLUIR'], {
    especial: { ...inventarioLegado, etapa: 'cadastro' },
  }),
  r('/inventario/:id', 'Contagem de inventário', EST_MOV, INV, { especial: inventarioLegado }),
  r('/inventario/:id/finalizar', 'Finalização de inventário', EST_MOV, INV, {
    especial: { ...inventarioLegado, etapa: 'finalizar' },
  }),
  // Produto
  r('/mix', 'Mix', PRO_CAD, ['PERM_MIX_ACESSO'], menu),
  r('/mix/cadastro/:id?', 'Cadastro de mix', PRO_CAD, ['PERM_MIX_EDITAR', 'PERM_MIX_INCLUIR']),
  r('/unidadesMedida', 'Unidades de medida', PRO_CAD, ['PERM_UNIDADE_ACESSO'], menu),
  r('/familiaProdutos', 'Família de produtos', PRO_CAD, ['PERM_FAMILIA_PRODUTO_ACESSO'], menu),
  r('/familiaProdutos/cadastro/:id?', 'Cadastro de família de produtos', PRO_CAD, ['PERM_FAMILIA_PRODUTO_ACESSO']),
  r('/marcasProduto', 'Marcas', PRO_CAD, ['PERM_MARCA_ACESSO'], menu),
  r('/tiposCaracteristicas', 'Tipos de características', PRO_CAD, ['PERM_CARACTERISTICA_ACESSO'], menu),
  r('/tiposAplicacao', 'Tipos de aplicação', PRO_CAD, ['PERM_APLICACAO_ACESSO'], menu),
  r('/similares', 'Similares', PRO_CAD, ['PERM_CADASTRO_SIMILARES_ACESSO'], menu),
  r('/similares/cadastro/:id?', 'Cadastro de similares', PRO_CAD, [
    'PERM_CADASTRO_SIMILARES_EDITAR',
    'PERM_CADASTRO_SIMILARES_INCLUIR',
  ]),
  // Venda
  r(
    '/motivoTrocaDevolucao',
    'Motivo de troca e devolução',
    ['Venda', 'Trocas e devoluções'],
    ['PERM_MOTIVO_DEVOLUCAO_ACESSO'],
    menu,
  ),
  r(
    '/monitoramentoDePedido',
    'Monitoramento de pedidos',
    ['Venda', 'Vendas externas'],
    ['PERM_PEDIDO_VENDA_ACESSO'],
    menu,
  ),
  r(
    '/monitoramentoDePedido/detalhesPedidoVenda/:id',
    'Detalhes do pedido de venda',
    ['Venda', 'Vendas externas'],
    ['PERM_PEDIDO_VENDA_ACESSO'],
  ),
  // Compras
  r(
    '/acordosComerciais/monitoramento',
    'Monitoramento de acordos',
    COM_ACO,
    ['PERM_MONITORAMENTO_ACORDO_COMERCIAL_ACESSO'],
    menu,
  ),
  r('/acordosComerciais/cadastroAcordosComerciais/:id?', 'Cadastro de acordo comercial', COM_ACO, [
    'PERM_MONITORAMENTO_ACORDO_COMERCIAL_INCLUIR',
  ]),
  r('/acordosComerciais/tiposDeAcordo', 'Tipos de acordo', COM_ACO, ['PERM_TIPO_ACORDO_COMERCIAL_ACESSO'], menu),
  r('/acordosComerciais/tiposDeAcordo/cadastro/:id?', 'Cadastro de tipo de acordo', COM_ACO, [
    'PERM_TIPO_ACORDO_COMERCIAL_ACESSO',
  ]),
  r(
    '/layoutImportacaoPedidoCompra',
    'Layout de importação de pedido de compra',
    ['Compras', 'Cadastro'],
    ['PERM_LAYOUT_IMPORTACAO_COMPRA_ACESSO'],
    menu,
  ),
  // Pessoa
  r('/pessoa/fornecedor', 'Fornecedor', PES_CAD, ['PERM_FORNECEDOR_ACESSO'], menu),
  r('/pessoa/fornecedor/cadastro/:id?', 'Cadastro de fornecedor', PES_CAD, [
    'PERM_FORNECEDOR_INCLUIR',
    'PERM_FORNECEDOR_EDITAR',
  ]),
  r('/pessoa/contador', 'Contador', PES_TER, ['PERM_CONTADOR_ACESSO'], menu),
  r('/pessoa/contador/cadastro', 'Cadastro de contador', PES_TER, ['PERM_CONTADOR_INCLUIR'], {
    name: 'contadorCadastro',
  }),
  r('/condutor', 'Condutor', PES_TER, ['PERM_CONDUTOR_ACESSO'], menu),
  r('/setores', 'Setores', PES_CAD, ['PERM_SETOR_ACESSO'], menu),
  r('/ramoCliente', 'Ramo de cliente', PES_GES, ['PERM_RAMO_ACESSO'], menu),
  r('/statusCliente', 'Status', PES_GES, ['PERM_STATUS_ACESSO'], menu),
  r('/holding', 'Holding', PES_CAD, ['PERM_HOLDING_ACESSO'], menu),
  // Administrativo
  r('/gruposUsuarios', 'Grupos e usuários', ADM_CAD, ['PERM_NOVO_USUARIOS_E_GRUPOS_ACESSO'], {
    ...menu,
    especial: { tipo: 'gruposUsuarios' },
  }),
  r('/gruposUsuario/cadastro/:id?', 'Cadastro de usuário', [...ADM_CAD, 'Grupos e usuários'], [], {
    name: 'usuariocadastro',
    especial: { tipo: 'usuarioProprio' },
  }),
  r('/gruposUsuario/grupos/cadastro/:id?', 'Cadastro de grupo', [...ADM_CAD, 'Grupos e usuários'], [], {
    name: 'grupocadastro',
    admin: true,
  }),
  r('/atualizacao', 'Atualização do sistema', ['Administrativo', 'Sistema'], [], { ...menu, admin: true }),
  // No permission needed
  r('/requerimentosAplicacao', 'Requerimentos da aplicação', ['Ajuda'], []),
  r('/notificacoes', 'Notificações', [], []),
  r('/dashboards', 'Dashboards', [], [], menu),
  r('/dashboards/cadastro/:id?', 'Cadastro de dashboard', ['Dashboards'], []),
  r('/dashboards/detalhes/:id', 'Detalhes do dashboard', ['Dashboards'], []),
  r('/dashboards/indicadores/:id', 'Adicionar indicador', ['Dashboards'], []),
];

/**
 * Routes of new screens and commands that the spec does not name: screens of registers its
 * route table leaves out (produto and its hierarchy, clientes, funcionários, lojas, editing a
 * contador, formas de pagamento) and administration screens (learning resources, integration
 * keys). Their permission bases go in the catalogue (permissions.ts) like the spec's. Kept
 * apart so the spec test still proves §2.2/§2.4 exactly.
 */
export const ROTAS_EXTRAS: readonly RotaDef[] = [
  r('/produto', 'Produto', PRO_CAD, ['PERM_PRODUTO_ACESSO'], menu),
  r('/produto/cadastro/:id?', 'Cadastro de produto', PRO_CAD, ['PERM_PRODUTO_INCLUIR', 'PERM_PRODUTO_EDITAR']),
  r('/secoes', 'Seções, grupos e subgrupos', PRO_CAD, ['PERM_SECAO_ACESSO'], menu),
  r('/pessoa/clientes', 'Clientes', PES_GES, ['PERM_CLIENTE_ACESSO'], menu),
  r('/pessoa/funcionarios', 'Funcionários', PES_CAD, ['PERM_FUNCIONARIO_ACESSO'], menu),
  r('/pessoa/contador/cadastro/:id', 'Cadastro de contador', PES_TER, ['PERM_CONTADOR_EDITAR']),
  r('/lojas', 'Lojas', ADM_CAD, [], { ...menu, admin: true }),
  r('/financeiro/formas-pagamento', 'Formas de pagamento', FIN_CAD, ['PERM_FORMA_PAGAMENTO_ACESSO'], menu),
  // the bank ledger (entries, transfers, reversals) and the reconciliation rules (Financeiro > Tesouraria)
  r('/financeiro/lancamentos', 'Lançamentos bancários', FIN_TES, ['PERM_LANCAMENTO_BANCARIO_ACESSO'], menu),
  r('/financeiro/regras-conciliacao', 'Regras de conciliação', FIN_TES, ['PERM_REGRA_CONCILIACAO_ACESSO'], menu),
  // the POS drawers of a store's day (cash operations uploaded by the POS: quebra de caixa)
  r('/frenteDeLoja/caixas', 'Caixas do PDV', FL_MON, ['PERM_VENDA_PDV_ACESSO'], menu),
  r('/estoque/ajustes', 'Ajustes de estoque', EST_MOV, ['PERM_AJUSTE_ESTOQUE_ACESSO'], menu),
  r('/estoque/parametros', 'Parâmetros de estoque', EST_CAD, ['PERM_FECHAMENTO_ESTOQUE_ACESSO'], menu),
  r('/estoque/transferencias', 'Transferências', EST_MOV, ['PERM_TRANSFERENCIA_ESTOQUE_ACESSO'], menu),
  r('/estoque/requisicoes', 'Requisições', EST_MOV, ['PERM_REQUISICAO_ESTOQUE_ACESSO'], menu),
  // a legacy screen: UI robots (api-compat C12) reach it in /vf through iframe#legadoFrame
  r('/estoque/saldo-estoque', 'Saldo de estoque', EST_REL, ['PERM_RELATORIO_SALDO_ESTOQUE_ACESSO'], {
    ...menu,
    especial: { tipo: 'legado', r: '/relatorioSaldoEstoque/index', permissao: 'PERM_RELATORIO_SALDO_ESTOQUE_ACESSO' },
  }),
  r('/compras/notas-fiscais', 'Notas fiscais de compra', COM_MOV, ['PERM_NOTA_FISCAL_COMPRA_ACESSO'], menu),
  r('/compras/conferencias', 'Conferências de compra', COM_MOV, ['PERM_CONFERENCIA_COMPRA_ACESSO'], menu),
  // reached from the cenários fiscais list (not in the menu)
  r('/fiscal/cenarios-fiscais/simular', 'Simular cenário fiscal', FIS_TRI, ['PERM_CENARIOS_FISCAIS_ACESSO']),
  r('/fiscal/cenarios-fiscais/cobertura', 'Cobertura dos cenários fiscais', FIS_TRI, ['PERM_CENARIOS_FISCAIS_ACESSO']),
  // administration (administrators only)
  r('/recursosAprendizagem', 'Recursos de aprendizagem', ['Administrativo', 'Sistema'], [], { ...menu, admin: true }),
  r('/chavesIntegracao', 'Chaves de integração', ['Administrativo', 'Sistema'], [], { ...menu, admin: true }),
  // the demo tenants' bigger stock history (#27.16): the menu's flag is on only in a demo tenant (elsewhere the
  // URL opens the screen and the server refuses the start, 403 in Portuguese)
  r('/historicoDemonstracao', 'Histórico de demonstração', ['Administrativo', 'Sistema'], [], {
    ...menu,
    admin: true,
    featureFlag: 'demonstracao',
  }),
];

export const ROTAS: readonly RotaDef[] = [...ROTAS_RAIZ, ...ROTAS_AREAS, ...ROTAS_EXTRAS];

/** Other spellings of a route that lead to it (the spec's path stays the one shown and linked). */
export const ROTAS_APELIDOS: Readonly<Record<string, string>> = {
  '/inconsistenciasTributarias/finalizacaoInconsistencias': '/inconsistenciasTributarias/finalizacaoInconsitencias',
};
