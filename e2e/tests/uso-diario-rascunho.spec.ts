/**
 * Issue #27.4, a session lost while editing keeps the edit: the typed register form survives a logout in
 * another tab (a draft in this tab's sessionStorage, never a password) and is offered back after the
 * sign-in ("Encontramos dados não salvos deste formulário. Recuperar?"); a 401 on save says the session
 * ended and the data is kept. Screenshots at 1366×768 and 1920×1080 in /tmp/shots.
 */
import { expect, type Page, test } from '@playwright/test';
import { entrar, login, SENHA } from './shell-helpers';

async function fotos(page: Page, nome: string) {
  for (const t of [
    { width: 1920, height: 1080 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(t);
    await page.screenshot({ path: `/tmp/shots/${nome}-${t.width}.png` });
  }
}

async function novaMarca(page: Page, descricao: string) {
  await page.goto('/app/#/marcasProduto');
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page.locator('[data-cy=formulario-registro]')).toBeVisible();
  await page.locator('[data-cy=campo-descricao]').fill(descricao);
}

test('logout em outra aba com o formulário digitado: depois de entrar, o rascunho é oferecido e recuperado', async ({
  context,
}) => {
  const a = await context.newPage();
  await a.setViewportSize({ width: 1366, height: 768 });
  await login(a, 'ana.admin');
  await novaMarca(a, 'Marca do rascunho');

  const b = await context.newPage();
  await b.goto('/app/#/');
  await expect(b.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await b.getByRole('button', { name: 'Menu do usuário' }).click();
  await b.locator('[data-cy=header-sair]').click();
  await expect(a.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  await b.close();
  // the draft is there, and no password nor token with it
  const guardado = await a.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(guardado).toContain('Marca do rascunho');
  expect(guardado).not.toContain(SENHA);
  expect(guardado).not.toMatch(/eyJ|accessToken/);

  await entrar(a, 'ana.admin');
  await expect(a.locator('[data-cy=formulario-registro]')).toBeVisible();
  const oferta = a.locator('[data-cy=rascunho-oferta]');
  await expect(oferta).toContainText('Encontramos dados não salvos deste formulário. Recuperar?');
  await expect(a.locator('[data-cy=campo-descricao]')).toHaveValue('');
  await fotos(a, 'rascunho-oferta');
  await a.locator('[data-cy=rascunho-recuperar]').click();
  await expect(a.locator('[data-cy=campo-descricao]')).toHaveValue('Marca do rascunho');
  await expect(oferta).toHaveCount(0);
});

test('401 ao salvar: diz que a sessão terminou e que os dados ficaram guardados', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'ana.admin');
  await novaMarca(page, 'Marca salva sem sessão');
  await page.route('**/api/v1/**', (r) =>
    r.request().method() === 'POST'
      ? r.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Sessão expirada.', reasons: [] }),
        })
      : r.fallback(),
  );
  await page.locator('[data-cy=salvar]').click();
  await expect(
    page.getByText(/Sua sessão terminou antes de salvar\. Os dados digitados ficaram guardados/),
  ).toBeVisible();
  await expect(page.getByText('Um erro inesperado aconteceu.')).toHaveCount(0);
  await expect(page.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  await page.unroute('**/api/v1/**');
  await entrar(page, 'ana.admin');
  await page.locator('[data-cy=rascunho-recuperar]').click();
  await expect(page.locator('[data-cy=campo-descricao]')).toHaveValue('Marca salva sem sessão');
});

test('ajuste de estoque com uma linha: a sessão termina em outra aba; no próximo Novo o documento é oferecido', async ({
  context,
}) => {
  const a = await context.newPage();
  await a.setViewportSize({ width: 1366, height: 768 });
  await login(a, 'diego.estoque');
  await a.goto('/app/#/estoque/ajustes');
  await expect(a.getByRole('heading', { name: 'Ajustes de estoque', level: 1 })).toBeVisible();
  await a.locator('[data-cy=botao-novo]').click();
  await expect(a.locator('[data-cy=form-ajuste]')).toBeVisible();
  await a.locator('[data-cy=ajuste-observacao]').fill('Ajuste do rascunho');
  await a.locator('[data-cy=item-codigo]').fill('1001');
  await a.keyboard.press('Enter');
  await expect(a.locator('[data-cy=item-linha]')).toHaveCount(1);

  const b = await context.newPage();
  await b.goto('/app/#/');
  await expect(b.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await b.getByRole('button', { name: 'Menu do usuário' }).click();
  await b.locator('[data-cy=header-sair]').click();
  await expect(a.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  await b.close();

  await entrar(a, 'diego.estoque');
  await a.goto('/app/#/estoque/ajustes');
  await a.locator('[data-cy=botao-novo]').click();
  await expect(a.locator('[data-cy=rascunho-oferta]')).toContainText('Encontramos dados não salvos');
  await expect(a.locator('[data-cy=item-linha]')).toHaveCount(0);
  await a.locator('[data-cy=rascunho-recuperar]').click();
  await expect(a.locator('[data-cy=item-linha]')).toHaveCount(1);
  await expect(a.locator('[data-cy=ajuste-observacao]')).toHaveValue('Ajuste do rascunho');
});
