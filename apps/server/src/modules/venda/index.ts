/** Venda: the rules of its registers and the sales orders (pedido.routes.ts). */
import type { AreaPlugin } from '../area';
import { motivoTrocaDevolucaoHooks } from './motivo-troca-devolucao.hooks';
import { pedidoRoutes } from './pedido.routes';
import { pdvVendasRoutes } from './pdv-vendas.routes';

/** The area's public entry for the seeds: an order's stock reservation and invoicing. */
export { faturar, reservar } from './pedido.estoque';
/** …and the POS sales upload, which the demo runs as each store's terminal. */
export { receberVendasPdv } from './pdv-vendas.workflow';
/** …and its cash operations (the demo's drawers). */
export { receberOperacoesCaixa } from './pdv-caixa.workflow';

export const venda: AreaPlugin = async (app, { hooks, db }) => {
  hooks.add(motivoTrocaDevolucaoHooks);
  await app.register(pedidoRoutes, { db });
  await app.register(pdvVendasRoutes, { db });
};
