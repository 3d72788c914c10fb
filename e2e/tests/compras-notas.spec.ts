/**
 * The buyer (elisa.compras) opens the purchase invoices: the demo invoices are listed; the one waiting for
 * confirmation opens with its items and taxes and is confirmed (stock entry); the conferência screen shows
 * the open count with its divergence.
 */
import { expect, test } from '@playwright/test';
import { login, toast } from './shell-helpers';

test('notas fiscais de compra: lista, detalhe com tributos, confirmação; conferência aberta', async ({ page }) => {
  await login(page, 'elisa.compras');
  await page.goto('/app/#/compras/notas-fiscais');
  const lista = page.locator('[data-cy=lista-notas-compra]');
  await expect(lista.getByText('48211-1')).toBeVisible();
  await page.screenshot({ path: 'test-results/compras-notas-fiscais.png', fullPage: true });
  await lista.getByText('112-1').click();
  const detalhe = page.locator('[data-cy=nota-detalhe]');
  await expect(detalhe.locator('[data-cy=nota-itens]')).toBeVisible();
  await expect(detalhe.locator('[data-cy=nota-parcelas]')).toContainText('001');
  await detalhe.locator('[data-cy=nota-confirmar]').click();
  await expect(toast(page)).toContainText('Entrada no estoque lançada');
  await page.goto('/app/#/compras/conferencias');
  await page.locator('[data-cy=lista-conferencias]').getByText('48240-1').click();
  await expect(page.locator('[data-cy=conferencia-itens]')).toContainText('-2');
});
