/** Plataforma: status, subscriber, menu, notifications, versions, counters, demo history, push, learning resources, GraphQL. */
import { configuracoesRoutes } from '../../configuracoes';
import { arquivosRoutes } from '../../http/upload';
import type { AreaPlugin } from '../area';
import { assinanteRoutes } from './assinante.routes';
import { contadoresRoutes } from './contadores.routes';
import { demoHistoricoRoutes } from './demo-historico.routes';
import { graphqlRoutes } from './graphql.routes';
import { menuRoutes } from './menu.routes';
import { notificacoesRoutes } from './notificacoes.routes';
import { pushRoutes } from './push.routes';
import { recursoAprendizagemHooks } from './recurso-aprendizagem.hooks';
import { recursosRoutes } from './recursos.routes';
import { statusRoutes } from './status.routes';
import { versoesRoutes } from './versoes.routes';

export const plataforma: AreaPlugin = async (app, { db, hooks }) => {
  hooks.add(recursoAprendizagemHooks);
  await app.register(statusRoutes, { db });
  await app.register(assinanteRoutes);
  await app.register(menuRoutes, { db });
  await app.register(notificacoesRoutes, { db });
  await app.register(versoesRoutes, { db });
  await app.register(contadoresRoutes, { db });
  await app.register(demoHistoricoRoutes, { db });
  await app.register(pushRoutes, { db });
  await app.register(recursosRoutes, { db });
  await app.register(graphqlRoutes, { db });
  await app.register(arquivosRoutes, { db });
  await app.register(configuracoesRoutes, { db });
};
