/**
 * Issue #27.9, Saldo de estoque on screen: Consultar (Enter) lists the balances in the shared table (store,
 * location, product, the quantity in its unit's decimals, average cost, value), paged, with the totals per
 * store; a store filter narrows both; Exportar CSV downloads them; Gerar Excel still asks the file. Screenshots at 1366×768 and 1920×1080.
 */
import fs from 'node:fs/promises';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { login } from './shell-helpers';

async function fotos(page: Page, nome: string) {
  for (const t of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(t);
    await page.screenshot({ path: `/tmp/shots/${nome}-${t.width}.png`, fullPage: true });
  }
}

/** The screen, framed on the /vf host for holders of the legacy permission, or in the page. */
async function tela(page: Page): Promise<Page | FrameLocator> {
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Saldo de estoque');
  const quadro = page.locator('iframe#legadoFrame');
  return (await quadro.count()) ? page.frameLocator('iframe#legadoFrame') : page;
}

test('Saldo de estoque na tela: tabela paginada, totais por loja, filtro de loja, arquivos mantidos', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'ana.admin');
  await page.goto('/app/#/estoque/saldo-estoque');
  const t = await tela(page);
  await t.locator('[data-cy=saldos-consultar]').click();
  const lista = t.locator('[data-cy=saldos-na-tela]');
  const tabela = lista.getByRole('table', { name: 'Saldos de estoque' });
  await expect(tabela.getByRole('row').nth(1)).toBeVisible();
  await expect(tabela.getByRole('columnheader', { name: 'Valor em estoque' })).toBeVisible();
  await expect(lista.locator('[data-cy=lista-total]')).toContainText(/\d/);
  const totais = t.locator('[data-cy=saldos-total-loja]');
  expect(await totais.count()).toBeGreaterThan(1);
  await expect(totais.first()).toContainText(/R\$/);
  // a row shows the product's name and a quantity without the ledger's 4 decimals
  const linha = tabela.getByRole('row').nth(1);
  await expect(linha).toContainText(/BV\d\d/);
  await expect(linha).not.toContainText(/\d,\d{4}\b/);
  await fotos(page, 'saldo-estoque-tela');

  // one store: the table and the totals narrow to it
  await page.setViewportSize({ width: 1366, height: 768 });
  const lojas = t.locator('[data-cy=filtro-lojas]');
  await lojas.click();
  // stores are labelled 'id - fantasia' (spec); the table's column keeps the short sigla
  await t.getByRole('option', { name: '2 - Londrina', exact: true }).click();
  // leaving the picker keeps the choice (Esc would drop it)
  await t.getByRole('heading', { name: 'Saldo de estoque' }).click();
  await expect(lojas).toContainText('2 - Londrina');
  await t.locator('[data-cy=saldos-consultar]').click();
  await expect(totais).toHaveCount(1);
  await expect(totais.first()).toContainText('BV02');
  await expect(tabela.getByRole('row').nth(1)).toContainText('BV02');
  await expect(t.locator('#gerar')).toBeEnabled();
  // the CSV of the same filters: every balance of BV02, ';'-separated
  const baixando = page.waitForEvent('download');
  await t.locator('[data-cy=saldos-exportar-csv]').click();
  const csv = await baixando;
  expect(csv.suggestedFilename()).toMatch(/^saldo-de-estoque-\d{4}-\d{2}-\d{2}\.csv$/);
  const texto = (await fs.readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const linhas = texto.trim().split('\r\n');
  expect(linhas[0]).toBe('Loja;Local;Código;Produto;Unidade;Saldo;Custo médio;Valor em estoque');
  expect(linhas.length).toBeGreaterThan(1);
  expect(linhas.slice(1).every((l) => l.startsWith('BV02;'))).toBe(true);
});
