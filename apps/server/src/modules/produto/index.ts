/** Produto: the lookup by code and the rules of the product registers. */
import type { AreaPlugin } from '../area';
import { codigoAuxiliarHooks } from './codigo-auxiliar.hooks';
import { resolucaoCodigosRoutes } from './codigos.routes';
import { coletorRoutes } from './coletor.routes';
import { etiquetasRoutes } from './etiquetas.workflow';
import { consultaProdutoRoutes } from './consulta.routes';
import { familiaProdutoHooks } from './familia-produto.hooks';
import { grupoProdutoHooks } from './grupo-produto.hooks';
import { produtoHooks } from './produto.hooks';
import { resumoListaRoutes } from './resumo-lista.routes';
import { similarHooks } from './similar.hooks';
import { unidadesPorUsoRoutes } from './unidades-uso.routes';

/** Set-based code resolution for any area (item grid, collector files, POS ingest, counts, NF-e entry). */
export { resolverCodigos } from './codigos.resolver';
/** The one reading of collector files (the grid's and the inventory's import). */
export { lerArquivoDeColetor } from './coletor.routes';
/** The products of an item-line document (ids and codes) for the domain's line validator. */
export { MAX_FALHAS_LINHAS, produtosDasLinhas, validarLinhasDoDocumento } from './linhas';

export const produto: AreaPlugin = async (app, { db, hooks }) => {
  hooks.add(produtoHooks, codigoAuxiliarHooks, familiaProdutoHooks, similarHooks, grupoProdutoHooks);
  await app.register(consultaProdutoRoutes, { db });
  await app.register(unidadesPorUsoRoutes, { db });
  await app.register(resumoListaRoutes, { db });
  await app.register(resolucaoCodigosRoutes, { db });
  await app.register(coletorRoutes, { db });
  await app.register(etiquetasRoutes, { db });
};
