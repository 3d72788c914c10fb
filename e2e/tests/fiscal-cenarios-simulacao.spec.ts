/**
 * Simulador de cenários fiscais: the fiscal user (carlos.fiscal) simulates a sale inter-state with ST of the
 * demo's águas-de-colônia (NCM 3303.00.20, rule PR → SC with CST 10, MVA 71,78 %, ST at SC's 17 %) from a PR
 * store on the NF-e, with the keyboard, and reads the result and the rules that applied and why the general one
 * lost; then the cobertura screen answers. Reads only: no data of other journeys is touched.
 */
import { expect, type Page, test } from '@playwright/test';
import { entrar } from './shell-helpers';

async function escolher(page: Page, campo: string, opcao: RegExp | string, busca?: string) {
  const input = page.locator(`[data-cy=${campo}]`);
  await input.click();
  if (busca) await input.fill(busca);
  await page.getByRole('option', { name: opcao }).first().click();
}

test('simulates a sale inter-state with ST and reads the rules that applied', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2Ffiscal%2Fcenarios-fiscais%2Fsimular');
  await entrar(page, 'carlos.fiscal');
  await expect(page.getByRole('heading', { name: 'Simular cenário fiscal', level: 1 })).toBeVisible();
  // the product takes the focus; Enter looks it up and moves on to the store
  await expect(page.locator('[data-cy=simulacao-produto]')).toBeFocused();
  await page.keyboard.type('Colônia Brisa Floral');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=simulacao-produto]')).toHaveValue(/Colônia Brisa Floral 75 ml/);
  await escolher(page, 'simulacao-loja', /Shopping Curitiba/, 'Curitiba');
  await escolher(page, 'simulacao-modelo', /55 - NF-e/);
  await escolher(page, 'simulacao-uf', /^SC$/, 'SC');
  await page.locator('[data-cy=simulacao-valor]').fill('100,00');
  await page.locator('[data-cy=simulacao-data]').fill('15/06/2026');
  // Enter on the last field simulates
  await page.locator('[data-cy=simulacao-data]').press('Enter');

  const resultado = page.locator('[data-cy=simulacao-resultado]');
  await expect(resultado).toBeVisible();
  await expect(page.locator('[data-cy=simulacao-completo]')).toBeVisible();
  await expect(page.locator('[data-cy=simulacao-cfop]')).toHaveText('6403');
  await expect(page.locator('[data-cy=simulacao-cst]')).toHaveText('10');
  // PR → SC 12 %: ICMS 12,00; MVA ajustada = 171,78 × 88 / 83 − 100 = 82,1282 %;
  // BCST 182,13; ST 182,13 × 17 % = 30,96 − 12,00 = 18,96
  await expect(page.locator('[data-cy=valor-ICMS]')).toHaveText('R$ 12,00');
  await expect(page.locator('[data-cy=tributo-ICMS-ST]')).toContainText('MVA ajustada 82,1282 %');
  await expect(page.locator('[data-cy=tributo-ICMS-ST]')).toContainText('R$ 182,13');
  await expect(page.locator('[data-cy=valor-ICMS-ST]')).toHaveText('R$ 18,96');

  // the rules: the PR → SC rule and the inter-state sale applied; the general rule lost to the UF pair
  const regras = page.locator('[data-cy=simulacao-regras] tbody tr');
  const aplicadas = regras.filter({ hasText: 'Aplicada' });
  await expect(aplicadas).toHaveCount(2);
  await expect(aplicadas.filter({ hasText: 'ST interestadual PR → SC' })).toHaveCount(1);
  await expect(aplicadas.filter({ hasText: '6102 - Venda de mercadoria para outra UF' })).toHaveCount(1);
  await expect(regras.filter({ hasText: 'UF de destino informada é mais específica que TODAS' }).first()).toBeVisible();
  await expect(regras.filter({ hasText: 'é da UF de destino SP' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/fiscal-cenarios-simulacao.png', fullPage: true });

  // the cobertura screen answers from the simulator
  await page.locator('[data-cy=simulacao-ir-cobertura]').click();
  await expect(page.getByRole('heading', { name: 'Cobertura dos cenários fiscais', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=cobertura-tabela], [data-cy=cobertura-vazia]').first()).toBeVisible();
});
