/** Relatórios: business reports (register lists, record history) generated in the background as PDF or XLSX. */
import type { AreaPlugin } from '../area';
import { historicoRoutes } from './historico.routes';
import { relatoriosRoutes } from './relatorios.routes';

export const relatorios: AreaPlugin = async (app, { db }) => {
  await app.register(relatoriosRoutes, { db });
  await app.register(historicoRoutes, { db });
};
