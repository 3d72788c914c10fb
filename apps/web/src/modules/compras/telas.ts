/** The compras area's screens: purchase invoices (NF-e XML entry, confirmation) and their conferências. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasCompras: TelasDaArea = {
  telas: {
    '/compras/notas-fiscais': () => import('./NotasFiscaisPage').then((m) => m.NotasFiscaisPage),
    '/compras/conferencias': () => import('./ConferenciasPage').then((m) => m.ConferenciasPage),
  },
};
