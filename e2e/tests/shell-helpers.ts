import { expect, type Locator, type Page } from '@playwright/test';

export const SENHA = 'Demo@1234';

export async function entrar(page: Page, usuario: string, senha = SENHA): Promise<void> {
  await page.locator('[data-cy=login-usuario-input-field]').fill(usuario);
  await page.locator('[data-cy=login-senha-input-field]').fill(senha);
  await page.locator('[data-cy=login-entrar-button]').click();
}

/** Opens the login page of a host and signs in; waits for the Painel. */
export async function login(page: Page, usuario: string, base = ''): Promise<void> {
  await page.goto(`${base}/app/#/login`);
  await entrar(page, usuario);
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
}

/** The newest toast (toasts stack oldest first; an earlier one may still be showing). */
export function toast(page: Page) {
  return page.locator('[data-cy=toast]').last();
}

export function hashDe(page: Page): string {
  return new URL(page.url()).hash;
}

/** Base URL of another tenant's host on the test server (mercadao.localhost, …). */
export function baseDoHost(host: string): string {
  return `http://${host}:${process.env.E2E_PORT ?? 8181}`;
}

/**
 * Types a date into a date field and closes its calendar. Typing opens the calendar a render later;
 * Esc closes it only once it is there — pressed before, Esc would leave the form through its guard.
 */
export async function preencherData(page: Page, campo: Locator, valor: string): Promise<void> {
  await campo.fill(valor);
  const calendario = page.locator('[data-dates-dropdown]:visible');
  await expect(calendario).toHaveCount(1);
  await campo.press('Escape');
  await expect(calendario).toHaveCount(0);
}

/** The business zone's day n days before today, as YYYY-MM-DD (the browser runs in America/Sao_Paulo too). */
export function diasAtras(n: number): string {
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const d = new Date(`${hoje}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date as the date fields show and take it: dd/mm/aaaa. */
export const br = (iso: string): string => iso.split('-').reverse().join('/');
