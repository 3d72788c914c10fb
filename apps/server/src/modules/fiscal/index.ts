/** Fiscal: the official tables (NCM, CEST, natureza da receita…) and the rules of the fiscal registers. */
import type { AreaPlugin } from '../area';
import { cenarioCoberturaRoutes } from './cenario-cobertura.routes';
import { cenarioFiscalNcmHooks, cenarioFiscalOperacaoHooks } from './cenario-fiscal.hooks';
import './cenario-recontagem'; // declares the recount job and its sweep (FISCAL_RECONTAGEM_VARREDURA_S)
import { codigosOficiaisRoutes } from './codigos-oficiais.routes';
import { cenarioSimulacaoRoutes } from './cenario-simulacao.routes';
import { grupoNcmHooks } from './grupo-ncm.hooks';
import { inconsistenciasRoutes } from './inconsistencias.routes';
import { naturezaPisCofinsHooks } from './natureza-pis-cofins.hooks';
import { nfceRoutes } from './nfce.routes';
import { ncmHooks } from './ncm.hooks';
import { nfceSefazRoutes } from './nfce-sefaz.routes';
import { processoJudicialHooks } from './processo-judicial.hooks';
import { situacaoFiscalHooks } from './situacao-fiscal.hooks';
import { tabelasOficiaisRoutes } from './tabelas-oficiais.routes';

/** The area's public entry for the seeds: the fiscal scenarios' coverage, recounted. */
export { gravarCobertura } from './cenario-recontagem';
/** The tax rules the engine chooses from, for other areas' documents (the POS sales upload). */
export { gruposDosNcms, regrasNcm, regrasOperacao } from './cenario-simulacao.regras';
/** The demo's stores connected to the local SEFAZ simulator (seed, when the server runs one). */
export { ligarLojasAoSimuladorSefaz } from './nfce-simulador.demo';
export const fiscal: AreaPlugin = async (app, { db, hooks }) => {
  hooks.add(situacaoFiscalHooks, naturezaPisCofinsHooks, ncmHooks, grupoNcmHooks, processoJudicialHooks);
  hooks.add(cenarioFiscalNcmHooks, cenarioFiscalOperacaoHooks);
  await app.register(tabelasOficiaisRoutes, { db });
  await app.register(codigosOficiaisRoutes, { db });
  await app.register(cenarioSimulacaoRoutes, { db });
  await app.register(cenarioCoberturaRoutes, { db });
  await app.register(inconsistenciasRoutes, { db });
  await app.register(nfceRoutes, { db });
  await app.register(nfceSefazRoutes, { db });
};
