/** Frente de loja: the rules of its registers, device registration and the POS change feed. */
import type { AreaPlugin } from '../area';
import { cargaRoutes } from './carga.routes';
// the change log's hourly pruning (a schedule registered on import)
export { agendaPodaDaCarga, podarCarga } from './carga.poda';
import { dispositivosRoutes } from './dispositivos.routes';
import { funcoesPdvRoutes } from './funcoes-pdv.routes';
import { mensagemPromocionalHooks } from './mensagem-promocional.hooks';

export { gravarMatriz } from './funcoes-pdv.workflow';

export const frenteDeLoja: AreaPlugin = async (app, { db, hooks }) => {
  hooks.add(mensagemPromocionalHooks);
  await app.register(dispositivosRoutes, { db });
  await app.register(funcoesPdvRoutes, { db });
  await app.register(cargaRoutes, { db });
};
