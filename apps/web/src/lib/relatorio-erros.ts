/**
 * Error reporting in the browser, Sentry-compatible (issue 7): off unless the server's public
 * config (GET /api/v1/config-publica, from SENTRY_DSN) names a DSN. The SDK is a lazy chunk loaded
 * only then, after the first screen, so the login route does not carry it; errors raised before it
 * loads are kept (a few) and sent once it starts. Traces sample 0.1 (spec §9).
 */
import { APP_VERSION } from '@retaguarda/domain';

export interface ConfigPublica {
  relatorioErros: { dsn: string; tracesSampleRate: number } | null;
}

type SentryBrowser = typeof import('@sentry/browser');

const MAX_PENDENTES = 20;
let pendentes: unknown[] = [];
let sdk: SentryBrowser | null = null;
let desligado = false;

function guardar(e: unknown): void {
  if (!desligado && !sdk && pendentes.length < MAX_PENDENTES) pendentes.push(e);
}
const aoErro = (ev: ErrorEvent) => guardar(ev.error ?? ev.message);
const aoRejeicao = (ev: PromiseRejectionEvent) => guardar(ev.reason);

/** Reports an error the app caught itself (e.g. the route error view); a no-op when off. */
export function relatarErro(e: unknown): void {
  if (sdk) sdk.captureException(e);
  else guardar(e);
}

const buscarConfig = async (): Promise<ConfigPublica> => {
  const r = await fetch('/api/v1/config-publica', { headers: { Accept: 'application/json' } });
  if (!r.ok) throw new Error(`${r.status} /api/v1/config-publica`);
  return (await r.json()) as ConfigPublica;
};

/** Call once at start-up. */
export async function iniciarRelatorioErros(
  buscar: () => Promise<ConfigPublica> = buscarConfig,
  carregar: () => Promise<SentryBrowser> = () => import('@sentry/browser'),
): Promise<boolean> {
  window.addEventListener('error', aoErro);
  window.addEventListener('unhandledrejection', aoRejeicao);
  const parar = () => {
    window.removeEventListener('error', aoErro);
    window.removeEventListener('unhandledrejection', aoRejeicao);
  };
  const cfg = await buscar().catch(() => null);
  if (!cfg?.relatorioErros?.dsn) {
    desligado = true;
    pendentes = [];
    parar();
    return false;
  }
  const Sentry = await carregar();
  Sentry.init({
    dsn: cfg.relatorioErros.dsn,
    release: `retaguarda@${APP_VERSION}`,
    tracesSampleRate: cfg.relatorioErros.tracesSampleRate,
    integrations: [Sentry.browserTracingIntegration()],
  });
  sdk = Sentry;
  parar(); // the SDK has its own global handlers now
  for (const e of pendentes.splice(0)) Sentry.captureException(e);
  return true;
}

/** Tests only. */
export function reiniciarRelatorioErros(): void {
  pendentes = [];
  sdk = null;
  desligado = false;
}

/** Start-up hook: asks for the config once the first screen is up (idle), so it never delays it. */
export function agendarRelatorioErros(): void {
  const iniciar = () => void iniciarRelatorioErros();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(iniciar, { timeout: 3000 });
  else setTimeout(iniciar, 1000);
}
