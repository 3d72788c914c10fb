/** The frente de loja area's screens, taken by the shell's route table, and what /vf still hosts. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasFrenteDeLoja: TelasDaArea = {
  telas: {
    '/cadastroDeDispositivo': () => import('./DispositivosPage').then((m) => m.DispositivosPage),
    '/funcoesPDV': () => import('./FuncoesPdvPage').then((m) => m.FuncoesPdvPage),
    '/funcoesPDV/editarAcesso/:id?': () => import('./EditarFuncoesPdvPage').then((m) => m.EditarFuncoesPdvPage),
    '/frenteDeLoja/inconsistenciaSubidaDeVendas': () =>
      import('./InconsistenciaSubidaVendasPage').then((m) => m.InconsistenciaSubidaVendasPage),
    '/frenteDeLoja/inconsistenciaSubidaDeVendas/:codigo/transacoes': () =>
      import('./TransacoesSubidaPage').then((m) => m.TransacoesSubidaPage),
    '/frenteDeLoja/caixas': () => import('./CaixasPdvPage').then((m) => m.CaixasPdvPage),
  },
  // the screens the spec sends to /vf today (§2.4); their issues build the screens behind these routes
  legadas: [
    ['/inconsistencia/index', '/frenteDeLoja/inconsistenciaSubidaDeVendas'],
    ['/inconsistencia/index?etapa=transacoes', '/frenteDeLoja/inconsistenciaSubidaDeVendas/:codigo/transacoes'],
  ],
};
