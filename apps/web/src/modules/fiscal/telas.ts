/** The fiscal area's screens (NCM, tax scenarios, tax inconsistencies and the NFC-e monitor), taken by the shell's route table. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasFiscal: TelasDaArea = {
  telas: {
    // NCM and, on a tab, the NCM groups (/gruponcm is their create screen, spec §2.4)
    '/ncm': () => import('./NcmPage').then((m) => m.NcmPage),
    '/fiscal/cenarios-fiscais': () => import('./cenarios/lista/CenariosFiscaisPage').then((m) => m.CenariosFiscaisPage),
    '/fiscal/cenarios-fiscais/ncm/:id?': () => import('./cenarios/ncm/CenarioNcmPage').then((m) => m.CenarioNcmPage),
    '/fiscal/cenarios-fiscais/operacao/:id?': () =>
      import('./cenarios/operacao/CenarioOperacaoPage').then((m) => m.CenarioOperacaoPage),
    '/fiscal/cenarios-fiscais/simular': () => import('./cenarios/simulacao/SimulacaoPage').then((m) => m.SimulacaoPage),
    '/fiscal/cenarios-fiscais/cobertura': () =>
      import('./cenarios/cobertura/CoberturaPage').then((m) => m.CoberturaPage),
    '/inconsistenciasTributarias': () =>
      import('./inconsistencias/InconsistenciasPage').then((m) => m.InconsistenciasPage),
    '/inconsistenciasTributarias/cadastroInconsistencias': () =>
      import('./inconsistencias/CadastroInconsistenciasPage').then((m) => m.CadastroInconsistenciasPage),
    '/inconsistenciasTributarias/finalizacaoInconsitencias': () =>
      import('./inconsistencias/FinalizacaoInconsistenciasPage').then((m) => m.FinalizacaoInconsistenciasPage),
    '/monitoramentoDocumentos': () =>
      import('./nfce/MonitoramentoDocumentosPage').then((m) => m.MonitoramentoDocumentosPage),
    '/monitoramentoDocumentos/informacoesCupom': () =>
      import('./nfce/InformacoesCupomPage').then((m) => m.InformacoesCupomPage),
  },
};
