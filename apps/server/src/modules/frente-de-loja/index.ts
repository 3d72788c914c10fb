/** Frente de loja: the rules of its registers (POS sales come here). */
import type { AreaPlugin } from '../area';
import { mensagemPromocionalHooks } from './mensagem-promocional.hooks';

export const frenteDeLoja: AreaPlugin = async (_app, { hooks }) => {
  hooks.add(mensagemPromocionalHooks);
};
