/** The painel area's screens (the home screen and the dashboards), taken by the shell's route table. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasPainel: TelasDaArea = {
  telas: {
    '/': () => import('./PainelPage').then((m) => m.PainelPage),
    '/dashboards': () => import('./dashboards/DashboardsPage').then((m) => m.DashboardsPage),
    '/dashboards/cadastro/:id?': () =>
      import('./dashboards/DashboardCadastroPage').then((m) => m.DashboardCadastroPage),
    '/dashboards/detalhes/:id': () => import('./dashboards/DashboardDetalhesPage').then((m) => m.DashboardDetalhesPage),
    '/dashboards/indicadores/:id': () => import('./dashboards/IndicadorPage').then((m) => m.IndicadorPage),
  },
};
