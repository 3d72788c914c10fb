import { expect, test } from '@playwright/test';
import { login } from './shell-helpers';

test('a slow screen shows the loading indicator after 200 ms', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.route('**/app/assets/DashboardsPage-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/app/#/dashboards');
  await expect(page.locator('[data-cy=indicador-carregamento]')).toBeVisible();
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Dashboards');
  await expect(page.locator('[data-cy=indicador-carregamento]')).toHaveCount(0);
});

test('a screen whose chunk cannot load shows the error view with a retry', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.route('**/app/assets/DashboardsPage-*.js', (route) => route.abort());
  await page.goto('/app/#/dashboards');
  await expect(page.getByRole('heading', { name: 'Não foi possível carregar esta tela.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
});

test('fullScreen=true hides the header and the breadcrumb', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 800 });
  await login(page, 'ana.admin');
  await page.goto('/app/#/dashboards?fullScreen=true');
  await expect(page.locator('[data-cy=em-construcao], main').first()).toBeVisible();
  await expect(page.locator('[data-cy=breadcrumb]')).toHaveCount(0);
  await page.goto('/app/#/dashboards');
  await expect(page.locator('[data-cy=breadcrumb]')).toBeVisible();
});
