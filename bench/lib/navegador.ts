/**
 * Headless Chromium for the screen benches (playwright-core with the system's /usr/bin/chromium): launch,
 * sign in through the login form, and p50/p95 of a list of durations.
 */
import { type Browser, chromium, type Page } from 'playwright-core';

export async function abrirNavegador(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
  });
}

export async function entrarNaTela(page: Page, base: string, usuario: string, senha = 'Demo@1234'): Promise<void> {
  await page.goto(`${base}/app/#/login`);
  await page.locator('[data-cy=login-usuario-input-field]').fill(usuario);
  await page.locator('[data-cy=login-senha-input-field]').fill(senha);
  await page.locator('[data-cy=login-entrar-button]').click();
  await page.getByRole('heading', { level: 1, name: /^Olá/ }).waitFor({ timeout: 60_000 });
}

/** p50 / p95 / max (ms), rounded. */
export function p95(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
  return { n: s.length, p50: Math.round(q(50)), p95: Math.round(q(95)), max: Math.round(s[s.length - 1] ?? 0) };
}

/** Waits for the next painted frame (the DOM change is on screen). */
export const proximoQuadro = (page: Page) =>
  page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))');
