/** Produto: the lookup by code and the rules of the product registers. */
import type { AreaPlugin } from '../area';
import { codigoAuxiliarHooks } from './codigo-auxiliar.hooks';
import { consultaProdutoRoutes } from './consulta.routes';
import { familiaProdutoHooks } from './familia-produto.hooks';
import { grupoProdutoHooks } from './grupo-produto.hooks';
import { produtoHooks } from './produto.hooks';
import { resumoListaRoutes } from './resumo-lista.routes';
import { similarHooks } from './similar.hooks';
import { unidadesPorUsoRoutes } from './unidades-uso.routes';

export const produto: AreaPlugin = async (app, { db, hooks }) => {
  hooks.add(produtoHooks, codigoAuxiliarHooks, familiaProdutoHooks, similarHooks, grupoProdutoHooks);
  await app.register(consultaProdutoRoutes, { db });
  await app.register(unidadesPorUsoRoutes, { db });
  await app.register(resumoListaRoutes, { db });
};
