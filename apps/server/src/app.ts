/**
 * Builds the Fastify app (the server and the tests use this). The database is opened
 * by the caller, so tests can hand in a fresh database per file.
 */
import crypto from 'node:crypto';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, MSG } from '@retaguarda/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { assinanteRoutes } from './modules/plataforma/assinante.routes';
import { menuRoutes } from './modules/plataforma/menu.routes';
import { contadoresRoutes } from './modules/plataforma/contadores.routes';
import { graphqlRoutes } from './modules/plataforma/graphql.routes';
import { notificacoesRoutes } from './modules/plataforma/notificacoes.routes';
import { pushRoutes } from './modules/plataforma/push.routes';
import { recursosRoutes } from './modules/plataforma/recursos.routes';
import { versoesRoutes } from './modules/plataforma/versoes.routes';
import { statusRoutes } from './modules/plataforma/status.routes';
import { administrativoRoutes, legacyRoutes } from './modules/administrativo';
import { relatoriosRoutes } from './modules/relatorios/relatorios.routes';
import { authPlugin } from './plugins/auth';
import { ApiError, registerErrorHandling, sendError } from './plugins/errors';
import { configPublicaRoutes, origemRelatorioErros, registrarRelatorioErros } from './plugins/relatorio-erros';
import { realtimePlugin } from './plugins/realtime';
import { registerEngine } from './registers/routes';
import { tabelasOficiaisRoutes } from './modules/fiscal/tabelas-oficiais.routes';
import { tenantPlugin } from './plugins/tenant';
import { webPlugin } from './plugins/web';
import { xmlPlugin } from './plugins/xml';

export interface AppDeps {
  config: Pick<Config, 'webDist' | 'bodyLimitBytes' | 'logLevel' | 'trustProxy'> &
    Partial<Pick<Config, 'redisUrl' | 'sentryDsn'>>;
  db: Database;
  logger?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp({ config, db, logger = true }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie'],
        }
      : false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // PostgreSQL text cannot hold NUL: refused here rather than failing a query later (found by wapiti)
    if (/%00/i.test(request.url) || request.url.includes('\0'))
      throw new ApiError(400, MSG.requisicaoInvalida, ['url: caractere nulo (%00).']);
  });
  registerErrorHandling(app);
  await registrarRelatorioErros(app, config.sentryDsn);
  // XML for the vendor SDK on every route (answers, errors and bodies), before any route is added
  await app.register(xmlPlugin, { bodyLimit: config.bodyLimitBytes });

  await app.register(helmet, {
    hsts: false, // store networks often run plain HTTP behind the router
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // Mantine injects CSS variables at run time
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...origemRelatorioErros(config.sentryDsn)], // + the error ingest
        frameSrc: ["'self'", 'blob:'], // the report viewer shows its PDF from a blob URL
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Retaguarda API', version: APP_VERSION, description: 'API da retaguarda do varejo.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });

  // The API scope: zod compilers, tenant resolution and a JSON 404 for any unknown /api path.
  await app.register(
    async (api) => {
      api.setValidatorCompiler(validatorCompiler);
      api.setSerializerCompiler(serializerCompiler);
      await api.register(tenantPlugin, { db });
      await api.register(authPlugin, { db });
      await api.register(administrativoRoutes, { db });
      await api.register(statusRoutes, { db });
      await api.register(configPublicaRoutes, { sentryDsn: config.sentryDsn });
      await api.register(assinanteRoutes);
      await api.register(menuRoutes, { db });
      await api.register(notificacoesRoutes, { db });
      await api.register(versoesRoutes, { db });
      await api.register(contadoresRoutes, { db });
      await api.register(pushRoutes, { db });
      await api.register(recursosRoutes, { db });
      await api.register(graphqlRoutes, { db });
      await api.register(registerEngine, { db });
      await api.register(tabelasOficiaisRoutes, { db });
      await api.register(relatoriosRoutes, { db });
      api.setNotFoundHandler((request, reply) =>
        sendError(reply, 404, { message: MSG.rotaNaoEncontrada(request.method, request.url.split('?')[0] ?? '') }),
      );
    },
    { prefix: '/api' },
  );

  await app.register(realtimePlugin, { db, redisUrl: config.redisUrl });
  await app.register(legacyRoutes, { db });
  await app.register(webPlugin, { webDist: config.webDist });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, { message: MSG.rotaNaoEncontrada(request.method, request.url.split('?')[0] ?? '') }),
  );
  return app;
}
