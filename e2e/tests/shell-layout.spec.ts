import { expect, test } from '@playwright/test';
import { baseDoHost, login } from './shell-helpers';

test('the menu is collapsed at 800 px and expanded at 1400 px', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 800 });
  await login(page, 'ana.admin');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu).toHaveAttribute('data-collapsed', 'true');
  await page.setViewportSize({ width: 1400, height: 800 });
  await page.reload();
  await expect(menu).toHaveAttribute('data-collapsed', 'false');
});

test('header height follows the window width', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 800 });
  await login(page, 'ana.admin');
  const header = page.locator('header').first();
  await expect.poll(async () => (await header.boundingBox())?.height).toBe(64);
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect.poll(async () => (await header.boundingBox())?.height).toBe(50);
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect.poll(async () => (await header.boundingBox())?.height).toBe(46);
});

test('robots reach a screen through the data-cy menu path', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await login(page, 'ana.admin');
  await page.locator('div[data-cy=sidemenu-item-financeiro]').click();
  await page.locator('div[data-cy=sidemenu-item-tesouraria]').click();
  await page.locator('a[data-cy=sidemenu-item-manutencao-de-ofx]').click();
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Manutenção de OFX');
});

test('Ctrl+K opens the command palette and jumps to a screen', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await login(page, 'beatriz.fin');
  await page.keyboard.press('Control+k');
  await page.getByRole('textbox', { name: 'Buscar tela' }).fill('histórico');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Histórico padrão');
});

test('the two tenants show different themes', async ({ page }) => {
  const corDoBotao = () =>
    page.locator('[data-cy=login-entrar-button]').evaluate((b) => getComputedStyle(b).backgroundColor);
  await page.goto('/app/#/login');
  await expect(page.getByRole('heading', { name: 'Bela Vida' })).toBeVisible();
  const azul = await corDoBotao();
  await page.goto(`${baseDoHost('mercadao.localhost')}/app/#/login`);
  await expect(page.getByRole('heading', { name: 'Mercadão Bom Preço' })).toBeVisible();
  const verde = await corDoBotao();
  expect(azul).toBe('rgb(21, 101, 192)');
  expect(verde).toBe('rgb(46, 143, 54)');
  await expect(page.locator('link[data-favicon="32"]')).toHaveAttribute('href', '/app/favicons/green-32.png');
});
