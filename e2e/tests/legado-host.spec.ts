import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hashDe, login, SENHA } from './shell-helpers';

const require = createRequire(import.meta.url);

const EXTRATO_B = 'Estoque > Relatórios > Extrato de estoque';

test('a legacy permission holder lands on /vf: breadcrumb from b, our own screen framed in full-screen mode', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  // ana.admin holds every permission, PERM_RELATORIO_EXTRATO_ESTOQUE_ACESSO included
  await login(page, 'ana.admin');
  await page.goto('/app/#/estoque/extrato-estoque');
  await expect
    .poll(() => decodeURIComponent(hashDe(page)))
    .toBe(`#/vf?r=/relatorioExtratoEstoque/index&b=${EXTRATO_B}`);
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Extrato de estoque');
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Relatórios');

  // the host keeps its menu and header; the frame is this app, signed in by the shared session
  await expect(page.locator('[data-cy^=sidemenu-item-]').first()).toBeVisible();
  const quadro = page.frameLocator('iframe#legadoFrame');
  // the Extrato de estoque screen, framed
  await expect(quadro.locator('[data-cy=extrato-filtros]')).toBeVisible();
  await expect(quadro.getByRole('heading', { name: 'Extrato de estoque' })).toBeVisible();
  // full-screen mode inside: no side menu, no header, no breadcrumb
  await expect(quadro.locator('[data-cy^=sidemenu-item-]')).toHaveCount(0);
  await expect(quadro.locator('header')).toHaveCount(0);
  await expect(quadro.locator('[data-cy=breadcrumb]')).toHaveCount(0);
  const src = await page.locator('iframe#legadoFrame').getAttribute('src');
  expect(src).toMatch(/#\/estoque\/extrato-estoque\?.*fullScreen=true/);

  await page.screenshot({ path: path.join(import.meta.dirname, '../test-results/legado-host-vf.png') });
});

test('ids and the sub-screen in r reach the framed route; an unknown r shows the 404 page inside the shell', async ({
  page,
}) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/inventario/5/finalizar');
  await expect.poll(() => decodeURIComponent(hashDe(page))).toContain('r=/inventario/index?id=5&etapa=finalizar');
  await expect(page.locator('iframe#legadoFrame')).toHaveAttribute('src', /#\/inventario\/5\/finalizar\?/);
  await expect(
    page.frameLocator('iframe#legadoFrame').getByRole('heading', { name: 'Finalização de inventário' }),
  ).toBeVisible();

  await page.goto('/app/#/vf?r=/naoExiste/index&b=Estoque > Relatórios > Tela antiga');
  await expect(
    page.getByRole('heading', { name: 'Lamentamos, não foi possível encontrar essa página.' }),
  ).toBeVisible();
  // inside the shell: the menu and the breadcrumb from b stay
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Tela antiga');
  await expect(page.locator('[data-cy^=sidemenu-item-]').first()).toBeVisible();
  await expect(page.locator('iframe#legadoFrame')).toHaveCount(0);
});

test('a session ended inside the frame logs the host out', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/estoque/extrato-estoque');
  await expect(page.frameLocator('iframe#legadoFrame').locator('[data-cy=extrato-filtros]')).toBeVisible();
  const quadro = page.frames().find((f) => f.url().includes('quadroLegado=1'));
  expect(quadro).toBeTruthy();
  // the frame tells the host (same origin, from its own frame): the host logs out
  await quadro?.evaluate(() => window.parent.postMessage({ tipo: 'retaguarda:sessao-encerrada' }, location.origin));
  await expect.poll(() => hashDe(page)).toMatch(/^#\/login/);
  // back to /vf after signing in again
  expect(decodeURIComponent(decodeURIComponent(hashDe(page)))).toContain('redirectFrom=/vf?r=/relatorioExtratoEstoque');
});

test('a message from another window does not end the session', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/estoque/extrato-estoque');
  await expect(page.frameLocator('iframe#legadoFrame').locator('[data-cy=extrato-filtros]')).toBeVisible();
  // the host page itself (not its frame) posts the message: ignored
  await page.evaluate(() => window.postMessage({ tipo: 'retaguarda:sessao-encerrada' }, location.origin));
  await page.waitForTimeout(500);
  expect(hashDe(page)).toMatch(/^#\/vf\?/);
});

test('a 401 inside the frame ends the session of the host too', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/estoque/extrato-estoque');
  await expect(page.frameLocator('iframe#legadoFrame').locator('[data-cy=extrato-filtros]')).toBeVisible();
  // from now on the frame's API calls find an ended session (the host's still pass)
  await page.route('**/api/**', (route) =>
    route.request().frame() === page.mainFrame()
      ? route.continue()
      : route.fulfill({ status: 401, json: { message: 'Sessão encerrada.', reasons: [] } }),
  );
  const quadro = page.frames().find((f) => f.url().includes('quadroLegado=1'));
  await quadro?.evaluate(() => {
    location.hash = '#/genero?fullScreen=true';
  });
  await expect.poll(() => hashDe(page), { timeout: 15_000 }).toMatch(/^#\/login/);
});

test('entering /vf with renewd forces logout, and the way back drops renewd', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/vf?r=/relatorioExtratoEstoque/index&b=Estoque&renewd=true');
  await expect.poll(() => hashDe(page)).toMatch(/^#\/login/);
  expect(decodeURIComponent(hashDe(page))).toContain('redirectFrom=/vf?r=');
  expect(decodeURIComponent(hashDe(page))).not.toContain('renewd');
});

test("the robot's path to Saldo de estoque (api-compat C12): login hooks, menu, iframe, store popup, the XLS read back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  // exactly the selectors the robot uses, in its order
  await page.goto('/app/#/login');
  await page.locator('input[data-cy=login-usuario-input-field]').fill('ana.admin');
  await page.locator('input[data-cy=login-senha-input-field]').fill(SENHA);
  await page.locator('button[data-cy=login-entrar-button]').click();
  await page.locator('div[data-cy=sidemenu-item-estoque]').click();
  await page.locator('div[data-cy=sidemenu-item-relatorios]').click();
  await page.locator('a[data-cy=sidemenu-item-saldo-de-estoque]').click();
  await expect
    .poll(() => decodeURIComponent(hashDe(page)))
    .toContain('#/vf?r=/relatorioSaldoEstoque/index&b=Estoque > Relatórios > Saldo de estoque');
  const quadro = page.locator('.MainGB_mainContent_1z6Zo').locator('iframe#legadoFrame').contentFrame();

  // the second panel holds the old store link; its inline onclick opens the popup (allowed by the CSP's hash)
  const link = quadro.locator('div.panel.panel-default').nth(1).locator('a[onclick="jQuery.iniciaPopupAdcaoDeLoja()"]');
  await link.click();
  await quadro.locator('input[name="filtro.codigo"]').fill('2');
  await quadro.locator('#botaoPesquisarPopup').click();
  // the search by code finds that store only
  await expect(quadro.locator('[id^=checkPopupPesquisa]')).toHaveCount(1);
  await quadro.locator('#checkPopupPesquisa2').click();
  await quadro.locator('#botaoConcluirSelecaoPopupPesquisa').click();
  await expect(quadro.locator('[data-cy=filtro-lojas]')).toContainText('2 - Londrina');
  await quadro.locator('#ambos').click();
  await quadro.locator('#situacaoEmEstoquePositivo').click();
  await quadro.locator('#formatoXLS').click();
  await page.screenshot({ path: path.join(import.meta.dirname, '../test-results/legado-saldo-estoque.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), quadro.locator('#gerar').click()]);
  expect(download.suggestedFilename()).toBe('relatorioSaldoEstoque.xls');

  // the file is a workbook (XLSX bytes under the old name): the balances of store 2, positive only
  const ExcelJS = require('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const linhas: unknown[][] = [];
  wb.worksheets[0].eachRow((row: { values: unknown[] }) => linhas.push(row.values.slice(1)));
  const cab = linhas.findIndex((l) => l[0] === 'Loja' && l[1] === 'Local');
  expect(cab).toBeGreaterThanOrEqual(0);
  const saldos = [];
  for (const l of linhas.slice(cab + 1)) {
    if (typeof l[4] !== 'number') break;
    saldos.push(l);
  }
  expect(saldos.length).toBeGreaterThan(0);
  expect(saldos.every((l) => l[0] === 'BV02' && (l[4] as number) > 0)).toBe(true);
});
