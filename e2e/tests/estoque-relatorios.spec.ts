/**
 * Estoque > Relatórios: a stock user asks for the Extrato de movimentações of the current month (the
 * screen's default period) and opens it from the bell's notice in the report viewer.
 */
import { expect, test } from '@playwright/test';
import { entrar } from './shell-helpers';

test('extrato de movimentações: pedido na tela, aviso no sino, aberto no visualizador', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2Festoque%2Fextrato-movimentacoes');
  await entrar(page, 'diego.estoque');
  await expect(page.getByRole('heading', { name: 'Extrato de movimentações', level: 1 })).toBeVisible();
  // the period defaults to the current month, the first field has the focus
  const de = page.locator('[data-cy=filtro-de]');
  await expect(de).toBeFocused();
  await expect(de).toHaveValue(/^01\/\d{2}\/\d{4}$/);
  await expect(page.locator('[data-cy=filtro-ate]')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);

  // a wrong period is refused on the field, nothing is asked
  const ate = await page.locator('[data-cy=filtro-ate]').inputValue();
  await page.locator('[data-cy=filtro-ate]').fill('02/01/2001');
  await page.locator('[data-cy=gerar-pdf]').click();
  await expect(page.getByText('Deve ser igual ou posterior à data inicial.')).toBeVisible();
  await page.locator('[data-cy=filtro-ate]').fill(ate);

  await page.locator('[data-cy=gerar-pdf]').click();
  await expect(page.locator('[data-cy=toast]').filter({ hasText: 'Extrato de movimentações' })).toBeVisible();
  const sino = page.locator('[data-cy=sino]');
  const aviso = page
    .locator('[data-cy=sino-item]')
    .filter({ hasText: 'Relatório pronto' })
    .filter({ hasText: 'Extrato de movimentações' });
  // the bell's list opens on a click and closes on the next: open it until the notice is there
  await expect(async () => {
    if (!(await aviso.first().isVisible())) await sino.click();
    await expect(aviso.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await aviso.first().click();

  await expect(page).toHaveURL(/#\/visualizacao-relatorio\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Extrato de movimentações', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=relatorio-pdf]')).toHaveAttribute('src', /^blob:/);
});
