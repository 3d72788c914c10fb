/** The painel area's screens (the home screen), taken by the shell's route table. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasPainel: TelasDaArea = {
  telas: {
    '/': () => import('./PainelPage').then((m) => m.PainelPage),
  },
};
