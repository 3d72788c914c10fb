/**
 * Builds the Fastify app (the server and the tests use this). The database is opened
 * by the caller, so tests can hand in a fresh database per file.
 */
import crypto from 'node:crypto';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, MSG, ONCLICK_POPUP_LOJAS } from '@retaguarda/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { administrativo, legacyRoutes } from './modules/administrativo';
import type { AreaPlugin } from './modules/area';
import { estoque } from './modules/estoque';
import { financeiro } from './modules/financeiro';
import { fiscal } from './modules/fiscal';
import { frenteDeLoja } from './modules/frente-de-loja';
import { pessoa } from './modules/pessoa';
import { plataforma } from './modules/plataforma';
import { produto } from './modules/produto';
import { jobsPlugin, tarefasRotas } from './jobs';
import './workflows/retencao'; // declares the Idempotency-Key answers' hourly sweep (a pg-boss schedule)
import { relatorios } from './modules/relatorios';
import { venda } from './modules/venda';
import { compraLegadoRoutes, compras } from './modules/compras';
import { painel } from './modules/painel';
import { corpoParadoPlugin, opcoesDeTempo } from './http/tempos';
import { authPlugin } from './plugins/auth';
import {
  ApiError,
  clientErrorHandler,
  errorReportingOrigin,
  frameworkErrors,
  publicConfigRoutes,
  registerErrorHandling,
  registerErrorReporting,
  sendError,
} from './plugins/errors';
import { realtimePlugin } from './plugins/realtime';
import { createHookRegistry } from './registers/hooks';
import { registerEngine } from './registers/routes';
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

/** The menu areas (+ platform services and business reports): each mounts its routes and register hooks. */
const AREAS: readonly AreaPlugin[] = [
  administrativo,
  plataforma,
  financeiro,
  fiscal,
  frenteDeLoja,
  estoque,
  produto,
  venda,
  compras,
  pessoa,
  relatorios,
  painel,
];

/** Google reCAPTCHA's script and frame origins, allowed by the CSP only when a site key is configured. */
const recaptchaOrigins = () =>
  process.env.RECAPTCHA_SITE_KEY ? ['https://www.google.com', 'https://www.gstatic.com'] : [];

/** A CSP source allowing exactly this inline script or handler. */
const hashDeScript = (codigo: string) => `'sha256-${crypto.createHash('sha256').update(codigo).digest('base64')}'`;

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
    ...opcoesDeTempo(), // REQUEST_TIMEOUT_MS and how often Node checks it (http/tempos.ts)
    // the router's and Node's parser errors in the API's shape and Portuguese (plugins/errors/protocol.ts)
    frameworkErrors,
    clientErrorHandler,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // PostgreSQL text cannot hold NUL: refused here rather than failing a query later (found by wapiti)
    if (/%00/i.test(request.url) || request.url.includes('\0'))
      throw new ApiError(400, MSG.requisicaoInvalida, ['url: caractere nulo (%00).']);
  });
  registerErrorHandling(app);
  await app.register(corpoParadoPlugin); // a body stalled BODY_TIMEOUT_MS → 408 (http/tempos.ts)
  await registerErrorReporting(app, config.sentryDsn);
  // XML for the vendor SDK on every route (answers, errors and bodies), before any route is added
  await app.register(xmlPlugin, { bodyLimit: config.bodyLimitBytes });

  await app.register(helmet, {
    hsts: false, // store networks often run plain HTTP behind the router
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // the sign-in captcha, when configured; the one inline handler legacy robots click (api-compat C12)
        scriptSrc: ["'self'", ...recaptchaOrigins(), "'unsafe-hashes'", hashDeScript(ONCLICK_POPUP_LOJAS)],
        styleSrc: ["'self'", "'unsafe-inline'"], // Mantine injects CSS variables at run time
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...errorReportingOrigin(config.sentryDsn)], // + the error ingest
        frameSrc: ["'self'", 'blob:', ...recaptchaOrigins()], // the report viewer shows its PDF from a blob URL
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

  // the job engine (pg-boss) of this instance: started once the areas have declared their kinds
  await app.register(jobsPlugin, { db });
  // The API scope: zod compilers, tenant resolution and a JSON 404 for any unknown /api path.
  await app.register(
    async (api) => {
      api.setValidatorCompiler(validatorCompiler);
      api.setSerializerCompiler(serializerCompiler);
      await api.register(tenantPlugin, { db });
      await api.register(authPlugin, { db });
      await api.register(publicConfigRoutes, { sentryDsn: config.sentryDsn });
      const hooks = createHookRegistry(app);
      for (const area of AREAS) await api.register(area, { db, hooks });
      await api.register(tarefasRotas, { db });
      await api.register(registerEngine, { db, hooks });
      api.setNotFoundHandler((request, reply) =>
        sendError(reply, 404, { message: MSG.rotaNaoEncontrada(request.method, request.url.split('?')[0] ?? '') }),
      );
    },
    { prefix: '/api' },
  );

  await app.register(realtimePlugin, { db, redisUrl: config.redisUrl });
  await app.register(legacyRoutes, { db });
  await app.register(compraLegadoRoutes, { db });
  await app.register(webPlugin, { webDist: config.webDist });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, { message: MSG.rotaNaoEncontrada(request.method, request.url.split('?')[0] ?? '') }),
  );
  return app;
}
