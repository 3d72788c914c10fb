/** Financeiro: the rules of its registers (the treasury workflows come here). */
import type { AreaPlugin } from '../area';
import { agenteFinanceiroHooks } from './agente-financeiro.hooks';
import { contaCorrenteHooks } from './conta-corrente.hooks';
import { formaPagamentoHooks } from './forma-pagamento.hooks';
import { historicoPadraoHooks } from './historico-padrao.hooks';
import { motivoCancelamentoHooks } from './motivo-cancelamento.hooks';

export const financeiro: AreaPlugin = async (_app, { hooks }) => {
  hooks.add(
    agenteFinanceiroHooks,
    contaCorrenteHooks,
    formaPagamentoHooks,
    historicoPadraoHooks,
    motivoCancelamentoHooks,
  );
};
