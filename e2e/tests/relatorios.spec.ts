/**
 * Reports: 'Imprimir' of a small register list opens the PDF at once (and the bell still tells), then the
 * viewer; a record's history on screen, with its PDF through the files in processing and the bell.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { entrar } from './shell-helpers';

test('imprimir a lista de marcas: o PDF abre na hora, aviso no sino, visualizador, baixar', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2FmarcasProduto');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Marcas', level: 1 })).toBeVisible();
  await page.locator('[data-cy=filtro-busca]').fill('mare');
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);

  const sino = page.locator('[data-cy=sino]');
  const antes = Number((await sino.getAttribute('aria-label'))?.match(/\((\d+) não lidas\)/)?.[1] ?? 0);
  await page.locator('[data-cy=imprimir]').click();
  // one row: generated while the user waits and shown at once, with the browser's print
  const naTela = page.locator('[data-cy=pdf-na-tela]');
  await expect(naTela.locator('iframe')).toHaveAttribute('src', /^blob:/, { timeout: 30_000 });
  await expect(naTela.locator('[data-cy=pdf-imprimir]')).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(naTela).toHaveCount(0);

  // the realtime notification still raises the bell's unread count; nothing stays in processing
  await expect(sino).toHaveAttribute('aria-label', `Notificações (${antes + 1} não lidas)`, { timeout: 20_000 });
  await expect(page.locator('[data-cy=arquivos-em-processamento]')).toHaveCount(0);
  await sino.click();
  await page.locator('[data-cy=sino-item]').filter({ hasText: 'Relatório pronto' }).first().click();

  await expect(page).toHaveURL(/#\/visualizacao-relatorio\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Marcas', level: 1 })).toBeVisible();
  const quadro = page.locator('[data-cy=relatorio-pdf]');
  await expect(quadro).toHaveAttribute('src', /^blob:/);
  await expect(page.locator('[data-cy=relatorio-imprimir]')).toBeEnabled();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-cy=relatorio-baixar]').click(),
  ]);
  expect(download.suggestedFilename()).toBe('Marcas.pdf');
  const arquivo = await download.path();
  expect(fs.readFileSync(arquivo).subarray(0, 5).toString()).toBe('%PDF-');
  await page.screenshot({ path: 'test-results/relatorios-visualizador.png' });
});

test('visualizador: relatório de outro usuário ou inexistente não é encontrado', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2Fvisualizacao-relatorio%2F00000000-0000-4000-8000-000000000000');
  await entrar(page, 'gabi.consulta');
  await expect(page.getByRole('heading', { name: 'Relatório não encontrado.' })).toBeVisible();
});

test('histórico de alterações de uma marca na tela e em PDF, por um usuário só de consulta', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2FmarcasProduto');
  await entrar(page, 'gabi.consulta');
  await page.locator('[data-cy=filtro-busca]').fill('aurora');
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);
  await page.locator('[data-cy=linha-registro]').first().click();
  await page.locator('[data-cy=historico-alteracoes]').click();
  const historico = page.locator('[data-cy=historico-na-tela]');
  await expect(historico.getByText('Histórico de alterações — 1 - Aurora')).toBeVisible();
  await historico.locator('[data-cy=historico-pdf]').click();
  await expect(page.locator('[data-cy=toast]')).toContainText('Histórico de alterações — Marca 1 - Aurora');
  await historico.locator('[data-cy=historico-fechar]').click();
  const sino = page.locator('[data-cy=sino]');
  await expect(sino).toHaveAttribute('aria-label', 'Notificações (1 não lidas)', { timeout: 20_000 });
  await sino.click();
  await page.locator('[data-cy=sino-item]').filter({ hasText: 'Relatório pronto' }).first().click();
  await expect(page.getByRole('heading', { name: 'Histórico de alterações — Marca 1 - Aurora' })).toBeVisible();
  await expect(page.locator('[data-cy=relatorio-pdf]')).toHaveAttribute('src', /^blob:/);
});
