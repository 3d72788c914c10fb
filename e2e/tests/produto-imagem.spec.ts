/** The product's picture: sent through the upload widget of the form, saved with the product, shown from /arquivo/view. */
import { expect, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('produto: a picture uploaded on the form is saved with it and served by /arquivo/view', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2Fproduto');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Produto', level: 1 })).toBeVisible();
  await page.locator('[data-cy=linha-registro]').first().dblclick();
  await expect(page).toHaveURL(/#\/produto\/cadastro\/\d+$/);
  const campo = page.locator('[data-cy=campo-imagem]');
  // a file that is not a picture is refused by the widget before anything is sent
  await campo.locator('input[type=file]').setInputFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: PNG });
  await expect(campo.getByRole('alert')).toContainText('nota.pdf');
  await campo.locator('input[type=file]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await expect(campo.locator('[data-cy=imagem-produto]')).toHaveAttribute('src', /^blob:/);
  await page.keyboard.press('Control+s');
  await expect(toast(page)).toContainText('Alterações salvas.');
  await page.reload();
  const img = page.locator('[data-cy=campo-imagem] [data-cy=imagem-produto]');
  await expect(img).toHaveAttribute('src', /^\/arquivo\/view\?uuid=[0-9a-f-]{36}&tamanho=media$/);
  // loaded through the CSP and the server's route: a real image
  await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(1);
});
