/**
 * Plano de pagamento journeys (domain.md §2.1): the franchise finance user creates "Crédito 3x s/ juros" with an
 * acquirer, sees the preview, fixes a grid of 99,99 % after the error and enables the plan at BV01; the list
 * keeps the Venda tab while on the plan screens and is back on Compra after leaving them (spec §4). Mercadão's
 * administrator (TODOS) has no menu entry and gets the access-denied toast on the URL.
 */
import { expect, test } from '@playwright/test';
import { baseDoHost, hashDe, login, toast } from './shell-helpers';

const SEM_ACESSO = 'Você não tem acesso a essa funcionalidade.';

test('beatriz.fin creates "Crédito 3x s/ juros", fixes the grid and enables it at BV01', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'beatriz.fin');
  await page.goto('/app/#/planoPagamento');
  await expect(page.locator('[data-cy=aba-compra]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-cy=linha-registro]').filter({ hasText: '30/60/90 DDL' })).toBeVisible();
  await page.screenshot({ path: '/tmp/pagamento-lista.png', fullPage: true });

  await page.locator('[data-cy=aba-venda]').click();
  await expect(page.locator('[data-cy=linha-registro]').filter({ hasText: 'Crediário 3x 2 % a.m.' })).toBeVisible();
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page).toHaveURL(/#\/planoPagamento\/cadastro\/venda$/);

  await page.locator('[data-cy=campo-descricao]').fill('Crédito 3x s/ juros');
  await page.locator('[data-cy=campo-tipoPagamento]').click();
  await page.getByRole('option', { name: 'Cartão de crédito (03)' }).click();
  await page.locator('[data-cy=campo-quantidadeParcelas]').fill('3');
  await page.getByLabel('Dias da primeira parcela').fill('30');
  await page.locator('[data-cy=gerar-parcelas]').click();
  await expect(page.locator('[data-cy=percentual-3]')).toHaveValue('33,34');
  await page.locator('[data-cy=valor-exemplo]').fill('1000');
  await page.locator('[data-cy=valor-exemplo]').blur();
  await expect(page.locator('[data-cy=previa-parcelas]')).toContainText('R$ 1.000,00 em 3x: 333,33 + 333,33 + 333,34');
  await page.locator('[data-cy=campo-agenteFinanceiroId]').click();
  await page.getByRole('option', { name: 'Cielo' }).click();
  await page.locator('[data-cy=campo-taxaAdministracao]').fill('3,49');
  await page.locator('[data-cy=campo-disponivelPdv]').check();

  // a grid of 99,99 %: the API names the difference, nothing is saved
  await page.locator('[data-cy=percentual-3]').fill('33,33');
  await expect(page.locator('[data-cy=soma-percentuais]')).toHaveText('99,99 %');
  await page.locator('[data-cy=salvar]').click();
  await expect(page.locator('[data-cy=erro-grade]')).toContainText('99,99 %: faltam 0,01 % para 100,00 %');
  await expect(page).toHaveURL(/#\/planoPagamento\/cadastro\/venda$/);
  await page.screenshot({ path: '/tmp/pagamento-cadastro-erro.png', fullPage: true });
  await page.locator('[data-cy=percentual-3]').fill('33,34');
  await expect(page.locator('[data-cy=soma-percentuais]')).toHaveText('100,00 %');
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page)).toContainText('Plano de pagamento incluído.');
  await expect(page).toHaveURL(/#\/planoPagamento\/cadastro\/\d+\/venda$/);

  // the store condition for BV01 (beatriz holds BV01 and BV02 only)
  await page.locator('[data-cy=aba-condicoes]').click();
  await page.locator('[data-cy=nova-condicao]').click();
  await page.locator('[data-cy=condicao-loja]').click();
  await page.getByRole('option', { name: /Shopping Curitiba/ }).click();
  await page.locator('[data-cy=condicao-inicio]').fill('01/01/2026');
  await page.locator('[data-cy=salvar-condicao]').click();
  await expect(toast(page)).toContainText('Condição da loja salva.');
  await expect(page.locator('[data-cy=linha-condicao]')).toHaveCount(1);
  await expect(page.locator('[data-cy=linha-condicao]')).toContainText('01/01/2026 em diante');
  await page.screenshot({ path: '/tmp/pagamento-condicao.png', fullPage: true });

  // back on the list: still the Venda tab; leaving the plan screens resets it to Compra
  await page.locator('[data-cy=voltar]').click();
  await expect(page.locator('[data-cy=aba-venda]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-cy=linha-registro]').filter({ hasText: 'Crédito 3x s/ juros' })).toBeVisible();
  await page.goto('/app/#/');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await page.goto('/app/#/planoPagamento');
  await expect(page.locator('[data-cy=aba-compra]')).toHaveAttribute('aria-selected', 'true');
});

test("Mercadão's administrator has no menu entry and gets the access-denied toast on the URL", async ({ page }) => {
  const base = baseDoHost('mercadao.localhost');
  await login(page, 'marta.admin', base);
  await page.locator('[data-cy=sidemenu-item-financeiro]').first().click();
  await page.locator('[data-cy=sidemenu-item-cadastro]:visible').first().click();
  await expect(page.locator('[data-cy=sidemenu-item-motivo-do-cancelamento]').first()).toBeAttached();
  await expect(page.locator('[data-cy=sidemenu-item-plano-de-pagamento]')).toHaveCount(0);
  await page.goto(`${base}/app/#/planoPagamento/cadastro/venda`);
  await expect(toast(page)).toContainText(SEM_ACESSO);
  expect(hashDe(page)).toBe('#/');
});
