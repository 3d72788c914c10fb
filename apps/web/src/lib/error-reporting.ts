/**
 * Error reporting in the browser, Sentry-compatible: off unless the server's public
 * config (GET /api/v1/config-publica, from SENTRY_DSN) names a DSN. The SDK is a lazy chunk loaded
 * only then, after the first screen, so the login route does not carry it; errors raised before it
 * loads are kept (a few) and sent once it starts. Traces sample 0.1 (spec §9).
 */
import { APP_VERSION } from '@retaguarda/domain';

export interface PublicConfig {
  /** the public config's field name (read by deployed clients), kept as is */
  relatorioErros: { dsn: string; tracesSampleRate: number } | null;
}

type SentryBrowser = typeof import('@sentry/browser');

const MAX_PENDING = 20;
let pending: unknown[] = [];
let sdk: SentryBrowser | null = null;
let off = false;

function keep(e: unknown): void {
  if (!off && !sdk && pending.length < MAX_PENDING) pending.push(e);
}
const onError = (ev: ErrorEvent) => keep(ev.error ?? ev.message);
const onRejection = (ev: PromiseRejectionEvent) => keep(ev.reason);

/** Reports an error the app caught itself (e.g. the route error view); a no-op when off. */
export function reportError(e: unknown): void {
  if (sdk) sdk.captureException(e);
  else keep(e);
}

const fetchPublicConfig = async (): Promise<PublicConfig> => {
  const r = await fetch('/api/v1/config-publica', { headers: { Accept: 'application/json' } });
  if (!r.ok) throw new Error(`${r.status} /api/v1/config-publica`);
  return (await r.json()) as PublicConfig;
};

/** Call once at start-up. */
export async function startErrorReporting(
  fetchConfig: () => Promise<PublicConfig> = fetchPublicConfig,
  load: () => Promise<SentryBrowser> = () => import('@sentry/browser'),
): Promise<boolean> {
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const stop = () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
  const cfg = await fetchConfig().catch(() => null);
  if (!cfg?.relatorioErros?.dsn) {
    off = true;
    pending = [];
    stop();
    return false;
  }
  const Sentry = await load();
  Sentry.init({
    dsn: cfg.relatorioErros.dsn,
    release: `retaguarda@${APP_VERSION}`,
    tracesSampleRate: cfg.relatorioErros.tracesSampleRate,
    integrations: [Sentry.browserTracingIntegration()],
  });
  sdk = Sentry;
  stop(); // the SDK has its own global handlers now
  for (const e of pending.splice(0)) Sentry.captureException(e);
  return true;
}

/** Tests only. */
export function resetErrorReporting(): void {
  pending = [];
  sdk = null;
  off = false;
}

/** Start-up hook: asks for the config once the first screen is up (idle), so it never delays it. */
export function scheduleErrorReporting(): void {
  const start = () => void startErrorReporting();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1000);
}
