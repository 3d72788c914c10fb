import { expect, test } from '@playwright/test';

test('opening /app/ shows the login page of the Bela Vida tenant', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const res = await page.goto('/app/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  await expect(page.locator('[data-cy=login-senha-input-field]')).toBeVisible();
  await expect(page.locator('[data-cy=login-entrar-button]')).toBeVisible();
  await expect(page.getByText('Bela Vida').first()).toBeVisible();
  // the strict CSP must not block the app's own scripts or styles
  expect(errors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
});

test('an unknown /api path answers JSON, never the app HTML', async ({ request }) => {
  const res = await request.get('/api/v1/nao-existe');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('application/json');
});
