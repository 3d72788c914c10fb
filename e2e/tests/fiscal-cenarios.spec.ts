/**
 * Cenários fiscais journey: the fiscal user (carlos.fiscal) creates a scenario by NCM (CST offered for CRT 3,
 * CSOSN hidden) and a scenario by operação (NFC-e refuses a CFOP outside its list, under the field) through the
 * forms; each tab of the list keeps its own search. Own data: a description and a vigência nobody else uses.
 */
import { expect, type Page, test } from '@playwright/test';
import { entrar, preencherData, toast } from './shell-helpers';

async function escolher(page: Page, campo: string, opcao: RegExp | string, busca?: string) {
  const input = page.locator(`[data-cy=campo-${campo}]`);
  await input.click();
  if (busca) await input.fill(busca);
  await page.getByRole('option', { name: opcao }).first().click();
}

async function data(page: Page, campo: string, valor: string) {
  await preencherData(page, page.locator(`[data-cy=campo-${campo}]`), valor);
}

test('carlos.fiscal creates a scenario by NCM and one by operação through the forms', async ({ page }) => {
  test.setTimeout(90_000);
  const marca = `${Date.now() % 100000}`;
  const ano = String(2200 + (Date.now() % 700));
  await page.goto('/app/#/login?redirectFrom=%2Ffiscal%2Fcenarios-fiscais');
  await entrar(page, 'carlos.fiscal');
  await expect(page.getByRole('heading', { name: 'Cenários fiscais', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=aba-cenarios-ncm]')).toHaveAttribute('aria-selected', 'true');
  // the demo scenarios are listed
  await expect(page.locator('[data-cy=linha-registro]').first()).toBeVisible();

  // by NCM
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page).toHaveURL(/#\/fiscal\/cenarios-fiscais\/ncm$/);
  await page.locator('[data-cy=campo-descricao]').fill(`Colônia jornada ${marca}`);
  await escolher(page, 'ncm', /3303\.?00\.?20/, 'aguas-de-colonia');
  await escolher(page, 'ufOrigem', /^PR$/, 'PR');
  await escolher(page, 'ufDestino', /^RS$/, 'RS');
  await page.locator('[data-cy=campo-crt]').fill('3');
  // CRT 3 is the regime normal: CST, never CSOSN
  await expect(page.locator('[data-cy=campo-csosn]')).toHaveCount(0);
  await data(page, 'vigenciaInicio', `01/01/${ano}`);
  await data(page, 'vigenciaFim', `31/12/${ano}`);
  await escolher(page, 'cst', /^10$/, '10');
  await page.locator('[data-cy=campo-aliquota]').fill('12');
  await escolher(page, 'modBCST', /Margem valor agregado/);
  await page.locator('[data-cy=campo-mva]').fill('71,78');
  await page.locator('[data-cy=campo-aliquotaSt]').fill('17');
  await page.screenshot({ path: 'test-results/fiscal-cenarios-ncm-formulario.png', fullPage: true });
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page)).toContainText('Cadastro incluído.');
  await expect(page).toHaveURL(/#\/fiscal\/cenarios-fiscais(\?|$)/);
  await page.locator('[data-cy=filtro-busca]').fill(`jornada ${marca}`);
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);
  await expect(page.locator('[data-cy=linha-registro]')).toContainText('3303.00.20');

  // by operação, on its tab: the NCM tab's search waits there
  await page.locator('[data-cy=aba-cenarios-operacao]').click();
  await expect(page.locator('[data-cy=filtro-busca]')).toHaveValue('');
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page).toHaveURL(/#\/fiscal\/cenarios-fiscais\/operacao$/);
  await escolher(page, 'tipoOperacao', 'Bonificação');
  await escolher(page, 'modelo', /65 - NFC-e/);
  await escolher(page, 'abrangencia', /Estadual/);
  // the CFOP picked from the official table's search, by the keyboard
  await page.locator('[data-cy=pesquisar-cfop]').click();
  await page.locator('[data-cy=pesquisa-cfop-busca]').fill('591');
  await expect(page.locator('[data-cy=pesquisa-cfop-item]').first()).toContainText('5.910');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=campo-cfop]')).toHaveValue('5.910');
  await page.locator('[data-cy=campo-naturezaOperacao]').fill(`Bonificação jornada ${marca}`);
  await data(page, 'vigenciaInicio', `01/01/${ano}`);
  await data(page, 'vigenciaFim', `31/12/${ano}`);
  await page.locator('[data-cy=salvar]').click();
  await expect(page.getByText(/NFC-e aceita somente os CFOP 5101, 5102/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/fiscal-cenarios-nfce-cfop.png', fullPage: true });
  await escolher(page, 'modelo', /55 - NF-e/);
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page)).toContainText('Cadastro incluído.');
  await expect(page.locator('[data-cy=aba-cenarios-operacao]')).toHaveAttribute('aria-selected', 'true');
  await page.locator('[data-cy=filtro-busca]').fill(`jornada ${marca}`);
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);
  await expect(page.locator('[data-cy=linha-registro]')).toContainText('5.910');

  // back on the NCM tab its own search is still there
  await page.locator('[data-cy=aba-cenarios-ncm]').click();
  await expect(page.locator('[data-cy=filtro-busca]')).toHaveValue(`jornada ${marca}`);
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);
});

test('a link that creates the missing scenario opens the form with its scope filled in', async ({ page }) => {
  await page.goto(
    `/app/#/login?redirectFrom=${encodeURIComponent('/fiscal/cenarios-fiscais/ncm?ncm=33030020&ufOrigem=SP&ufDestino=TODAS&crt=1')}`,
  );
  await entrar(page, 'carlos.fiscal');
  await expect(page.getByRole('heading', { name: 'Cenário fiscal por NCM', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=campo-ncm]')).toHaveValue(/3303\.00\.20/);
  await expect(page.locator('[data-cy=campo-ufOrigem]')).toHaveValue('SP');
  await expect(page.locator('[data-cy=campo-crt]')).toHaveValue('1');
  // CRT 1 is the Simples: CSOSN, never CST
  await expect(page.locator('[data-cy=campo-csosn]')).toBeVisible();
  await expect(page.locator('[data-cy=campo-cst]')).toHaveCount(0);
});
