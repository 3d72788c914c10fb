/** The compras area's screens: purchase invoices (NF-e XML entry, confirmation), their conferências, and commercial agreements. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasCompras: TelasDaArea = {
  telas: {
    '/compras/notas-fiscais': () => import('./NotasFiscaisPage').then((m) => m.NotasFiscaisPage),
    '/compras/conferencias': () => import('./ConferenciasPage').then((m) => m.ConferenciasPage),
    '/acordosComerciais/monitoramento': () =>
      import('./acordos/MonitoramentoAcordosPage').then((m) => m.MonitoramentoAcordosPage),
    '/acordosComerciais/cadastroAcordosComerciais/:id?': () =>
      import('./acordos/AcordoCadastroPage').then((m) => m.AcordoCadastroPage),
  },
};
