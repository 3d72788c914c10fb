import { expect, test } from '@playwright/test';
import { baseDoHost, hashDe, login, toast } from './shell-helpers';

const SEM_ACESSO = 'Você não tem acesso a essa funcionalidade.';

test('a user without the permission gets the toast and lands on Painel', async ({ page }) => {
  await login(page, 'beatriz.fin');
  await page.goto('/app/#/genero');
  await expect(toast(page)).toContainText(SEM_ACESSO);
  await expect(toast(page)).toContainText('Para ter acesso, solicite ao administrador.');
  expect(hashDe(page)).toBe('#/');
  await expect(page.locator('[data-cy=breadcrumb]')).toHaveText('Painel');
});

test('the franchise-only route is denied in the other tenant', async ({ page }) => {
  await login(page, 'marta.admin', baseDoHost('mercadao.localhost'));
  await page.goto(`${baseDoHost('mercadao.localhost')}/app/#/planoPagamento`);
  await expect(toast(page)).toContainText(SEM_ACESSO);
  expect(hashDe(page)).toBe('#/');
});

test('/atualizacao is for administrators only', async ({ page }) => {
  await login(page, 'beatriz.fin');
  await page.goto('/app/#/atualizacao');
  await expect(toast(page)).toContainText(SEM_ACESSO);
  expect(hashDe(page)).toBe('#/');
});

test('/conciliacaoContaCorrente/conciliar without conta, inicio and fim lands on the panel', async ({ page }) => {
  await login(page, 'beatriz.fin');
  await page.goto('/app/#/conciliacaoContaCorrente/conciliar?conta=1');
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Conciliação de conta corrente');
  expect(hashDe(page)).toBe('#/conciliacaoContaCorrente');
  await page.goto('/app/#/conciliacaoContaCorrente/conciliar?conta=1&inicio=2026-05-01&fim=2026-05-31');
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Conciliar conta corrente');
});

test('a legacy redirect opens /vf with r and the breadcrumb b', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/estoque/extrato-estoque');
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Extrato de estoque');
  expect(decodeURIComponent(hashDe(page))).toBe(
    '#/vf?r=/relatorioExtratoEstoque/index&b=Estoque > Relatórios > Extrato de estoque',
  );
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/app/#/nao/existe');
  await expect(
    page.getByRole('heading', { name: 'Lamentamos, não foi possível encontrar essa página.' }),
  ).toBeVisible();
  await expect(
    page.getByText('O link que você tentou acessar pode estar incorreto ou a página não está mais disponível.'),
  ).toBeVisible();
});

test('/500 shows the server error page', async ({ page }) => {
  await page.goto('/app/#/500');
  await expect(page.getByRole('heading', { name: 'Ops, alguma coisa está errada.' })).toBeVisible();
});

test('an unknown host shows the 404 page with the resource Assinatura', async ({ page }) => {
  await page.goto(`${baseDoHost('desconhecido.localhost')}/app/#/login`);
  await expect(
    page.getByRole('heading', { name: 'Lamentamos, não foi possível encontrar essa página.' }),
  ).toBeVisible();
  await expect(page.getByText('Assinatura')).toBeVisible();
});
