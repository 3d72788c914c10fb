/** Painel: the dashboards over the sales, stock and operational aggregates (dashboard.routes.ts). */
import type { AreaPlugin } from '../area';
import { dashboardRoutes } from './dashboard.routes';

export const painel: AreaPlugin = async (app, { db }) => {
  await app.register(dashboardRoutes, { db });
};
