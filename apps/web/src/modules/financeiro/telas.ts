/** The financeiro area's screens (payment plans), taken by the shell's route table. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasFinanceiro: TelasDaArea = {
  telas: {
    '/planoPagamento': () => import('./plano-pagamento/PlanosPagamentoPage').then((m) => m.PlanosPagamentoPage),
    '/planoPagamento/cadastro/:id?/:operacao?': () =>
      import('./plano-pagamento/PlanoPagamentoCadastroPage').then((m) => m.PlanoPagamentoCadastroPage),
  },
};
