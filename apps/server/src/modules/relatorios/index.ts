/**
 * Relatórios, the report engine: reports generated in the background as PDF or XLSX (queue, job, store, routes,
 * PDF and XLSX writers) and its own kinds (register lists, record history). An area's reports (their content,
 * routes and generators) live in the area (modules/estoque/relatorios) and use the kit exported here.
 */
import type { AreaPlugin } from '../area';
import { historicoRoutes } from './historico.routes';
import { relatoriosRoutes } from './relatorios.routes';

export const relatorios: AreaPlugin = async (app, { db }) => {
  await app.register(relatoriosRoutes, { db });
  await app.register(historicoRoutes, { db });
};

export { registrarGerador } from './geradores';
export { cabecalhoDe } from './identificacao';
export { arquivo, LIMITE_LINHAS } from './lista-cadastro';
export { documentoPaisagem, renderizarPdf, type TableCell } from './pdf';
export {
  casasDaUnidade,
  diaComoData,
  FORMATO_CUSTO,
  FORMATO_DATA,
  FORMATO_DINHEIRO,
  formatoQuantidade,
  textoCusto,
  textoQuantidade,
} from './formatos';
export { type Celula, type ColunaPlanilha, type NumeroFormatado, numero, PlanilhaEmFluxo } from './planilha-em-fluxo';
export { FilaDeRelatorios, type Gerador, linkDoRelatorio } from './relatorios.fila';
export type { Relatorio } from './relatorios.store';
export { planilha } from './xlsx';
