import { expect, test } from '@playwright/test';
import { hashDe, login } from './shell-helpers';

test('inactivity logs out (short window setting) and keeps the path as redirectFrom', async ({ page }) => {
  test.setTimeout(45_000);
  await page.addInitScript(() => {
    (window as unknown as { INACTIVITY_TIMEOUT: number }).INACTIVITY_TIMEOUT = 3000;
  });
  await login(page, 'beatriz.fin');
  await page.goto('/app/#/motivoDesconto');
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Motivo de desconto');
  // checked every 10 s
  await expect(page.locator('[data-cy=login-usuario-input-field]')).toBeVisible({ timeout: 20_000 });
  expect(decodeURIComponent(hashDe(page))).toBe('#/login?redirectFrom=/motivoDesconto');
});

test('a logout in one tab logs the other tabs out', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await login(a, 'ana.admin');
  // one session per browser: the second tab is signed in by the first one's session
  await b.goto('/app/#/');
  await expect(b.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await a.getByRole('button', { name: 'Menu do usuário' }).click();
  await a.locator('[data-cy=header-sair]').click();
  await expect(a.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  await expect(b.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
});
