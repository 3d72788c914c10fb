/**
 * The shared item grid (issue #25.1) on the adjustment form: a barcode scanner's read (an EAN typed fast and
 * Enter) adds the line, the same EAN read again adds to it; a collector file — pasted, then uploaded — fills
 * the grid through the one reader. Screens at 1366×768 and 1920×1080 go to /tmp/shots/.
 */
import { expect, type Page, test } from '@playwright/test';
import { entrar, SENHA } from './shell-helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

async function eans(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const auth = await (await request.post('/api/auth', { data: { username: 'ana.admin', password: SENHA } })).json();
  const r = await request.get(
    `/api/v1/produto/codigos-auxiliares?count=50&sort=id&q=${encodeURIComponent('tipo==EAN;ativo==true')}`,
    { headers: { authorization: auth.accessToken } },
  );
  expect(r.ok(), await r.text()).toBeTruthy();
  const vistos = new Set<number>();
  const codigos: string[] = [];
  for (const c of (await r.json()).items as { id: string; produtoId: number; fator?: string }[]) {
    if (vistos.has(c.produtoId) || (c.fator && Number(c.fator) !== 1) || !/^\d{8,14}$/.test(c.id)) continue;
    vistos.add(c.produtoId);
    codigos.push(c.id);
  }
  return codigos;
}

async function novoAjuste(page: Page) {
  await page.goto('/app/#/login?redirectFrom=%2Festoque%2Fajustes');
  await entrar(page, 'diego.estoque');
  await expect(page.getByRole('heading', { name: 'Ajustes de estoque', level: 1 })).toBeVisible();
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page.locator('[data-cy=form-ajuste]')).toBeVisible();
  await expect(page.locator('[data-cy=ajuste-local]')).not.toHaveValue('');
}

const quantidades = (page: Page) => page.locator('[data-cy=item-quantidade]');

test('leitor de código de barras: o EAN e Enter incluem a linha; o mesmo EAN de novo soma nela', async ({
  page,
  request,
}) => {
  const [ean] = await eans(request);
  expect(ean, 'um produto com EAN').toBeTruthy();
  await page.setViewportSize({ width: 1366, height: 768 });
  await novoAjuste(page);

  await page.locator('[data-cy=item-codigo]').focus();
  await page.keyboard.type(ean!);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=item-linha]')).toHaveCount(1);
  await expect(quantidades(page).first()).toHaveValue('1');
  await expect(quantidades(page).first()).toBeFocused();

  // the scanner reads again while the quantity has the focus: the read is not typed into the quantity
  await page.keyboard.type(ean!);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=item-linha]')).toHaveCount(1);
  await expect(quantidades(page).first()).toHaveValue('2');
  // and from the code field
  await page.locator('[data-cy=item-codigo]').focus();
  await page.keyboard.type(ean!);
  await page.keyboard.press('Enter');
  await expect(quantidades(page).first()).toHaveValue('3');
  await expect(page.locator('[data-cy=item-codigo]')).toBeFocused();
  await expect(page.locator('[data-cy=documento-total-quantidade]')).toContainText('3');
  await page.screenshot({ path: `${SHOTS}/grade-leitor-1366x768.png`, fullPage: true });
});

test('arquivo do coletor: colado e enviado, lido pelo layout EAN;QTD, preenche a grade', async ({ page, request }) => {
  const [a, b, c] = await eans(request);
  expect(c, 'três produtos com EAN').toBeTruthy();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await novoAjuste(page);

  await page.locator('[data-cy=coletor-abrir]').click();
  await expect(page.locator('[data-cy=coletor]')).toBeVisible();
  await page.locator('[data-cy=coletor-texto]').fill(`${a};2\n${b};1,5\n${a};1\n0000000000000;1`);
  await page.screenshot({ path: `${SHOTS}/grade-coletor-modal-1920x1080.png` });
  await page.locator('[data-cy=coletor-ler]').click();
  // the unknown code stays out, said in the window; the rest is in the grid
  await expect(page.locator('[data-cy=coletor-problemas]')).toContainText('0000000000000');
  await page.screenshot({ path: `${SHOTS}/grade-coletor-problemas-1920x1080.png` });
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-cy=item-linha]')).toHaveCount(2);
  await expect(quantidades(page).nth(0)).toHaveValue('3');

  // a file sent through the upload widget (kind coletor), read by the same reader
  await page.locator('[data-cy=coletor-abrir]').click();
  await page.locator('[data-cy=upload-entrada]').setInputFiles({
    name: 'coletor.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${c};4\r\n${a};1\r\n`),
  });
  await expect(page.locator('[data-cy=coletor]')).toBeHidden();
  await expect(page.locator('[data-cy=item-linha]')).toHaveCount(3);
  await expect(quantidades(page).nth(0)).toHaveValue('4');
  await expect(quantidades(page).nth(2)).toHaveValue('4');
  await page.screenshot({ path: `${SHOTS}/grade-coletor-1920x1080.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/grade-coletor-1366x768.png`, fullPage: true });
});
