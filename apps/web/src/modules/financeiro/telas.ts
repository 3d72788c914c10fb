/** The financeiro area's treasury screens: OFX import and the bank ledger. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasFinanceiro: TelasDaArea = {
  telas: {
    '/manutencaoOfx': () => import('./ofx/ManutencaoOfxPage').then((m) => m.ManutencaoOfxPage),
    '/financeiro/lancamentos': () => import('./lancamentos/LancamentosPage').then((m) => m.LancamentosPage),
  },
  legadas: [],
};
