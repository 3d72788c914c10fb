/**
 * Keyboard-first daily use of the register screens: '/' to the search, Alt+N, the first field focused,
 * Enter from field to field saving on the last one, arrows and Enter on the list, Esc through the
 * unsaved-changes guard, Ctrl+S, a click on a row, the '?' sheet, Ctrl+K finding records, the history
 * on screen; the form is checked with axe. Data of its own (unique names): the server is shared.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

const linhas = (page: Page) => page.locator('[data-cy=linha-registro]');

async function abrirMarcas(page: Page) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/app/#/login?redirectFrom=%2FmarcasProduto');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Marcas', level: 1 })).toBeVisible();
  await expect(linhas(page).first()).toBeVisible();
}

/** GTIN check digit (mod 10, weights 3 and 1 from the right), as the demo seed computes its EANs. */
function gtin(corpo: string): string {
  const soma = [...corpo].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${corpo}${(10 - (soma % 10)) % 10}`;
}

test('marca só no teclado: incluir, achar, abrir, sair com aviso, salvar com Ctrl+S', async ({ page }) => {
  const nome = `Teclado ${Date.now().toString(36)}`;
  await abrirMarcas(page);

  // '/' goes to the search from anywhere on the list
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  await expect(page.locator('[data-cy=filtro-busca]')).toBeFocused();

  // Alt+N opens a new record with the first field taking the typing
  await page.keyboard.press('Escape');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Alt+n');
  await expect(page.locator('[data-cy=formulario-registro]')).toBeVisible();
  await expect(page.locator('[data-cy=campo-descricao]')).toBeFocused();

  // the form passes axe (no serious or critical violation)
  const axe = await new AxeBuilder({ page }).include('[data-cy=formulario-registro]').analyze();
  const graves = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(graves.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Enter walks the fields (the supplier picker too) and saves on the last one
  await page.keyboard.type(nome);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=campo-fabricanteId]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=campo-idExterno]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=campo-ativo]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('Cadastro incluído.');
  await expect(page.locator('[data-cy=formulario-registro]')).toHaveCount(0);

  // find it: '/', type; then the table takes the arrows and Enter opens the selected row
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  await page.keyboard.type(nome);
  await expect(linhas(page)).toHaveCount(1);
  // ↓ from the search goes into the table and selects the first row
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-cy=tabela-registros]')).toBeFocused();
  await expect(linhas(page).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=campo-descricao]')).toHaveValue(nome);
  await expect(page.locator('[data-cy=campo-descricao]')).toBeFocused();

  // Esc with a change asks first; Esc again closes the question and the typing is kept
  await page.keyboard.type(' 2');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Há alterações que ainda não foram salvas.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Há alterações que ainda não foram salvas.')).toHaveCount(0);
  await expect(page.locator('[data-cy=campo-descricao]')).toHaveValue(`${nome} 2`);

  // Ctrl+S saves from anywhere in the form
  await page.keyboard.press('Control+s');
  await expect(toast(page)).toContainText('Alterações salvas.');
  await expect(linhas(page).first()).toContainText(`${nome} 2`);

  // one click on a row opens it; Esc without changes leaves at once
  await linhas(page).first().click();
  await expect(page.locator('[data-cy=campo-descricao]')).toHaveValue(`${nome} 2`);

  // the history on screen: who, what, before → after
  await page.locator('[data-cy=historico-alteracoes]').click();
  const historico = page.locator('[data-cy=historico-na-tela]');
  await expect(historico.locator('[data-cy=historico-entrada]')).toHaveCount(2);
  await expect(historico.locator('[data-cy=historico-entrada]').first()).toContainText('Alteração');
  await expect(historico.locator('[data-cy=historico-entrada]').first()).toContainText(`${nome} 2`);
  await expect(historico.locator('[data-cy=historico-entrada]').first()).toContainText('Ana');
  await page.keyboard.press('Escape');
  await expect(historico.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[data-cy=formulario-registro]')).toBeVisible();
  await page.locator('[data-cy=campo-descricao]').focus();
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-cy=formulario-registro]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Marcas', level: 1 })).toBeVisible();

  // '?' lists every shortcut
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('?');
  const folha = page.getByRole('dialog', { name: 'Atalhos do teclado' });
  await expect(folha).toContainText('Ir para o próximo campo (no último campo, salva)');
  await expect(folha).toContainText('Ctrl');
  await page.screenshot({ path: 'test-results/uso-diario-atalhos.png' });
  await page.keyboard.press('Escape');
  await expect(folha).toHaveCount(0);
});

test('formulário que começa por uma seleção: a lista não abre sozinha e um Esc sai', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/app/#/login?redirectFrom=%2Fpessoa%2Ffornecedor%2Fcadastro%2F');
  await entrar(page, 'ana.admin');
  const form = page.locator('[data-cy=formulario-registro]');
  await expect(form).toBeVisible();
  // the first field (Tipo de pessoa, a searchable select) takes the focus with its list closed
  const primeiro = form.locator('input:focus');
  await expect(primeiro).toHaveCount(1);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  // ArrowDown opens the list from the keyboard; Esc closes it and a second Esc leaves the untouched form
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
});

test('lista densa: mais de 9 linhas a 1366×768 e as ações da linha à vista a 800 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // NCM: the official table, many rows on every database
  await page.goto('/app/#/login?redirectFrom=%2Fncm');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'NCM', level: 1 })).toBeVisible();
  await expect(linhas(page).first()).toBeVisible();
  await page.locator('[data-cy=tamanho-pagina]').click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(linhas(page)).toHaveCount(25);
  const visiveis = await linhas(page).evaluateAll(
    (ls) => ls.filter((l) => l.getBoundingClientRect().bottom <= window.innerHeight).length,
  );
  expect(visiveis).toBeGreaterThan(9);
  const altura = await linhas(page)
    .first()
    .evaluate((l) => l.getBoundingClientRect().height);
  console.log(`1366×768: ${visiveis} linhas visíveis, ${altura.toFixed(1)} px por linha`);
  await page.screenshot({ path: 'test-results/uso-diario-lista-1366.png' });
  // the page size is remembered for this list
  await page.goto('/app/#/ncm');
  await expect(linhas(page)).toHaveCount(25);

  await page.setViewportSize({ width: 800, height: 700 });
  const kebab = page.locator('[data-cy=kebab-registro]').first();
  const caixa = await kebab.boundingBox();
  expect(caixa).not.toBeNull();
  expect((caixa?.x ?? 0) + (caixa?.width ?? 0)).toBeLessThanOrEqual(800);
  await kebab.click();
  await expect(page.locator('[data-cy=acao-editar]')).toBeVisible();
  await page.screenshot({ path: 'test-results/uso-diario-lista-800.png' });
});

test('Ctrl+K: telas sem acento e registros — fornecedor pelo CNPJ, produto pelo EAN', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/app/#/login');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();

  const busca = page.getByRole('textbox', { name: 'Buscar tela ou registro' });
  await page.keyboard.press('Control+k');
  await busca.fill('SECOES');
  await expect(page.getByRole('button', { name: /Seções, grupos e subgrupos/ }).first()).toBeVisible();

  await busca.fill('60.914.833/0001-90');
  const fornecedor = page.locator('[data-cy=paleta-registro]').first();
  await expect(fornecedor).toContainText('Aurora Cosméticos');
  await expect(fornecedor).toContainText('Fornecedor');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=formulario-registro]')).toBeVisible();
  await expect(page.locator('[data-cy=identificacao-registro]')).toContainText('Aurora Cosméticos');
  // the supplier's form (documents, address, contacts) passes axe too
  const axe = await new AxeBuilder({ page }).include('[data-cy=formulario-registro]').analyze();
  const graves = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(graves.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.keyboard.press('Control+k');
  await busca.fill(gtin('200000000001'));
  const produto = page.locator('[data-cy=paleta-registro]').first();
  await expect(produto).toContainText(`EAN ${gtin('200000000001')}`);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=formulario-registro]')).toBeVisible();
});
