/**
 * The stock user (diego.estoque, store BV02) reads a product's statement inside the legacy host with the
 * keyboard — saldo anterior, the two adjustments just posted with the running balance, saldo final — and
 * prints it: the PDF is generated as a report and opens in the viewer from the bell.
 */
import { expect, test } from '@playwright/test';
import { login, SENHA } from './shell-helpers';

const num = (t: string) => Number(t.trim().replace(/\./g, '').replace(',', '.') || '0');

test('extrato de estoque: consultar pelo teclado dentro do /vf e imprimir (visualizador abre)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const auth = await (await request.post('/api/auth', { data: { username: 'diego.estoque', password: SENHA } })).json();
  const headers = { authorization: `Bearer ${auth.accessToken}` };
  const get = async (url: string) => (await request.get(url, { headers })).json();
  // a product with a numeric internal code other than the adjustments journey's (it takes the first)
  const produtos = await get('/api/v1/produto/produtos?count=50&sort=-id&q=ativo==true');
  const produto = produtos.items.find(
    (p: { codigoInterno?: string | null }) => p.codigoInterno && /^\d+$/.test(p.codigoInterno),
  );
  expect(produto, 'um produto com código interno numérico').toBeTruthy();
  const lojaId = auth.usuario?.lojasUsuario?.[0]?.id ?? (await get('/api/v1/eumesmo')).lojasUsuario[0].id;
  const locais = await get('/api/v1/estoque/locais-estoque?count=1000&q=ativo==true');
  const local = locais.items.find((l: { lojaId: number; tipo: string }) => l.lojaId === lojaId && l.tipo === 'LOJA');
  const tipos = await get('/api/v1/estoque/tipos-ajuste?count=200&q=ativo==true');
  const tipo = (op: string) =>
    tipos.items.find((t: { tipo: string; exigeObservacao: boolean }) => t.tipo === op && !t.exigeObservacao) ??
    tipos.items.find((t: { tipo: string }) => t.tipo === op);
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const ajustar = async (op: 'ENTRADA' | 'SAIDA', quantidade: string) => {
    const r = await request.post('/api/v1/estoque/ajustes', {
      headers,
      data: {
        lojaId,
        localId: local.id,
        tipoDeOperacao: op,
        tipoDeAjusteId: tipo(op).id,
        dataDaMovimentacao: hoje,
        observacao: 'Jornada do extrato',
        itens: [{ produtoId: produto.id, quantidade }],
      },
    });
    expect(r.status(), await r.text()).toBe(201);
    return (await r.json()).id as number;
  };
  const entrada = await ajustar('ENTRADA', '7');
  const saida = await ajustar('SAIDA', '2');

  await login(page, 'diego.estoque');
  await page.goto('/app/#/estoque/extrato-estoque');
  // holders of the legacy permission land on /vf with the breadcrumb; the screen is framed
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Extrato de estoque');
  const quadro = page.frameLocator('iframe#legadoFrame');
  const produtoCampo = quadro.locator('[data-cy=extrato-produto]');
  await expect(produtoCampo).toBeFocused();
  // the period defaults to the current month at the store
  await expect(quadro.locator('[data-cy=extrato-de]')).toHaveValue(/^01\/\d{2}\/\d{4}$/);

  await page.keyboard.type(produto.codigoInterno);
  await page.keyboard.press('Enter');
  await expect(produtoCampo).toHaveValue(new RegExp(produto.descricao.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(quadro.locator('[data-cy=extrato-loja]')).toBeFocused();
  await expect(quadro.locator('[data-cy=extrato-loja]')).toHaveValue(/^\S+ - /);
  // Enter walks store → location → de → até, and on the last field consults
  const tabela = quadro.locator('[data-cy=extrato-tabela]');
  for (let i = 0; i < 8 && !(await tabela.isVisible()); i++) {
    await page.keyboard.press('Enter');
    await page.waitForTimeout(150);
  }
  await expect(tabela).toBeVisible();

  const linhas = quadro.locator('[data-cy=extrato-linha]');
  await expect(linhas.filter({ hasText: `Ajuste ${entrada}` })).toHaveCount(1);
  await expect(linhas.filter({ hasText: `Ajuste ${saida}` })).toHaveCount(1);
  // the exit's balance is the entry's minus 2 (the two were posted one after the other)
  const saldoDe = async (id: number) =>
    num(
      await linhas
        .filter({ hasText: `Ajuste ${id}` })
        .locator('[data-cy=extrato-linha-saldo]')
        .innerText(),
    );
  expect(await saldoDe(saida)).toBe((await saldoDe(entrada)) - 2);
  // saldo final = the last line's balance
  const final = quadro.locator('[data-cy=extrato-saldo-final-valor]');
  await expect(final).toBeVisible();
  expect(num(await final.innerText())).toBe(
    num(await linhas.last().locator('[data-cy=extrato-linha-saldo]').innerText()),
  );
  await page.screenshot({ path: 'test-results/estoque-extrato-tela.png' });

  // Imprimir: a report job; the host's bell tells when it is ready and opens the viewer
  const sino = page.locator('[data-cy=sino]');
  const antes = Number((await sino.getAttribute('aria-label'))?.match(/\((\d+) não lidas\)/)?.[1] ?? 0);
  await quadro.locator('[data-cy=extrato-imprimir]').click();
  await expect(quadro.locator('[data-cy=toast]').last()).toContainText('Relatório solicitado');
  await expect(sino).toHaveAttribute('aria-label', `Notificações (${antes + 1} não lidas)`, { timeout: 30_000 });
  await sino.click();
  await page
    .locator('[data-cy=sino-item]')
    .filter({ hasText: 'Relatório pronto' })
    .filter({ hasText: 'Extrato de estoque' })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/visualizacao-relatorio\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /Extrato de estoque/, level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=relatorio-pdf]')).toHaveAttribute('src', /^blob:/);
  await page.screenshot({ path: 'test-results/estoque-extrato-visualizador.png' });
});
