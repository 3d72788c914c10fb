/** Estoque: the rules of its registers (inventory counting and stock movements come here). */
import type { AreaPlugin } from '../area';
import { garantirParticoes } from '../../ledger/particoes';
import { ajusteLoteRoutes } from './ajuste-lote.routes';
import { configuracaoRoutes } from './configuracao.routes';
import { estoqueRoutes } from './estoque.routes';
import { extratoRoutes } from './extrato.routes';
import { fechamentoRoutes } from './fechamento.routes';
import { inventarioRoutes } from './inventario.routes';
import { localEstoqueHooks } from './local-estoque.hooks';
import { setorProducaoHooks } from './setor-producao.hooks';
import { tipoAjusteHooks } from './tipo-ajuste.hooks';
import { relatoriosEstoqueRoutes } from './relatorios';
import { requisicaoRoutes } from './requisicao.routes';
import { transferenciaRoutes } from './transferencia.routes';

/** The area's public entry for the seeds and other areas: posting to the stock ledger. */
export { type Lancamento, lancarMovimentos, type MovimentoALancar } from './lancamento';
/** The inventory commands, for the demo seed (run through executarWorkflow like any caller outside HTTP). */
export {
  contarItemInventario,
  finalizarInventario,
  incluirInventario,
  iniciarContagemInventario,
} from './inventario.workflow';
export const estoque: AreaPlugin = async (app, { db, hooks }) => {
  hooks.add(localEstoqueHooks, setorProducaoHooks, tipoAjusteHooks);
  await app.register(fechamentoRoutes, { db });
  await app.register(configuracaoRoutes, { db });
  await app.register(estoqueRoutes, { db });
  await app.register(ajusteLoteRoutes, { db });
  await app.register(extratoRoutes, { db });
  await app.register(relatoriosEstoqueRoutes, { db });
  await app.register(transferenciaRoutes, { db });
  await app.register(inventarioRoutes, { db });
  await app.register(requisicaoRoutes, { db });
  // the stock ledger's monthly partitions ahead (ledger/particoes.ts)
  await garantirParticoes(db, 'app_estoque_particoes', (m) => app.log.info(m));
};
