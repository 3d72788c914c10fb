/** The stock user (diego.estoque, store BV02) enters adjustments with the keyboard only and sees the balance change. */
import { expect, test } from '@playwright/test';
import { entrar, SENHA, toast } from './shell-helpers';

test('ajuste de estoque pelo teclado: leitura do código, Enter avança, Ctrl+S salva, saldo muda', async ({
  page,
  request,
}) => {
  // a product of the demo tenant with an internal code (what a scanner or the keyboard types)
  const auth = await (await request.post('/api/auth', { data: { username: 'diego.estoque', password: SENHA } })).json();
  const produtos = await (
    await request.get('/api/v1/produto/produtos?count=50&sort=id&q=ativo==true', {
      headers: { authorization: auth.accessToken },
    })
  ).json();
  const produto = produtos.items.find(
    (p: { codigoInterno?: string | null }) => p.codigoInterno && /^\d+$/.test(p.codigoInterno),
  );
  expect(produto, 'um produto com código interno numérico').toBeTruthy();

  // the adjustment types load with the form: typed before they arrive, the list has no first option to take on Enter
  const tiposCarregados = page.waitForResponse((r) => r.url().includes('/api/v1/estoque/tipos-ajuste') && r.ok());
  await page.goto('/app/#/login?redirectFrom=%2Festoque%2Fajustes');
  await entrar(page, 'diego.estoque');
  await expect(page.getByRole('heading', { name: 'Ajustes de estoque', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=lista-ajustes]')).toContainText('BV02');

  await page.locator('[data-cy=botao-novo]').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=form-ajuste]')).toBeVisible();
  await expect(page.locator('[data-cy=ajuste-local]')).not.toHaveValue('');
  await tiposCarregados;

  const lancar = async (quantidade: string) => {
    await page.locator('[data-cy=ajuste-tipo]').focus();
    await page.keyboard.type('Sobra');
    // Enter takes the first option once the list shows it (the types load with the form)
    await expect(page.getByRole('option', { name: /^Sobra/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-cy=ajuste-operacao]')).toContainText('Entrada');
    await page.locator('[data-cy=ajuste-observacao]').focus();
    await page.keyboard.type('Conferência da gôndola');
    await page.locator('[data-cy=item-codigo]').focus();
    await page.keyboard.type(produto.codigoInterno);
    await page.keyboard.press('Enter');
    const qtd = page.locator('[data-cy=item-quantidade]').first();
    await expect(qtd).toBeFocused();
    await page.keyboard.type(quantidade);
    await page.keyboard.press('Enter');
    if (await page.locator('[data-cy=item-custo]').count()) {
      await page.keyboard.type('2,50');
      await page.keyboard.press('Enter');
    }
    await expect(page.locator('[data-cy=item-codigo]')).toBeFocused();
    await page.keyboard.press('Control+s');
    await expect(toast(page)).toContainText('incluído');
  };
  const saldoApos = async () => {
    const s = page.locator('[data-cy=saldo-apos-quantidade]').first();
    if (!(await s.count())) return Number.NaN;
    return Number((await s.innerText()).replace(/\./g, '').replace(',', '.'));
  };

  await lancar('3');
  await expect.poll(saldoApos).not.toBeNaN();
  const primeiro = await saldoApos();
  await page.screenshot({ path: 'test-results/estoque-ajuste-salvo.png' });
  await lancar('2');
  await expect.poll(saldoApos).toBe(primeiro + 2);
  // a leftover line would be posted twice: the form starts over after saving
  await expect(page.locator('[data-cy=item-linha]')).toHaveCount(0);
});
