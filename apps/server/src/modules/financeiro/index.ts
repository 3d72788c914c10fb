/** Financeiro: the rules of its registers, the plans a POS may offer and the treasury (bank ledger, statements, reconciliation). */
import { garantirParticoes } from '../../ledger/particoes';
import type { AreaPlugin } from '../area';
import { agenteFinanceiroHooks } from './agente-financeiro.hooks';
import { conciliacaoRoutes } from './conciliacao.routes';
import { contaCorrenteHooks } from './conta-corrente.hooks';
import { extratoRoutes } from './extrato.routes';
import { formaPagamentoHooks } from './forma-pagamento.hooks';
import { historicoPadraoHooks } from './historico-padrao.hooks';
import { lancamentoRoutes } from './lancamento.routes';
import { motivoCancelamentoHooks } from './motivo-cancelamento.hooks';
import { condicaoPagamentoLojaHooks, planoPagamentoHooks } from './plano-pagamento.hooks';
import { planoPagamentoRoutes } from './plano-pagamento.routes';
import { regraConciliacaoRoutes } from './regra-conciliacao.routes';

/** The area's public entry for the seeds and other areas: posting to the bank ledger. */
export { type EntradaDoRazao, lancarNoBanco } from './razao-bancario';
export { hashesDasIdentidades } from './extrato.passos';

export const financeiro: AreaPlugin = async (app, { db, hooks }) => {
  hooks.add(
    agenteFinanceiroHooks,
    contaCorrenteHooks,
    formaPagamentoHooks,
    historicoPadraoHooks,
    motivoCancelamentoHooks,
    planoPagamentoHooks,
    condicaoPagamentoLojaHooks,
  );
  await app.register(planoPagamentoRoutes, { db });
  await app.register(lancamentoRoutes, { db });
  await app.register(extratoRoutes, { db });
  await app.register(conciliacaoRoutes, { db });
  await app.register(regraConciliacaoRoutes, { db });
  // the bank ledger's monthly partitions ahead (ledger/particoes.ts)
  await garantirParticoes(db, 'app_banco_particoes', (m) => app.log.info(m));
};
