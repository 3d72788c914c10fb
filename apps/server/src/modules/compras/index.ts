/** Compras: purchase invoices (NF-e XML or typed) and their conferência (compras.routes.ts). */
import type { AreaPlugin } from '../area';
import { comprasRoutes } from './compras.routes';

export { lerNotaCompra, NOTA_COLUNAS, notasFrom } from './nota.consulta';

export const compras: AreaPlugin = async (app, { db }) => {
  await app.register(comprasRoutes, { db });
};
export { compraLegadoRoutes } from './legado.routes';
/** The area's public entry for the seeds: an invoice's stock entry. */
export { darEntrada, lerParaEntrada } from './nota.passos';
