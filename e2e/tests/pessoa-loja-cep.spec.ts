/**
 * The store form's CEP fills its address fields (UF, município with its IBGE code, street, district) as on
 * the pessoa forms. The CEP service's answer is the browser's stand-in here (the journeys' server has no CEP
 * service; the route itself is covered by the API tests); without a service the form says what to do.
 */
import { expect, test } from '@playwright/test';
import { login } from './shell-helpers';

const CURITIBA = {
  cep: '80020310',
  uf: 'PR',
  codigoIbge: '4106902',
  municipio: 'Curitiba',
  logradouro: 'Rua XV de Novembro',
  bairro: 'Centro',
};

test('loja: um CEP completo preenche UF, município, logradouro e bairro', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.route('**/api/v1/cep/80020310', (r) => r.fulfill({ json: CURITIBA }));
  await page.goto('/app/#/lojas?registro=novo');
  await page.locator('[data-cy=campo-cep]').fill('80020310');
  await expect(page.locator('[data-cy=campo-uf]')).toHaveValue('PR');
  await expect(page.locator('[data-cy=campo-municipio]')).toHaveValue('Curitiba');
  await expect(page.locator('[data-cy=campo-codigoIbge]')).toHaveValue(/4106902|Curitiba/);
  await expect(page.locator('[data-cy=campo-logradouro]')).toHaveValue('Rua XV de Novembro');
  await expect(page.locator('[data-cy=campo-bairro]')).toHaveValue('Centro');
  await page.screenshot({ path: test.info().outputPath('loja-cep.png'), fullPage: true });
});

test('loja: sem serviço de CEP o formulário avisa e nada é preenchido', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/lojas?registro=novo');
  await page.locator('[data-cy=campo-cep]').fill('74003010');
  await expect(page.locator('[data-cy=aviso-cep]')).toContainText('escolha a UF e o município na lista');
  await expect(page.locator('[data-cy=campo-logradouro]')).toHaveValue('');
});
