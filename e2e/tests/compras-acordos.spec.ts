/**
 * The buyer (elisa.compras) creates a sell-in agreement on the screen — Rebaixa de preço, 3 % on one product's
 * purchases at BV01 and BV02 —, approves it, two invoices of the supplier are entered and confirmed (through the
 * API, as the invoice screen is another journey's), she runs the apuração (3 % of R$ 1.000,00 + R$ 500,00 =
 * R$ 45,00) and registers the receipt, partial then the rest. The demo's five agreements show on the cards.
 */
import { expect, test } from '@playwright/test';
import { login, SENHA, toast } from './shell-helpers';

test('acordo sell-in: cadastro, aprovação, duas notas, apuração e recebimento', async ({ page, request }) => {
  test.setTimeout(120_000);
  const auth = {
    authorization: (
      await (await request.post('/api/auth', { data: { username: 'elisa.compras', password: SENHA } })).json()
    ).accessToken as string,
  };
  const opcoes = await (await request.get('/api/v1/compra/acordos/opcoes', { headers: auth })).json();
  // the supplier of the demo's last supplier list entry, a product beyond the demo invoices' first nine
  const fornecedor =
    opcoes.fornecedores.find((f: { descricao: string }) => /Mar[ée]/.test(f.descricao)) ?? opcoes.fornecedores[0];
  const produtos = (
    await (await request.get('/api/v1/produto/produtos?count=30&sort=id&q=ativo==true', { headers: auth })).json()
  ).items as { id: number; descricao: string }[];
  const produto = produtos[produtos.length - 1]!;
  const eu = await (await request.get('/api/v1/eumesmo', { headers: auth })).json();
  const loja = (s: string) => eu.lojasUsuario.find((l: { sigla: string }) => l.sigla === s).id as number;
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const dia = (d: number) => new Date(Date.parse(`${hoje}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
  const br = (iso: string) => iso.split('-').reverse().join('/');

  await login(page, 'elisa.compras');
  await page.goto('/app/#/acordosComerciais/monitoramento');
  await expect(page.locator('[data-cy=cartao-vencidos]')).toContainText('R$ 800,00');
  await expect(page.locator('[data-cy=lista-acordos]')).toContainText('Ponta de gôndola');
  await page.screenshot({ path: 'test-results/compras-acordos-monitoramento.png', fullPage: true });

  await page.locator('[data-cy=acordo-novo]').click();
  const form = page.locator('[data-cy=form-acordo]');
  await form.locator('[data-cy=acordo-tipo]').click();
  await page.getByRole('option', { name: 'Rebaixa de preço' }).click();
  await form.locator('[data-cy=acordo-descricao]').fill('Rebaixa 3 % jornada');
  await form.locator('[data-cy=acordo-parceiro]').fill(fornecedor.descricao.slice(0, 12));
  await page.keyboard.press('Enter');
  await form.locator('[data-cy=acordo-lojas]').click();
  await page.getByRole('option', { name: new RegExp(`^${loja('BV01')} - `) }).click();
  await page.getByRole('option', { name: new RegExp(`^${loja('BV02')} - `) }).click();
  await form.locator('[data-cy=acordo-descricao]').click();
  await form.locator('[data-cy=acordo-escopo-tipo]').click();
  await page.getByRole('option', { name: 'Produtos', exact: true }).click();
  // the whole description typed and the option chosen by it: a prefix may match other products first
  await form.locator('[data-cy=acordo-escopo-produto]').fill(produto.descricao);
  await page.getByRole('option', { name: produto.descricao }).first().click();
  await form.locator('[data-cy=acordo-inicio]').fill(br(dia(-10)));
  await form.locator('[data-cy=acordo-fim]').fill(br(dia(-1)));
  await form.locator('[data-cy=acordo-vencimento]').fill(br(dia(30)));
  await expect(form.locator('[data-cy=acordo-base]')).toHaveValue('Sell-in (compras recebidas)');
  await form.locator('[data-cy=acordo-valor]').fill('3');
  await form.locator('[data-cy=acordo-previsto]').fill('40,00');
  await page.screenshot({ path: 'test-results/compras-acordos-cadastro.png', fullPage: true });
  await form.locator('[data-cy=acordo-salvar]').click();
  await expect(toast(page)).toContainText('cadastrado em rascunho');

  const lista = page.locator('[data-cy=lista-acordos]');
  await lista.getByText('Rebaixa 3 % jornada').or(lista.getByText(fornecedor.descricao).first()).first().waitFor();
  const criado = (await (await request.get('/api/v1/compra/acordos?sort=-id&count=1', { headers: auth })).json())
    .items[0];
  expect(criado.descricao).toBe('Rebaixa 3 % jornada');
  expect(criado.escopoIds).toEqual([produto.id]);

  // two invoices of the supplier, entered five days ago and confirmed
  for (const [n, l, total] of [
    [880001, 'BV01', '1000.00'],
    [880002, 'BV02', '500.00'],
  ] as const) {
    const r = await request.post('/api/v1/compra/notas-fiscais', {
      headers: auth,
      data: {
        lojaId: loja(l),
        fornecedorId: fornecedor.id,
        serie: '7',
        numeroNota: n,
        dataEmissao: `${dia(-5)}T09:00:00`,
        dataEntrada: dia(-5),
        itens: [{ produtoId: produto.id, quantidade: '10', valorTotal: total }],
      },
    });
    expect(r.status(), await r.text()).toBe(201);
    const c = await request.post(`/api/v1/compra/notas-fiscais/${(await r.json()).id}/confirmar`, {
      headers: auth,
      data: {},
    });
    expect(c.status(), await c.text()).toBe(200);
  }

  await page.reload();
  await page.locator('[data-cy=lista-acordos]').getByText(String(criado.numero), { exact: true }).click();
  const detalhe = page.locator('[data-cy=acordo-detalhe]');
  await detalhe.locator('[data-cy=acordo-aprovar]').click();
  await expect(toast(page)).toContainText('vigente');
  await detalhe.locator('[data-cy=acordo-apurar]').click();
  await expect(detalhe.locator('[data-cy=acordo-apurado]')).toHaveText('R$ 45,00');
  await expect(detalhe.locator('[data-cy=acordo-apuracoes]')).toContainText('R$ 1.000,00');
  await expect(detalhe.locator('[data-cy=acordo-status]')).toHaveText('A receber');

  await detalhe.locator('[data-cy=acordo-receber]').click();
  await detalhe.locator('[data-cy=recebimento-valor]').fill('50,00');
  await detalhe.locator('[data-cy=recebimento-confirmar]').click();
  await expect(detalhe.locator('[data-cy=acordo-recebimento]')).toContainText('maior que o saldo');
  await detalhe.locator('[data-cy=recebimento-valor]').fill('20,00');
  await page.keyboard.press('Enter');
  await expect(detalhe.locator('[data-cy=acordo-saldo]')).toHaveText('R$ 25,00');
  await expect(detalhe.locator('[data-cy=acordo-status]')).toHaveText('Recebido parcial');
  await detalhe.locator('[data-cy=acordo-receber]').click();
  await detalhe.locator('[data-cy=recebimento-valor]').fill('25,00');
  await detalhe.locator('[data-cy=recebimento-confirmar]').click();
  await expect(detalhe.locator('[data-cy=acordo-status]')).toHaveText('Recebido');
  await expect(detalhe.locator('[data-cy=acordo-recebimentos]')).toContainText('R$ 25,00');
  await page.screenshot({ path: 'test-results/compras-acordos-detalhe.png', fullPage: true });
});
