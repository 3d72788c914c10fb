/**
 * The administrator reads the stock settings, switches a store's negative-balance policy off and back to the
 * company's value, closes a store's stock up to a past day and reopens it (with the error a typo gets), and
 * recomputes the store's average cost.
 */
import { expect, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

test('parâmetros de estoque: política de saldo negativo, fechamento e reabertura', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2Festoque%2Fparametros');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Parâmetros de estoque', level: 1 })).toBeVisible();
  const linha = page.locator('[data-cy=parametros-loja][data-sigla=BV03]');
  await expect(linha).toBeVisible();
  await expect(linha.locator('[data-cy=fechado-ate]')).toContainText('Aberto');

  // the settings section (settings kit): the company's inventory switch, then BV03's own negative-balance policy
  const secao = page.locator('[data-cy=configuracoes-estoque]');
  await expect(secao.getByRole('switch', { name: 'Inventário habilitado' })).toBeChecked();
  await secao.locator('[data-cy=configuracoes-nivel]').getByText('BV03').click();
  const politica = secao.locator('[data-cy=parametro][data-chave="estoque.permiteSaldoNegativo"]');
  const chave = politica.getByRole('switch', { name: 'Aceita saldo negativo' });
  await expect(chave).toBeChecked();
  await expect(politica.locator('[data-cy=origem]')).toHaveText('Padrão');
  await chave.click({ force: true });
  await expect(toast(page)).toContainText('Configuração salva: Aceita saldo negativo.');
  await expect(chave).not.toBeChecked();
  await expect(politica.locator('[data-cy=origem]')).toHaveText('Desta loja');
  await politica.locator('[data-cy=herdar-parametro]').click();
  await expect(chave).toBeChecked();
  await expect(politica.locator('[data-cy=origem]')).toHaveText('Padrão');

  await linha.locator('[data-cy=botao-fechar]').click();
  const campo = page.locator('[data-cy=data-fechamento]');
  await campo.fill('31/02/2020');
  await campo.press('Enter');
  await expect(page.getByText('Informe uma data válida no formato dd/mm/aaaa.')).toBeVisible();
  await campo.fill('31/01/2020');
  // more than a year back: the server asks for confirmation, the screen asks the user (issue 26)
  const pergunta = page.waitForEvent('dialog');
  await campo.press('Enter');
  const dialogo = await pergunta;
  expect(dialogo.message()).toContain('mais de um ano atrás');
  await dialogo.accept();
  await expect(toast(page)).toContainText('Estoque da loja BV03 fechado até 31/01/2020.');
  await expect(linha.locator('[data-cy=fechado-ate]')).toContainText('31/01/2020');
  await page.screenshot({ path: test.info().outputPath('parametros.png') });

  await linha.locator('[data-cy=botao-reabrir]').click();
  await page.locator('[data-cy=confirmar-fechamento]').click();
  await expect(toast(page)).toContainText('Estoque da loja BV03 reaberto.');
  await expect(linha.locator('[data-cy=fechado-ate]')).toContainText('Aberto');

  await linha.locator('[data-cy=botao-recalcular]').click();
  await page.locator('[data-cy=data-fechamento]').fill('01/01/2024');
  await page.locator('[data-cy=confirmar-fechamento]').click();
  await expect(toast(page)).toContainText(
    /Custo médio da loja BV03 recalculado desde 01\/01\/2024: \d+ produtos?, \d+ movimentos?\./,
  );
});
