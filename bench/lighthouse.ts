/**
 * Lighthouse performance and accessibility scores of the login page, Painel
 * (signed in) and one register list (#/marcasProduto), in Debian's chromium headless, desktop
 * preset. Starts the server on a fresh embedded database with the demo data (tsx, like the
 * journeys) unless LH_BASE_URL names a running one.
 * Usage, after building the web app: npx tsx bench/lighthouse.ts
 *   WEB_DIST=<dir> (another build), LH_PORT (8273), CHROMIUM_PATH (/usr/bin/chromium)
 * Writes bench/results/lighthouse-<timestamp>.json (scores, key metrics, failed audits).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { pastaDeDados } from './lib/pasta-dados';

const repo = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.LH_PORT ?? 8273);
const base = process.env.LH_BASE_URL ?? `http://localhost:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function iniciarServidor(): Promise<ChildProcess | null> {
  if (process.env.LH_BASE_URL) return null;
  const dataDir = pastaDeDados('retaguarda-lh-');
  const filho = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/v1/status`)).ok) return filho;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  filho.kill('SIGTERM');
  throw new Error('o servidor não respondeu em 120 s');
}

async function entrar(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${base}/app/#/login`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-cy=login-usuario-input-field]', { visible: true });
  await page.type('[data-cy=login-usuario-input-field]', 'ana.admin');
  await page.type('[data-cy=login-senha-input-field]', 'Demo@1234');
  await page.click('[data-cy=login-entrar-button]');
  // page code as text: the bench's types have no DOM
  await page.waitForFunction("document.querySelector('h1')?.textContent?.startsWith('Olá')", { timeout: 30_000 });
}

interface Resultado {
  pagina: string;
  url: string;
  desempenho: number;
  acessibilidade: number;
  metricas: Record<string, string>;
  falhasAcessibilidade: string[];
}

async function auditar(page: Page, pagina: string, url: string, porta: number): Promise<Resultado> {
  const r = await lighthouse(
    url,
    {
      port: porta,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    },
    desktopConfig,
    page,
  );
  if (!r) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
  const { categories, audits } = r.lhr;
  const a11yIds = (categories.accessibility?.auditRefs ?? []).map((ref) => ref.id);
  const metrica = (id: string) => audits[id]?.displayValue ?? '—';
  return {
    pagina,
    url,
    desempenho: Math.round((categories.performance?.score ?? 0) * 100),
    acessibilidade: Math.round((categories.accessibility?.score ?? 0) * 100),
    metricas: {
      FCP: metrica('first-contentful-paint'),
      LCP: metrica('largest-contentful-paint'),
      TBT: metrica('total-blocking-time'),
      CLS: metrica('cumulative-layout-shift'),
      SI: metrica('speed-index'),
    },
    falhasAcessibilidade: a11yIds
      .filter((id) => audits[id]?.score === 0)
      .map((id) => `${id}: ${audits[id]?.title ?? ''}`),
  };
}

const servidor = await iniciarServidor();
const chrome = await chromeLauncher.launch({
  chromePath: chromium,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
});
const resultados: Resultado[] = [];
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  resultados.push(await auditar(page, 'login', `${base}/app/#/login`, chrome.port));
  await entrar(page);
  resultados.push(await auditar(page, 'painel', `${base}/app/#/`, chrome.port));
  // the audit must have seen the signed-in Painel, not the login it would fall back to
  const titulo = String(await page.evaluate("location.hash + ' ' + (document.querySelector('h1')?.textContent ?? '')"));
  if (!titulo.startsWith('#/ Olá')) throw new Error(`Painel não auditado com sessão: ${titulo}`);
  resultados.push(await auditar(page, 'marcasProduto', `${base}/app/#/marcasProduto`, chrome.port));
  await browser.disconnect();
} finally {
  chrome.kill();
  servidor?.kill('SIGTERM');
}

for (const r of resultados) {
  const m = Object.entries(r.metricas)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(`${r.pagina}: desempenho ${r.desempenho}, acessibilidade ${r.acessibilidade} (${m})`);
  for (const f of r.falhasAcessibilidade) console.log(`  ✗ ${f}`);
}
const dir = path.join(repo, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
const arquivo = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(arquivo, JSON.stringify({ em: new Date().toISOString(), base, resultados }, null, 2));
console.log(`resultados em ${path.relative(repo, arquivo)}`);
