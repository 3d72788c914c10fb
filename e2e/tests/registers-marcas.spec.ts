/** Register engine journeys on marcas: search, create with a validation error fixed, edit, export, in-use delete, read-only. */
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

const require = createRequire(import.meta.url);

async function abrirMarcas(page: Page, usuario = 'ana.admin') {
  await page.goto('/app/#/login?redirectFrom=%2FmarcasProduto');
  await entrar(page, usuario);
  await expect(page.getByRole('heading', { name: 'Marcas', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=linha-registro]').first()).toBeVisible();
}

const linhas = (page: Page) => page.locator('[data-cy=linha-registro]');

test('marcas: search kept in the URL, create with a validation error fixed, edit', async ({ page }) => {
  await abrirMarcas(page);
  await expect(page.locator('[data-cy=lista-total]')).toContainText('registros');

  // accent- and case-insensitive contains; the view lives in the URL after the #
  await page.locator('[data-cy=filtro-busca]').fill('mare');
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText('Maré');
  await expect(page).toHaveURL(/#\/marcasProduto\?busca=mare/);
  await page.reload();
  await expect(page.locator('[data-cy=filtro-busca]')).toHaveValue('mare');
  await expect(linhas(page)).toHaveCount(1);
  await page.screenshot({ path: 'test-results/registers-marcas-lista.png' });

  // create: the shared zod rule shows its message under the field
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page.locator('[data-cy=formulario-registro]')).toBeVisible();
  await page.locator('[data-cy=salvar]').click();
  const descricao = page.locator('[data-cy=campo-descricao]');
  await expect(page.getByText('Campo obrigatório.')).toBeVisible();
  await page.screenshot({ path: 'test-results/registers-marcas-form-erro.png' });
  await descricao.fill('Marca da jornada');
  // reference: server-side search over the suppliers, 'Nenhum resultado' when nothing matches
  const fabricante = page.locator('[data-cy=campo-fabricanteId]');
  await fabricante.click();
  await fabricante.fill('zzz');
  await expect(page.getByText('Nenhum resultado')).toBeVisible();
  await fabricante.fill('aurora');
  await page.getByRole('option', { name: /Aurora Cosméticos/ }).click();
  await expect(fabricante).toHaveValue(/^\d+ - Aurora Cosméticos$/);
  await page.screenshot({ path: 'test-results/registers-marcas-form.png' });
  await page.keyboard.press('Control+s');
  await expect(toast(page)).toContainText('Cadastro incluído.');
  // back on the list with its filter
  await expect(page).toHaveURL(/busca=mare/);
  await page.locator('[data-cy=filtro-busca]').fill('jornada');
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText('Marca da jornada');

  // edit through the kebab
  await linhas(page).first().locator('[data-cy=kebab-registro]').click();
  await page.locator('[data-cy=acao-editar]').click();
  await expect(descricao).toHaveValue('Marca da jornada');
  await descricao.fill('Marca da jornada editada');
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page).filter({ hasText: 'Alterações salvas.' })).toBeVisible();
  await expect(linhas(page).first()).toContainText('Marca da jornada editada');

  // inactivate, then the Situação filter finds it
  await linhas(page).first().locator('[data-cy=kebab-registro]').click();
  await page.locator('[data-cy=acao-alternar-ativo]').click();
  await expect(toast(page).filter({ hasText: 'Registro inativado.' })).toBeVisible();
  await page.locator('[data-cy=filtro-situacao]').getByText('Inativos').click();
  await expect(page).toHaveURL(/situacao=inativos/);
  await expect(linhas(page).first()).toContainText('Inativo');
});

test('marcas: unsaved changes are confirmed before leaving', async ({ page }) => {
  await abrirMarcas(page);
  await page.locator('[data-cy=botao-novo]').click();
  await page.locator('[data-cy=campo-descricao]').fill('Rascunho');
  await page.locator('[data-cy=voltar]').click();
  await expect(page.getByText('Há alterações que ainda não foram salvas.')).toBeVisible();
  await page.locator('[data-cy=continuar-editando]').click();
  await expect(page.locator('[data-cy=campo-descricao]')).toHaveValue('Rascunho');
  await page.locator('[data-cy=voltar]').click();
  await page.locator('[data-cy=descartar-alteracoes]').click();
  await expect(page.locator('[data-cy=tabela-registros]')).toBeVisible();
});

test('marcas: export to Excel honours the filter; a brand in use cannot be deleted', async ({ page }) => {
  await abrirMarcas(page);
  await page.locator('[data-cy=filtro-busca]').fill('aurora');
  await expect(page).toHaveURL(/busca=aurora/);
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText('Aurora');
  await page.locator('[data-cy=exportar]').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-cy=exportar-xlsx]').click(),
  ]);
  expect(download.suggestedFilename()).toBe('Marcas.xlsx');
  const ExcelJS = require('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const valores: string[] = [];
  wb.worksheets[0].eachRow((row: { values: unknown[] }) => valores.push(row.values.join('|')));
  expect(valores.length).toBe(2);
  expect(valores[1]).toContain('Aurora');

  // Aurora is used by demo products: the refusal explains why and offers to inactivate
  await linhas(page).first().locator('[data-cy=kebab-registro]').click();
  await page.locator('[data-cy=acao-excluir]').click();
  await page.locator('[data-cy=confirmar-exclusao]').click();
  await expect(page.locator('[data-cy=exclusao-recusada]')).toBeVisible();
  await expect(page.locator('[data-cy=inativar-em-vez]')).toBeVisible();
});

test('marcas: without INCLUIR the Novo button is disabled and the form is read-only', async ({ page }) => {
  await abrirMarcas(page, 'gabi.consulta');
  await expect(page.locator('[data-cy=botao-novo]')).toBeDisabled();
  await linhas(page).first().dblclick();
  await expect(page.getByText('Somente leitura')).toBeVisible();
  await expect(page.locator('[data-cy=campo-descricao]')).toHaveAttribute('readonly', '');
  await expect(page.locator('[data-cy=salvar]')).toHaveCount(0);
});
