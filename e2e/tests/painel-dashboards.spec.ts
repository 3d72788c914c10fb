/**
 * A store manager (fabio.gerente, BV02) sees the demo's shared "Vendas da rede", builds a dashboard of his own,
 * adds three indicators from the catalogue (cost ones are not offered to him) and drills into the ticket médio:
 * the cupons behind it open beside the grid.
 */
import { expect, test } from '@playwright/test';
import { login } from './shell-helpers';

test('dashboards: um gerente monta um dashboard, adiciona três indicadores e detalha um número', async ({ page }) => {
  // a long journey: a new dashboard, three additions, the drill-down
  test.setTimeout(120_000);
  await login(page, 'fabio.gerente');
  await page.goto('/app/#/dashboards');
  await expect(page.locator('[data-cy=dashboards-compartilhados]')).toContainText('Vendas da rede');
  await page.locator('[data-cy=dashboard-novo]').click();
  await page.locator('[data-cy=dashboard-nome]').fill('Minha loja');
  await page.locator('[data-cy=dashboard-salvar]').click();
  await expect(page.getByRole('heading', { name: 'Minha loja' })).toBeVisible();

  for (const chave of ['VENDAS_DIA', 'TICKET_MEDIO', 'FORMAS_PAGAMENTO']) {
    await page.locator('[data-cy=dashboard-adicionar-indicador]').click();
    await expect(page.locator('[data-cy=catalogo-indicadores]')).toBeVisible();
    // cost and margin need "Indicadores de custo e margem": not offered to a manager
    await expect(page.locator('[data-cy=catalogo-MARGEM_BRUTA]')).toHaveCount(0);
    await page.locator(`[data-cy=catalogo-${chave}]`).click();
    if (chave === 'TICKET_MEDIO') await page.screenshot({ path: 'test-results/painel-indicador.png', fullPage: true });
    await page.locator('[data-cy=indicador-salvar]').click();
    await expect(page.locator(`[data-cy=indicador-${chave}]`)).toBeVisible();
  }
  // yesterday's demo sales of BV02 are in the default period (last 7 days)
  const ticket = page.locator('[data-cy=indicador-TICKET_MEDIO] [data-cy=indicador-numero]');
  await expect(ticket).toContainText('R$');
  await expect(page.locator('[data-cy=indicador-VENDAS_DIA] canvas')).toBeVisible();
  await page.screenshot({ path: 'test-results/painel-dashboard.png', fullPage: true });
  await ticket.click();
  const cupons = page.locator('[data-cy=detalhe-cupons]');
  await expect(cupons.locator('tbody tr').first()).toBeVisible();
  await expect(cupons).toContainText('BV02');
  await page.screenshot({ path: 'test-results/painel-detalhe-cupons.png', fullPage: true });
  await page.keyboard.press('Escape');

  await page.goto('/app/#/dashboards');
  await expect(page.locator('[data-cy=dashboards-meus]')).toContainText('Minha loja');
  await page.screenshot({ path: 'test-results/painel-dashboards.png', fullPage: true });
});

test('dashboards: o cartão de NFC-e leva ao monitor filtrado pela situação, pelos dias e pelas lojas', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'carlos.fiscal');
  await page.goto('/app/#/dashboards');
  await page.locator('[data-cy=dashboard-novo]').click();
  await page.locator('[data-cy=dashboard-nome]').fill('Fiscal');
  await page.locator('[data-cy=dashboard-salvar]').click();
  await expect(page.getByRole('heading', { name: 'Fiscal' })).toBeVisible();
  await page.locator('[data-cy=dashboard-adicionar-indicador]').click();
  await page.locator('[data-cy=catalogo-NFCE_PROBLEMAS]').click();
  await page.locator('[data-cy=indicador-salvar]').click();
  const cartao = page.locator('[data-cy=indicador-NFCE_PROBLEMAS]');
  await expect(cartao).toBeVisible();
  // the table view's rows drill down like the chart's bars
  await cartao.locator('[data-cy=indicador-menu]').click();
  await page.getByRole('menuitem', { name: 'Ver tabela' }).click();
  await cartao.locator('[data-cy=indicador-tabela] tbody tr').last().click();
  await expect(page).toHaveURL(/monitoramentoDocumentos\?status=REJEITADA&inicio=\d{4}-\d{2}-\d{2}&fim=/);
  await expect(page.getByRole('heading', { name: 'Documentos eletrônicos' })).toBeVisible();
  await expect(page.locator('[data-cy=filtro-status] input, input[data-cy=filtro-status]').first()).toHaveValue(
    'Rejeitada',
  );
  const inicio = new URL(page.url().replace('#/', '')).searchParams.get('inicio')!;
  await expect(
    page.locator('[data-cy=filtro-data-inicio] input, input[data-cy=filtro-data-inicio]').first(),
  ).toHaveValue(inicio.split('-').reverse().join('/'));
});
