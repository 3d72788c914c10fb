import { expect, test } from '@playwright/test';
import { entrar, hashDe, login } from './shell-helpers';

test('an anonymous deep link goes to login with redirectFrom and comes back after signing in', async ({ page }) => {
  await page.goto('/app/#/motivoDesconto?pagina=2');
  await expect(page.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  expect(decodeURIComponent(hashDe(page))).toBe('#/login?redirectFrom=/motivoDesconto?pagina=2');
  await entrar(page, 'beatriz.fin');
  const trilha = page.locator('[data-cy=breadcrumb]');
  await expect(trilha).toContainText('Motivo de desconto');
  expect(hashDe(page)).toBe('#/motivoDesconto?pagina=2');
  await expect(trilha).toContainText('Financeiro');
  await expect(trilha).toContainText('Cadastro');
  await expect(trilha).toContainText('Motivo de desconto');
  await expect(page.locator('[data-cy=sidemenu-item-motivo-de-desconto]')).toBeVisible();
});

test('the root does not carry redirectFrom', async ({ page }) => {
  await page.goto('/app/#/');
  await expect(page.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  expect(hashDe(page)).toBe('#/login');
});

test('wrong credentials show the spec message', async ({ page }) => {
  await page.goto('/app/#/login');
  await entrar(page, 'beatriz.fin', 'senha-errada');
  await expect(page.getByRole('alert')).toHaveText('Credenciais de usuário inválidas.');
});

test('an inactive user reads why the sign-in was refused', async ({ page }) => {
  await page.goto('/app/#/login');
  await entrar(page, 'henrique.inativo');
  await expect(page.getByRole('alert')).toHaveText(
    'Usuário inativo. Solicite ao administrador a reativação do seu acesso.',
  );
});

test('the password field toggles its visibility', async ({ page }) => {
  await page.goto('/app/#/login');
  const senha = page.locator('[data-cy=login-senha-input-field]');
  await expect(senha).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Mostrar ou ocultar a senha' }).click();
  await expect(senha).toHaveAttribute('type', 'text');
});

test('a signed-in user opening /login goes home, and Sair returns to login', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/login');
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.locator('[data-cy=header-sair]').click();
  await expect(page.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
});

test('a forced password reset leads to the change-password screen first', async ({ page }) => {
  await page.goto('/app/#/login');
  await entrar(page, 'igor.novo');
  await expect(page.getByRole('heading', { name: 'Defina uma nova senha' })).toBeVisible();
  await page.goto('/app/#/notificacoes');
  await expect(page.getByRole('heading', { name: 'Defina uma nova senha' })).toBeVisible();
});

test('the sign-on callback (/app/#code=…) reports a failed exchange on the login page', async ({ page }) => {
  await page.goto('/app/#code=abc&state=xyz');
  await expect(page.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(hashDe(page)).toContain('#/login?erroAutenticacao=');
  // without SSO configured the login page offers no SSO button
  await expect(page.locator('[data-cy=login-sso-button]')).toHaveCount(0);
});

test('Enter moves from the user field to the password and then signs in', async ({ page }) => {
  await page.goto('/app/#/login');
  await page.locator('[data-cy=login-usuario-input-field]').fill('beatriz.fin');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=login-senha-input-field]')).toBeFocused();
  await page.keyboard.type('Demo@1234');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Olá, Beatriz!' })).toBeVisible();
});
