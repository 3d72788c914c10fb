/** Venda: the rules of its registers (orders come here). */
import type { AreaPlugin } from '../area';
import { motivoTrocaDevolucaoHooks } from './motivo-troca-devolucao.hooks';

export const venda: AreaPlugin = async (_app, { hooks }) => {
  hooks.add(motivoTrocaDevolucaoHooks);
};
