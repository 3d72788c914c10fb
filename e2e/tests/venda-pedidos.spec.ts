/**
 * Order monitoring: with the board open, an order arrives through the integration's API and appears live;
 * the manager walks it to Concluídos with the keyboard; another is cancelled with a motivo from its
 * details; the list view and a search are reset to the board when leaving the screen.
 */
import { expect, type Page, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

const coluna = (page: Page, etapa: string) => page.locator(`[data-cy=coluna-${etapa}]`);
const cartao = (page: Page, numero: number) =>
  page
    .locator('[data-cy=cartao]')
    .filter({ has: page.locator('[data-cy=cartao-numero]', { hasText: new RegExp(`^Pedido ${numero}$`) }) });

test('monitoramento de pedidos: chega pela API, anda até Concluídos pelo teclado, outro é cancelado', async ({
  page,
  request,
}) => {
  const auth = {
    authorization: (
      await (await request.post('/api/auth', { data: { username: 'ana.admin', password: 'Demo@1234' } })).json()
    ).accessToken as string,
  };
  const lojas = (await (await request.get('/api/v1/pessoa/lojas?count=50', { headers: auth })).json()).items as {
    id: number;
    sigla: string;
  }[];
  const bv01 = lojas.find((l) => l.sigla === 'BV01')!.id;
  const precos = (
    await (await request.get(`/api/v1/produto/precos?q=lojaId==${bv01}&count=50`, { headers: auth })).json()
  ).items as { produtoId: number; precoVenda1: string | number | null }[];
  const preco = precos.find((p) => Number(p.precoVenda1) > 0)!;
  const valor = Number(preco.precoVenda1).toFixed(2);
  const pedido = (idExterno: string, retirada: boolean) => ({
    idExterno,
    lojaId: String(bv01),
    // the store's local date and time, as the integration sends it
    dataEmissao: new Date().toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' }).replace(' ', 'T'),
    clienteId: null,
    retiradaNaLoja: retirada,
    valorTotal: valor,
    status: 'ABERTO',
    totalOutrasDespesas: '0',
    itens: [
      {
        produtoId: String(preco.produtoId),
        unidade: 'UN',
        quantidadeDeEmbalagem: '1',
        quantidadeDeItemEmbalagem: '1',
        compoeValorTotal: true,
        valor,
        valorDesconto: '0',
      },
    ],
    pagamentos: [],
  });

  await page.goto('/app/#/login?redirectFrom=%2FmonitoramentoDePedido');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Monitoramento de pedidos', level: 1 })).toBeVisible();
  await expect(coluna(page, 'NOVO').locator('[data-cy=cartao]').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/pedidos-quadro.png', fullPage: true });

  // an order arrives by the API while the board is open
  const r = await request.post('/api/v1/venda/pedidos', { headers: auth, data: pedido(`E2E-${Date.now()}`, false) });
  expect(r.status(), await r.text()).toBe(201);
  const chegou = Date.now();
  const numero = (await r.json()).numero as number;
  await expect(cartao(page, numero)).toBeVisible();
  console.log(`[pedidos] o pedido apareceu no quadro aberto ${Date.now() - chegou} ms depois do 201`);
  await expect(coluna(page, 'NOVO')).toContainText(`Pedido ${numero}`);
  await expect(page.locator('[data-cy=badge-novos]')).toBeVisible();

  // an illegal drop (skipping columns) snaps back with the reason
  const primeiro = coluna(page, 'NOVO').locator('[data-cy=cartao]').last();
  const rotulo = await primeiro.locator('[data-cy=cartao-numero]').innerText();
  await primeiro.dragTo(coluna(page, 'PRONTO'));
  await expect(toast(page)).toContainText('siga as colunas');
  await expect(coluna(page, 'NOVO')).toContainText(rotulo);

  // to Concluídos with the keyboard: each → is the next column's command
  await cartao(page, numero).focus();
  for (const etapa of ['CONFIRMADO', 'EM_SEPARACAO', 'PRONTO', 'EM_ENTREGA', 'CONCLUIDO']) {
    await page.keyboard.press('ArrowRight');
    await expect(coluna(page, etapa)).toContainText(`Pedido ${numero}`);
    await expect(cartao(page, numero)).toBeFocused();
  }
  await expect(toast(page)).toContainText(`Pedido ${numero} movido para Concluídos`);
  // an illegal move snaps back with the reason
  await page.keyboard.press('ArrowRight');
  await expect(toast(page)).toContainText('concluído');
  await expect(coluna(page, 'CONCLUIDO')).toContainText(`Pedido ${numero}`);

  // another one is cancelled with a motivo from its details
  const outro = (
    await (
      await request.post('/api/v1/venda/pedidos', { headers: auth, data: pedido(`E2E-C-${Date.now()}`, true) })
    ).json()
  ).numero as number;
  await expect(cartao(page, outro)).toBeVisible();
  await cartao(page, outro).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Pedido ${outro}`, level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=pedido-itens]')).toContainText('R$');
  await page.screenshot({ path: '/tmp/pedidos-detalhes.png', fullPage: true });
  await page.locator('[data-cy=cancelar]').click();
  await page.locator('[data-cy=cancelar-confirmar]').click();
  await expect(page.locator('[data-cy=cancelar-pedido]')).toContainText('Informe o motivo');
  await page.locator('[data-cy=cancelar-motivo]').click();
  await page.getByRole('option').first().click();
  await page.locator('[data-cy=cancelar-observacao]').fill('Cliente desistiu');
  await page.locator('[data-cy=cancelar-confirmar]').click();
  await expect(page.locator('[data-cy=pedido-etapa]')).toHaveText('Cancelados');
  await expect(page.locator('[data-cy=pedido-historico]')).toContainText('Cliente desistiu');

  // back on the board: the list view and a search; leaving the screens resets them
  await page.locator('[data-cy=voltar]').click();
  await expect(coluna(page, 'CANCELADO')).toContainText(`Pedido ${outro}`);
  await page.getByText('Lista', { exact: true }).click();
  await page.locator('[data-cy=filtro-busca]').fill(String(numero));
  await page.locator('[data-cy=filtro-busca]').press('Enter');
  await expect(page.locator('[data-cy=lista-pedidos]')).toContainText('Concluídos');
  await page.screenshot({ path: '/tmp/pedidos-lista.png', fullPage: true });
  await page.goto('/app/#/estoque/transferencias');
  await expect(page.getByRole('heading', { name: 'Transferências', level: 1 })).toBeVisible();
  await page.goto('/app/#/monitoramentoDePedido');
  await expect(page.locator('[data-cy=quadro-pedidos]')).toBeVisible();
  await expect(page.locator('[data-cy=filtro-busca]')).toHaveValue('');
});

test('integração com delivery: o administrador gera o segredo do webhook da loja, mostrado uma vez', async ({
  page,
}) => {
  await page.goto('/app/#/login?redirectFrom=%2FmonitoramentoDePedido');
  await entrar(page, 'ana.admin');
  await page.locator('[data-cy=abrir-integracao-delivery]').click();
  const janela = page.locator('[data-cy=integracao-delivery]');
  await expect(janela).toContainText('Integração com app de delivery');
  // too short: the command's own Portuguese reason, under the field
  await page.locator('[data-cy=segredo-valor]').fill('curto');
  await page.locator('[data-cy=segredo-gravar]').click();
  await expect(janela).toContainText('pelo menos 16 caracteres');
  await expect(page.locator('[data-cy=segredo-mostrado]')).toHaveCount(0);
  // blank: the server generates one and shows it here, once
  await page.locator('[data-cy=segredo-valor]').fill('');
  await page.locator('[data-cy=segredo-gravar]').click();
  await expect(page.locator('[data-cy=segredo-texto]')).toHaveText(/^[0-9a-f]{64}$/);
  await page.screenshot({ path: '/tmp/pedidos-segredo-webhook.png', fullPage: true });
  await page.keyboard.press('Escape');
  await page.locator('[data-cy=abrir-integracao-delivery]').click();
  await expect(page.locator('[data-cy=segredo-mostrado]')).toHaveCount(0);
});

test('integração com delivery: quem não é administrador não vê o botão', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2FmonitoramentoDePedido');
  await entrar(page, 'fabio.gerente'); // Gerência de loja: moves orders, no administrator
  await expect(page.locator('[data-cy=quadro-pedidos]')).toBeVisible();
  await expect(page.locator('[data-cy=abrir-integracao-delivery]')).toHaveCount(0);
});
