import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const repo = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(os.tmpdir(), `retaguarda-e2e-${PORT}`);

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: path.join(repo, 'e2e/test-results'),
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    screenshot: 'only-on-failure',
    launchOptions: {
      // test tools cannot download browsers here: Debian's chromium (installed by scripts/ensure-chromium.sh)
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // a fresh embedded database with the demo data on every run
    command: `rm -rf ${dataDir} && exec node --import tsx apps/server/src/server.ts`,
    cwd: repo,
    // our local SEFAZ simulator beside the server (loopback, its own port per run): the demo stores BV01/BV02
    // get a test certificate and their homologação endpoint on it (the NFC-e SEFAZ journey)
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEFAZ_SIMULADOR_PORTA: String(PORT + 1000) },
    url: `http://localhost:${PORT}/api/v1/status`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets the server stop its embedded PostgreSQL (it runs detached); a kill left it running
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
