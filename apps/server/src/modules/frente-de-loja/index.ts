/** Frente de loja: the rules of its registers, device registration and the POS change feed. */
import type { AreaPlugin } from '../area';
import { dispositivosRoutes } from './dispositivos.routes';
import { mensagemPromocionalHooks } from './mensagem-promocional.hooks';

export const frenteDeLoja: AreaPlugin = async (app, { db, hooks }) => {
  hooks.add(mensagemPromocionalHooks);
  await app.register(dispositivosRoutes, { db });
};
