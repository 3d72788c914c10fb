/**
 * Screens per route path. A route without a screen yet renders the shared 'Em construção'
 * page until its screen is added here. Register screens are looked up only when a
 * route is opened, so the register definitions stay out of the login bundle.
 */
import { carregarChunk, type Importador } from '../../servicos/navegacao/carregar';

export const TELAS: Record<string, Importador> = {
  '/': () => import('../../modules/painel/PainelPage').then((m) => m.PainelPage),
  '/vf': () => import('./VfPage').then((m) => m.VfPage),
  '/atualizacao': () => import('../../modules/plataforma/atualizacao/AtualizacaoPage').then((m) => m.AtualizacaoPage),
  '/visualizacao-relatorio/:blob': () =>
    import('../../modules/relatorios/VisualizacaoRelatorioPage').then((m) => m.VisualizacaoRelatorioPage),
  '/notificacoes': () => import('../../modules/plataforma/NotificacoesPage').then((m) => m.NotificacoesPage),
  '/gruposUsuarios': () => import('../../modules/administrativo/GruposUsuariosPage').then((m) => m.GruposUsuariosPage),
  '/gruposUsuario/cadastro/:id?': () =>
    import('../../modules/administrativo/UsuarioCadastroPage').then((m) => m.UsuarioCadastroPage),
  '/gruposUsuario/grupos/cadastro/:id?': () =>
    import('../../modules/administrativo/GrupoCadastroPage').then((m) => m.GrupoCadastroPage),
  '/chavesIntegracao': () =>
    import('../../modules/administrativo/ChavesIntegracaoPage').then((m) => m.ChavesIntegracaoPage),
  '/historicoDemonstracao': () =>
    import('../../modules/plataforma/historico-demo/HistoricoDemonstracaoPage').then(
      (m) => m.HistoricoDemonstracaoPage,
    ),
  // NCM and, on a tab, the NCM groups (/gruponcm is their create screen, spec §2.4)
  '/ncm': () => import('../../modules/fiscal/NcmPage').then((m) => m.NcmPage),
  '/fiscal/cenarios-fiscais': () =>
    import('../../modules/fiscal/cenarios/lista/CenariosFiscaisPage').then((m) => m.CenariosFiscaisPage),
  '/fiscal/cenarios-fiscais/ncm/:id?': () =>
    import('../../modules/fiscal/cenarios/ncm/CenarioNcmPage').then((m) => m.CenarioNcmPage),
  '/fiscal/cenarios-fiscais/operacao/:id?': () =>
    import('../../modules/fiscal/cenarios/operacao/CenarioOperacaoPage').then((m) => m.CenarioOperacaoPage),
  '/fiscal/cenarios-fiscais/simular': () =>
    import('../../modules/fiscal/cenarios/simulacao/SimulacaoPage').then((m) => m.SimulacaoPage),
  '/fiscal/cenarios-fiscais/cobertura': () =>
    import('../../modules/fiscal/cenarios/cobertura/CoberturaPage').then((m) => m.CoberturaPage),
  '/inconsistenciasTributarias': () =>
    import('../../modules/fiscal/inconsistencias/InconsistenciasPage').then((m) => m.InconsistenciasPage),
  '/inconsistenciasTributarias/cadastroInconsistencias': () =>
    import('../../modules/fiscal/inconsistencias/CadastroInconsistenciasPage').then(
      (m) => m.CadastroInconsistenciasPage,
    ),
  '/inconsistenciasTributarias/finalizacaoInconsitencias': () =>
    import('../../modules/fiscal/inconsistencias/FinalizacaoInconsistenciasPage').then(
      (m) => m.FinalizacaoInconsistenciasPage,
    ),
  '/estoque/parametros': () =>
    import('../../modules/estoque/parametros/ParametrosEstoquePage').then((m) => m.ParametrosEstoquePage),
  '/estoque/ajustes': () => import('../../modules/estoque/ajustes/AjustesPage').then((m) => m.AjustesPage),
  '/estoque/transferencias': () =>
    import('../../modules/estoque/transferencias/TransferenciasPage').then((m) => m.TransferenciasPage),
  '/estoque/extrato-estoque': () =>
    import('../../modules/estoque/extrato/ExtratoEstoquePage').then((m) => m.ExtratoEstoquePage),
  '/estoque/extrato-movimentacoes': () =>
    import('../../modules/estoque/relatorios/ExtratoMovimentacoesPage').then((m) => m.ExtratoMovimentacoesPage),
  '/estoque/saldo-estoque': () =>
    import('../../modules/estoque/relatorios/SaldoEstoquePage').then((m) => m.SaldoEstoquePage),
  '/requerimentosAplicacao': () => import('../requerimentos/RequerimentosPage').then((m) => m.RequerimentosPage),
};

export const emConstrucao: Importador = () => import('../shell/EmConstrucaoPage').then((m) => m.EmConstrucaoPage);

export function importadorDe(path: string): Importador {
  const fixa = TELAS[path];
  if (fixa) return fixa;
  return async () => {
    const { telasDosCadastros } = await carregarChunk(() => import('../../registers/telas'));
    return (telasDosCadastros()[path] ?? emConstrucao)();
  };
}
