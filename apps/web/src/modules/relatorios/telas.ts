/** The relatorios area's screens (the report viewer), taken by the shell's route table. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasRelatorios: TelasDaArea = {
  telas: {
    '/visualizacao-relatorio/:blob': () =>
      import('./VisualizacaoRelatorioPage').then((m) => m.VisualizacaoRelatorioPage),
  },
};
