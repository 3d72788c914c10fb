/** Fiscal: the official tables (NCM, CEST, natureza da receita…) and the rules of the fiscal registers. */
import type { AreaPlugin } from '../area';
import { cenarioCoberturaRoutes } from './cenario-cobertura.routes';
import { cenarioFiscalNcmHooks, cenarioFiscalOperacaoHooks } from './cenario-fiscal.hooks';
import { iniciarVarredura } from './cenario-recontagem';
import { codigosOficiaisRoutes } from './codigos-oficiais.routes';
import { cenarioSimulacaoRoutes } from './cenario-simulacao.routes';
import { grupoNcmHooks } from './grupo-ncm.hooks';
import { inconsistenciasRoutes } from './inconsistencias.routes';
import { naturezaPisCofinsHooks } from './natureza-pis-cofins.hooks';
import { ncmHooks } from './ncm.hooks';
import { processoJudicialHooks } from './processo-judicial.hooks';
import { situacaoFiscalHooks } from './situacao-fiscal.hooks';
import { tabelasOficiaisRoutes } from './tabelas-oficiais.routes';

export const fiscal: AreaPlugin = async (app, { db, hooks }) => {
  hooks.add(situacaoFiscalHooks, naturezaPisCofinsHooks, ncmHooks, grupoNcmHooks, processoJudicialHooks);
  hooks.add(cenarioFiscalNcmHooks, cenarioFiscalOperacaoHooks);
  await app.register(tabelasOficiaisRoutes, { db });
  await app.register(codigosOficiaisRoutes, { db });
  await app.register(cenarioSimulacaoRoutes, { db });
  await app.register(cenarioCoberturaRoutes, { db });
  await app.register(inconsistenciasRoutes, { db });
  // official-table loads and product edits mark the coverage for recount without a request that could enqueue
  // it: a sweep enqueues the tenants with marks (FISCAL_RECONTAGEM_VARREDURA_S, 60; 0 = off)
  const segundos = Number(process.env.FISCAL_RECONTAGEM_VARREDURA_S ?? 60);
  let parar = () => {};
  app.addHook('onReady', async () => {
    parar = iniciarVarredura(db, Number.isInteger(segundos) && segundos >= 0 ? segundos : 60, (msg, err) =>
      app.log.error({ err }, msg),
    );
  });
  app.addHook('onClose', async () => parar());
};
