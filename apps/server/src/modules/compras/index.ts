/** Compras: purchase invoices (NF-e XML or typed) and their conferência (compras.routes.ts); commercial agreements (acordo.routes.ts). */
import type { AreaPlugin } from '../area';
import { acordoRoutes } from './acordo.routes';
import { comprasRoutes } from './compras.routes';

export { lerNotaCompra, NOTA_COLUNAS, notasFrom } from './nota.consulta';

export const compras: AreaPlugin = async (app, { db }) => {
  await app.register(comprasRoutes, { db });
  await app.register(acordoRoutes, { db });
};
export { compraLegadoRoutes } from './legado.routes';
/** The area's public entry for the seeds: an invoice's stock entry. */
export { darEntrada, lerParaEntrada } from './nota.passos';
/** The daily VENCIDO sweep (declared before the job engine starts: the app imports this index). */
export { agendaVencimentoAcordos, vencerAcordos } from './acordo.vencimento';
