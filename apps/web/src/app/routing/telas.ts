/**
 * Screens per route path. A route without a screen yet renders the shared 'Em construção'
 * page; later issues add their screens here. Register screens are looked up only when a
 * route is opened, so the register definitions stay out of the login bundle.
 */
import type { Importador } from './carregar';

export const TELAS: Record<string, Importador> = {
  '/': () => import('../../pages/PainelPage').then((m) => m.PainelPage),
  '/vf': () => import('../../pages/VfPage').then((m) => m.VfPage),
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
  '/requerimentosAplicacao': () => import('../../pages/RequerimentosPage').then((m) => m.RequerimentosPage),
  '/recursosAprendizagem': () =>
    import('../../modules/plataforma/aprendizagem/RecursosAprendizagemPage').then((m) => m.RecursosAprendizagemPage),
};

export const emConstrucao: Importador = () => import('../../pages/EmConstrucaoPage').then((m) => m.EmConstrucaoPage);

export function importadorDe(path: string): Importador {
  const fixa = TELAS[path];
  if (fixa) return fixa;
  return async () => {
    const { telasDosCadastros } = await import('../../registers/telas');
    return (telasDosCadastros()[path] ?? emConstrucao)();
  };
}
