import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { login } from './shell-helpers';

async function violacoesGraves(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('login, Painel and a guarded page have no serious accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/app/#/login');
  await expect(page.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  expect(await violacoesGraves(page)).toEqual([]);

  await login(page, 'beatriz.fin');
  expect(await violacoesGraves(page)).toEqual([]);

  await page.goto('/app/#/motivoDesconto');
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Motivo de desconto');
  await expect(page.getByRole('heading', { name: 'Motivo de desconto' })).toBeVisible();
  expect(await violacoesGraves(page)).toEqual([]);
});
