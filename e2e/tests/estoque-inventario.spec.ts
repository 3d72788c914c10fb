/**
 * Inventory counting on screen (issue "Inventory counting"): the demo's blind PARCIAL inventory of Perfumaria
 * (BV02, being counted) opened from /inventario inside /vf; a code typed, Enter, a quantity, Enter adds to its
 * count; the expected balance stays hidden (blind count). Screenshot of the count screen to test-results/.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { login } from './shell-helpers';

test('contagem na tela: código, Enter, quantidade, Enter; contagem cega oculta o esperado', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  await login(page, 'diego.estoque');
  await page.goto('/app/#/inventario');
  const quadro = page.frameLocator('iframe#legadoFrame');
  const lista = quadro.locator('[data-cy=lista-inventarios]');
  await expect(lista).toBeVisible();
  await lista.getByText('Perfumaria').first().click();
  await expect(quadro.locator('[data-cy=inventario-status]')).toHaveText('Em contagem');
  // store and location by name, not by id
  await expect(quadro.getByText(/^BV02 \/ \D/)).toBeVisible();
  const itens = quadro.locator('[data-cy=lista-itens-inventario]');
  await expect(itens.getByText('oculto').first()).toBeVisible();
  const codigo = (await itens.locator('tbody tr').first().locator('td').first().innerText()).trim();
  await quadro.locator('[data-cy=contagem-codigo]').fill(codigo);
  await quadro.locator('[data-cy=contagem-codigo]').press('Enter');
  await quadro.locator('[data-cy=contagem-quantidade]').fill('2');
  await quadro.locator('[data-cy=contagem-quantidade]').press('Enter');
  await expect(quadro.locator('[data-cy=contagem-ultima]')).toContainText(`${codigo}: contagem 1`);
  await page.screenshot({ path: path.join(import.meta.dirname, '../test-results/inventario-contagem.png') });
});
