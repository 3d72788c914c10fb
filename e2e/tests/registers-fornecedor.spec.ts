/** Fornecedor on the register engine: alphanumeric CNPJ with its mask and check digits, address and contacts. */
import { expect, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

test('fornecedor: create with an alphanumeric CNPJ (fixed after a check-digit error) and a contact', async ({
  page,
}) => {
  await page.goto('/app/#/login?redirectFrom=%2Fpessoa%2Ffornecedor%3Fsituacao%3Dativos');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Fornecedor', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=linha-registro]').first()).toContainText(/\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);

  await page.locator('[data-cy=botao-novo]').click();
  await expect(page).toHaveURL(/#\/pessoa\/fornecedor\/cadastro$/);
  const cnpj = page.locator('[data-cy=campo-numeroDoDocumento]');
  // the mask takes letters (CNPJ from July 2026) and upper-cases them
  await cnpj.fill('12abc34501de36');
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-36');
  await page.locator('[data-cy=campo-nome]').fill('Fornecedor Alfanumérico Ltda');
  await page.locator('[data-cy=campo-fantasia]').fill('Alfa Numérico');
  await page.locator('[data-cy=campo-endereco\\.cep]').fill('80010000');
  await expect(page.locator('[data-cy=campo-endereco\\.cep]')).toHaveValue('80010-000');
  await page.locator('[data-cy=adicionar-contatos]').click();
  await page.locator('[data-cy=campo-contatos\\.0\\.tipo]').click();
  await page.getByRole('option', { name: 'EMAIL', exact: true }).click();
  await page.locator('[data-cy=campo-contatos\\.0\\.nome]').fill('Paula');
  await page.locator('[data-cy=campo-contatos\\.0\\.valor]').fill('paula@alfa.com.br');
  await page.locator('[data-cy=salvar]').click();
  await expect(page.getByText('CPF ou CNPJ inválido.')).toBeVisible();
  await page.screenshot({ path: 'test-results/registers-fornecedor-form.png', fullPage: true });

  await cnpj.fill('12ABC34501DE35');
  await page.keyboard.press('Control+s');
  await expect(toast(page)).toContainText('Cadastro incluído.');
  // back to the list as it was left (filter Ativos)
  await expect(page).toHaveURL(/#\/pessoa\/fornecedor\?situacao=ativos/);
  await page.locator('[data-cy=filtro-busca]').fill('12.ABC.345');
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);
  await expect(page.locator('[data-cy=linha-registro]').first()).toContainText('12.ABC.345/01DE-35');
  await page.screenshot({ path: 'test-results/registers-fornecedor-lista.png' });

  // the contact was saved with the supplier
  await page.locator('[data-cy=linha-registro]').first().dblclick();
  await expect(page.locator('[data-cy=campo-contatos\\.0\\.valor]')).toHaveValue('paula@alfa.com.br');
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
});
