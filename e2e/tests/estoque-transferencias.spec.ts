/**
 * A stock user of BV02 (diego.estoque) sends a transfer to BV01 on the keyboard; a stock user of BV01
 * (created here with a unique name) sees it in transit, receives less than was sent and the transfer is
 * recorded with the divergence.
 */
import { expect, test } from '@playwright/test';
import { entrar, SENHA, toast } from './shell-helpers';

test('transferência entre lojas: BV02 envia, o usuário de BV01 recebe com divergência', async ({
  page,
  browser,
  request,
}) => {
  const token = async (username: string, password = SENHA) =>
    (await (await request.post('/api/auth', { data: { username, password } })).json()).accessToken as string;
  const ana = { authorization: await token('ana.admin') };
  const diego = { authorization: await token('diego.estoque') };
  const lojas = (await (await request.get('/api/v1/pessoa/lojas?count=50', { headers: ana })).json()).items as {
    id: number;
    sigla: string;
  }[];
  const bv01 = lojas.find((l) => l.sigla === 'BV01')!.id;
  const bv02 = lojas.find((l) => l.sigla === 'BV02')!.id;
  // a product with a numeric internal code (what the keyboard or a scanner types)
  const produtos = await (
    await request.get('/api/v1/produto/produtos?count=50&sort=id&q=ativo==true', { headers: diego })
  ).json();
  const produto = produtos.items.find(
    (p: { codigoInterno?: string | null }) => p.codigoInterno && /^\d+$/.test(p.codigoInterno),
  );
  expect(produto, 'um produto com código interno numérico').toBeTruthy();

  // the receiving store's stock user
  const username = `estoque.bv01.${Date.now().toString(36)}`;
  const senha = 'Recebe#2026x';
  const novo = await request.post('/api/v1/usuarios', {
    headers: ana,
    data: { nome: 'Recebedor BV01', username, senha, lojasUsuario: [{ lojaId: bv01, principal: true }] },
  });
  expect(novo.status(), await novo.text()).toBe(201);
  const grupos = await (
    await request.get(`/api/v1/grupo-usuario?q=${encodeURIComponent("nome=='Estoque'")}`, { headers: ana })
  ).json();
  const grupos201 = await request.post(`/api/v1/usuarios/${(await novo.json()).id}/grupos`, {
    headers: ana,
    data: [grupos.items[0].id],
  });
  expect(grupos201.status(), await grupos201.text()).toBe(200);

  // BV02 sends 5 units to BV01
  await page.goto('/app/#/login?redirectFrom=%2Festoque%2Ftransferencias');
  await entrar(page, 'diego.estoque');
  await expect(page.getByRole('heading', { name: 'Transferências', level: 1 })).toBeVisible();
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page.locator('[data-cy=form-transferencia]')).toBeVisible();
  await expect(page.locator('[data-cy=transferencia-localOrigemId]')).not.toHaveValue('');
  await page.locator('[data-cy=transferencia-lojaDestinoId]').click();
  await page.getByRole('option', { name: new RegExp(`^${bv01} - `) }).click();
  await expect(page.locator('[data-cy=transferencia-localDestinoId]')).not.toHaveValue('');
  await page.locator('[data-cy=transferencia-observacao]').fill('Reposição do shopping');
  await page.locator('[data-cy=item-codigo]').focus();
  await page.keyboard.type(produto.codigoInterno);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=item-quantidade]').first()).toBeFocused();
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await page.screenshot({ path: 'test-results/estoque-transferencia-nova.png' });
  await page.keyboard.press('Control+s');
  await expect(toast(page)).toContainText('em trânsito');
  const enviadas = await (
    await request.get(`/api/v1/estoque/transferencias?sort=-id&count=1&q=lojaOrigemId==${bv02}`, { headers: diego })
  ).json();
  const id = enviadas.items[0].id as number;
  expect(enviadas.items[0]).toMatchObject({ status: 'EM_TRANSITO', lojaDestinoId: bv01 });
  await expect(page.locator('[data-cy=lista-transferencias]')).toContainText(String(id));
  await page.screenshot({ path: 'test-results/estoque-transferencia-lista.png' });

  // BV01's user finds it in transit and receives 3 of the 5
  const outra = await browser.newPage();
  await outra.goto('/app/#/login?redirectFrom=%2Festoque%2Ftransferencias%3Fstatus%3DEM_TRANSITO');
  await entrar(outra, username, senha);
  const linha = outra.locator('[data-cy=lista-transferencias] tr', { hasText: String(id) }).first();
  await expect(linha).toContainText('Em trânsito');
  await linha.locator('[data-cy=transferencia-receber]').click();
  const recebida = outra.locator('[data-cy=item-recebida]').first();
  await expect(recebida).toBeFocused();
  await expect(outra.locator('[data-cy=item-enviada]').first()).toHaveText('5');
  await outra.keyboard.type('3');
  await expect(outra.locator('[data-cy=item-diferenca]').first()).toHaveText('2');
  await outra.screenshot({ path: 'test-results/estoque-transferencia-recebimento.png' });
  await outra.keyboard.press('Enter');
  await expect(toast(outra)).toContainText('divergência');
  const final = await (
    await request.get(`/api/v1/estoque/transferencias/${id}`, {
      headers: { authorization: await token(username, senha) },
    })
  ).json();
  expect(final).toMatchObject({
    status: 'RECEBIDA_COM_DIVERGENCIA',
    itens: [{ quantidade: '5.0000', quantidadeRecebida: '3.0000', diferenca: '2.0000' }],
  });
  await outra.close();
});
