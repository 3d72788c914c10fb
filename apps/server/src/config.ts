import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root: the nearest ancestor holding the migrations (from src/ under tsx, or the dist/ bundle). */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps/server/db/migrations'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../..');
  }
}
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

export interface Config {
  port: number;
  host: string;
  /** Where the embedded PostgreSQL cluster and local secrets live. */
  dataDir: string;
  /** External PostgreSQL owner/migration URL; absent → embedded server. */
  databaseUrl: string | undefined;
  /** URL the app uses at run time (non-superuser role); derived when absent. */
  databaseAppUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  /** Built SPA served under /app/. */
  webDist: string;
  /** Load demo tenants on first start of an empty database. */
  seedDemo: boolean;
  bodyLimitBytes: number;
  /** Which peers may set X-Forwarded-For (client IP for throttling and audit): proxy-addr syntax. */
  trustProxy: boolean | string;
  /** Error reporting (Sentry-compatible) DSN; absent → off. */
  sentryDsn: string | undefined;
  /**
   * Port of our local SEFAZ simulator, started beside the server on 127.0.0.1 (demo and journeys); absent →
   * not started (the default, and production's). With it, a fresh demo's stores BV01/BV02 get a test A1
   * certificate and their homologação endpoint on it.
   */
  sefazSimuladorPorta: number | undefined;
}

function trustProxyOf(value: string | undefined): boolean | string {
  if (!value) return 'loopback'; // a reverse proxy on this host; anything else must be configured
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

function envInt(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: envInt(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseAppUrl: env.DATABASE_APP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST || 'apps/web/dist'),
    seedDemo: env.SEED_DEMO !== 'false',
    bodyLimitBytes: envInt(env.BODY_LIMIT_BYTES, 5 * 1024 * 1024),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    sentryDsn: env.SENTRY_DSN || undefined,
    sefazSimuladorPorta: env.SEFAZ_SIMULADOR_PORTA ? envInt(env.SEFAZ_SIMULADOR_PORTA, 8900) : undefined,
  };
}
