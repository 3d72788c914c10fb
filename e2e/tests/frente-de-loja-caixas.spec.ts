/**
 * The morning check of the night's drawers: the store manager opens Caixas do PDV, yesterday is proposed, BV02's
 * drawer shows the R$ 3,50 the operator counted short (the demo's cash operations), and the drawer opens its
 * fund, suprimento, sangria and fechamento in order.
 */
import { expect, test } from '@playwright/test';
import { login } from './shell-helpers';

test('caixas do PDV: o dia de ontem, a falta de R$ 3,50 em BV02 e as operações do caixa', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/frenteDeLoja/caixas');
  await expect(page.getByRole('heading', { name: 'Caixas do PDV' })).toBeVisible();
  const ontem = new Date(Date.now() - 86_400_000).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  await expect(page.locator('[data-cy=caixas-data]')).toHaveValue(ontem);

  await page.locator('[data-cy=caixas-loja]').click();
  await page.getByRole('option', { name: /Londrina/ }).click();
  const linha = page.locator('[data-cy=caixa-linha]').first();
  await expect(linha.locator('[data-cy=caixa-situacao]')).toHaveText('Falta');
  await expect(linha.locator('[data-cy=caixa-diferenca]')).toHaveText('-R$ 3,50');
  await expect(linha).toContainText('R$ 200,00');

  await linha.click();
  const ops = page.locator('[data-cy=caixa-operacoes]');
  await expect(ops.locator('tbody tr')).toHaveCount(4);
  await expect(ops.locator('tbody tr').first()).toContainText('Abertura (fundo de troco)');
  await expect(ops.locator('tbody tr').last()).toContainText('Fechamento (valor declarado)');
  await page.screenshot({ path: 'test-results/frente-de-loja-caixas.png', fullPage: true });
});
