/** The financeiro area's screens: payment plans, OFX import, the bank ledger, the reconciliation and its rules. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasFinanceiro: TelasDaArea = {
  telas: {
    '/planoPagamento': () => import('./plano-pagamento/PlanosPagamentoPage').then((m) => m.PlanosPagamentoPage),
    '/planoPagamento/cadastro/:id?/:operacao?': () =>
      import('./plano-pagamento/PlanoPagamentoCadastroPage').then((m) => m.PlanoPagamentoCadastroPage),
    '/manutencaoOfx': () => import('./ofx/ManutencaoOfxPage').then((m) => m.ManutencaoOfxPage),
    '/conciliacaoContaCorrente': () =>
      import('./conciliacao/PainelConciliacaoPage').then((m) => m.PainelConciliacaoPage),
    '/conciliacaoContaCorrente/conciliar': () => import('./conciliacao/ConciliarPage').then((m) => m.ConciliarPage),
    '/financeiro/lancamentos': () => import('./lancamentos/LancamentosPage').then((m) => m.LancamentosPage),
    '/financeiro/regras-conciliacao': () =>
      import('./regras/RegrasConciliacaoPage').then((m) => m.RegrasConciliacaoPage),
  },
  legadas: [],
};
