/**
 * Financeiro and Fiscal register journeys: conta corrente's check digit, processo judicial on its
 * own cadastro route, a read-only motivo do cancelamento.
 */
import { expect, type Page, test } from '@playwright/test';
import { entrar, preencherData, toast } from './shell-helpers';

async function escolher(page: Page, campo: string, opcao: RegExp | string, busca?: string) {
  const input = page.locator(`[data-cy=campo-${campo}]`);
  await input.click();
  if (busca) await input.fill(busca);
  await page.getByRole('option', { name: opcao }).first().click();
}

test('conta corrente: a wrong check digit is explained under its field, then fixed', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2Ffinanceiro%2Fconta-corrente');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Conta corrente', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=linha-registro]').first()).toBeVisible();

  await page.locator('[data-cy=botao-novo]').click();
  await expect(page.locator('[data-cy=formulario-registro]')).toBeVisible();
  await page.locator('[data-cy=campo-descricao]').fill('BB Londrina jornada');
  await escolher(page, 'lojaId', /Londrina/);
  await escolher(page, 'agenteFinanceiroId', /Banco do Brasil/, 'Brasil');
  await page.locator('[data-cy=campo-agencia]').fill('1234');
  await page.locator('[data-cy=campo-agenciaDigito]').fill('3');
  await page.locator('[data-cy=campo-numeroConta]').fill('56790');
  // BB mod 11 over 00056790 gives 6: 1 is wrong
  await page.locator('[data-cy=campo-numeroContaDigito]').fill('1');
  await preencherData(page, page.locator('[data-cy=campo-dataSaldoInicial]'), '01/05/2026');
  await page.locator('[data-cy=salvar]').click();
  await expect(page.getByText(/dígito da conta não confere \(Banco do Brasil, módulo 11\)/i).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/registers-conta-corrente-digito.png', fullPage: true });

  await page.locator('[data-cy=campo-numeroContaDigito]').fill('6');
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page)).toContainText('Cadastro incluído.');
  await page.locator('[data-cy=filtro-busca]').fill('jornada');
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);
});

test('processo judicial: created through its own cadastro route with a CNJ number', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2FprocessoJudicial');
  await entrar(page, 'carlos.fiscal');
  await expect(page.getByRole('heading', { name: 'Processo judicial', level: 1 })).toBeVisible();
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page).toHaveURL(/#\/processoJudicial\/cadastro$/);

  // 5000777-57.2024.4.04.7000, typed with a wrong DD first
  await page.locator('[data-cy=campo-numeroProcesso]').fill('5000777-00.2024.4.04.7000');
  await escolher(page, 'origem', /Justiça Federal/);
  await escolher(page, 'tributos', 'PIS');
  await escolher(page, 'indicadorSuspensao', /Liminar/);
  await page.locator('[data-cy=campo-descricaoDecisao]').fill('Liminar: PIS/COFINS sobre bonificações');
  for (const campo of ['dataDecisao', 'vigenciaInicio']) {
    await preencherData(page, page.locator(`[data-cy=campo-${campo}]`), '10/02/2025');
  }
  await expect(page.locator('[data-dates-dropdown]')).toHaveCount(0);
  // the form starts with the user's main store (Shopping Curitiba); Londrina is added
  await escolher(page, 'lojas', /Londrina/);
  await page.keyboard.press('Escape');
  await page.locator('[data-cy=salvar]').click();
  await expect(page.getByText(/número CNJ inválido/i).first()).toBeVisible();

  const dv = '57'; // 98 − (500077720244047000 00 mod 97)
  await page.locator('[data-cy=campo-numeroProcesso]').fill(`5000777-${dv}.2024.4.04.7000`);
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page)).toContainText('Cadastro incluído.');
  await expect(page).toHaveURL(/#\/processoJudicial(\?|$)/);
  const linha = page.locator('[data-cy=linha-registro]').filter({ hasText: `5000777-${dv}` });
  await expect(linha).toHaveCount(1);
  await expect(linha).toContainText('PIS');
});

test('motivo do cancelamento: with ACESSO only, Novo is disabled and the form is read-only', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2FmotivoCancelamento');
  await entrar(page, 'gabi.consulta');
  await expect(page.getByRole('heading', { name: 'Motivo do cancelamento', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=botao-novo]')).toBeDisabled();
  await page.locator('[data-cy=linha-registro]').first().dblclick();
  await expect(page.getByText('Somente leitura')).toBeVisible();
  await expect(page.locator('[data-cy=campo-descricao]')).toHaveAttribute('readonly', '');
  await expect(page.locator('[data-cy=salvar]')).toHaveCount(0);
});
