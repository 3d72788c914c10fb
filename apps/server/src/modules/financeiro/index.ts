/** Financeiro: the rules of its registers and the plans a POS may offer (the treasury workflows come here). */
import type { AreaPlugin } from '../area';
import { agenteFinanceiroHooks } from './agente-financeiro.hooks';
import { contaCorrenteHooks } from './conta-corrente.hooks';
import { formaPagamentoHooks } from './forma-pagamento.hooks';
import { historicoPadraoHooks } from './historico-padrao.hooks';
import { motivoCancelamentoHooks } from './motivo-cancelamento.hooks';
import { condicaoPagamentoLojaHooks, planoPagamentoHooks } from './plano-pagamento.hooks';
import { planoPagamentoRoutes } from './plano-pagamento.routes';

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
};
