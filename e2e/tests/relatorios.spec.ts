/** Reports (issue 7): 'Imprimir' on a register list → file in processing → bell notification → viewer with the PDF. */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { entrar } from './shell-helpers';

test('imprimir a lista de marcas: aviso no sino, visualizador com o PDF, baixar', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2FmarcasProduto');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Marcas', level: 1 })).toBeVisible();
  await page.locator('[data-cy=filtro-busca]').fill('mare');
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);

  const sino = page.locator('[data-cy=sino]');
  const antes = Number((await sino.getAttribute('aria-label'))?.match(/\((\d+) não lidas\)/)?.[1] ?? 0);
  await page.locator('[data-cy=imprimir]').click();
  await expect(page.locator('[data-cy=toast]')).toContainText('você será avisado pelo sino');

  // the realtime notification raises the bell's unread count and clears the file in processing
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

test('histórico de alterações de uma marca, pedido do formulário por um usuário só de consulta', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2FmarcasProduto');
  await entrar(page, 'gabi.consulta');
  await page.locator('[data-cy=filtro-busca]').fill('aurora');
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);
  await page.locator('[data-cy=linha-registro]').first().dblclick();
  await page.locator('[data-cy=historico-alteracoes]').click();
  await expect(page.locator('[data-cy=toast]')).toContainText('Histórico de alterações — Marca 1 - Aurora');
  const sino = page.locator('[data-cy=sino]');
  await expect(sino).toHaveAttribute('aria-label', 'Notificações (1 não lidas)', { timeout: 20_000 });
  await sino.click();
  await page.locator('[data-cy=sino-item]').filter({ hasText: 'Relatório pronto' }).first().click();
  await expect(page.getByRole('heading', { name: 'Histórico de alterações — Marca 1 - Aurora' })).toBeVisible();
  await expect(page.locator('[data-cy=relatorio-pdf]')).toHaveAttribute('src', /^blob:/);
});
