/** The plataforma area's screens (versions, notifications and the demo history), taken by the shell's route table. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasPlataforma: TelasDaArea = {
  telas: {
    '/atualizacao': () => import('./atualizacao/AtualizacaoPage').then((m) => m.AtualizacaoPage),
    '/notificacoes': () => import('./NotificacoesPage').then((m) => m.NotificacoesPage),
    '/historicoDemonstracao': () =>
      import('./historico-demo/HistoricoDemonstracaoPage').then((m) => m.HistoricoDemonstracaoPage),
  },
};
