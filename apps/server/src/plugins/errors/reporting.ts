/**
 * Error reporting, Sentry-compatible: off unless SENTRY_DSN is set. With a DSN the SDK
 * is loaded (lazily: nothing is imported otherwise) and every unexpected error — what the error
 * handler answers with 500 — is sent with the request id; tracing samples 10 % (spec §9).
 * GET /api/v1/config-publica tells the web app the DSN (a public value by design) and the rate.
 */
import { APP_VERSION, ERROR_TRACES_SAMPLE_RATE } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { toErrorResponse } from './handler';

type SentryNode = typeof import('@sentry/node');
let sdk: SentryNode | null = null;

/** Loads and starts the SDK once per process; null without a DSN. */
export async function startErrorReporting(dsn: string | undefined): Promise<SentryNode | null> {
  if (!dsn) return null;
  if (sdk) return sdk;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    release: `retaguarda@${APP_VERSION}`,
    tracesSampleRate: ERROR_TRACES_SAMPLE_RATE,
    // our onError hook reports, with the request id and the app's own idea of "unexpected" (500 only)
    integrations: (padrao) => padrao.filter((i) => i.name !== 'Fastify'),
  });
  sdk = Sentry;
  return sdk;
}

/** The ingest origin the browser SDK posts to, for the CSP's connect-src (none without a DSN). */
export function errorReportingOrigin(dsn: string | undefined): string[] {
  if (!dsn) return [];
  try {
    return [new URL(dsn).origin];
  } catch {
    return [];
  }
}

/** Sends what would be answered 500 (not client errors, not the database being down: 503). */
export async function registerErrorReporting(app: FastifyInstance, dsn: string | undefined): Promise<void> {
  const Sentry = await startErrorReporting(dsn);
  if (!Sentry) return;
  app.addHook('onError', async (request, _reply, err) => {
    if (toErrorResponse(err).status !== 500) return;
    Sentry.captureException(err, {
      tags: { request_id: request.id, rota: request.routeOptions.url ?? request.url.split('?')[0] ?? '' },
    });
  });
  app.addHook('onClose', async () => {
    await Sentry.flush(2000);
  });
}

/** The web app's view of the settings (public: the DSN only lets a browser send events). */
export async function publicConfigRoutes(api: FastifyInstance, opts: { sentryDsn: string | undefined }) {
  api.get(
    '/v1/config-publica',
    {
      config: { tenant: false, access: { public: true } },
      schema: { tags: ['plataforma'], summary: 'Configuração pública do aplicativo web' },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return {
        versao: APP_VERSION,
        relatorioErros: opts.sentryDsn ? { dsn: opts.sentryDsn, tracesSampleRate: ERROR_TRACES_SAMPLE_RATE } : null,
        // the sign-in screen's reCAPTCHA widget (public site key; the secret stays in RECAPTCHA_SECRET)
        recaptcha: process.env.RECAPTCHA_SITE_KEY ? { siteKey: process.env.RECAPTCHA_SITE_KEY } : null,
      };
    },
  );
}
