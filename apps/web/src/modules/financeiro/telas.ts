/** The financeiro area's treasury screens: OFX import, the bank ledger and the reconciliation. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasFinanceiro: TelasDaArea = {
  telas: {
    '/manutencaoOfx': () => import('./ofx/ManutencaoOfxPage').then((m) => m.ManutencaoOfxPage),
    '/conciliacaoContaCorrente': () =>
      import('./conciliacao/PainelConciliacaoPage').then((m) => m.PainelConciliacaoPage),
    '/conciliacaoContaCorrente/conciliar': () => import('./conciliacao/ConciliarPage').then((m) => m.ConciliarPage),
    '/financeiro/lancamentos': () => import('./lancamentos/LancamentosPage').then((m) => m.LancamentosPage),
  },
  legadas: [],
};
