/**
 * Subida de vendas: a POS uploads a sale of an unknown EAN (pending), the manager sees it under its code, the
 * EAN is registered, the sale is reprocessed from the transactions screen, and the pending count goes down.
 */
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { entrar } from './shell-helpers';

/** The screen, framed on the /vf host (a legacy route), or in the page. */
async function tela(page: Page): Promise<Page | FrameLocator> {
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Subida de vendas');
  const quadro = page.locator('iframe#legadoFrame');
  return (await quadro.count()) ? page.frameLocator('iframe#legadoFrame') : page;
}

test('venda pendente de produto desconhecido, produto cadastrado, venda reprocessada, contador menor', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/auth', { data: { username: 'ana.admin', password: 'Demo@1234' } });
  const h = { authorization: (await login.json()).accessToken as string };
  const pendencias = async () => (await (await request.get('/api/v1/pdv/pendencias', { headers: h })).json()).total;
  // an accepted demo sale names a product with a complete tax treatment, its store, POS and payment form
  const demo = (await (await request.get('/api/v1/venda/cupons-fiscais?count=1', { headers: h })).json()).items[0];
  const corpoEan = `78${String(Date.now()).slice(-10)}`;
  // GTIN-13 check digit: weights 1, 3 from the left over the 12 digits
  const soma = [...corpoEan].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  const ean = `${corpoEan}${(10 - (soma % 10)) % 10}`;
  const sequencial = 700_000 + (Date.now() % 100_000);
  const envio = await request.post('/api/v1/pdv/vendas', {
    headers: h,
    data: {
      cupons: [
        {
          lojaId: demo.lojaId,
          numeroCaixa: demo.numeroCaixa,
          sequencial,
          dataHoraAberturaCupom: demo.dataHoraAberturaCupom,
          valor: '9.90',
          itensVenda: [{ sequencia: 1, codigo: ean, quantidadeVenda: '1', valorUnidade: '9.90', valorTotal: '9.90' }],
          finalizacoes: [{ finalizadoraId: demo.finalizacoes[0].finalizadoraId, valor: '9.90' }],
        },
      ],
    },
  });
  expect((await envio.json()).resultados[0]).toMatchObject({
    situacao: 'PENDENTE',
    tipoErro: 'PRODUTO_NAO_CADASTRADO',
  });
  const antes = await pendencias();

  await page.goto('/app/#/login?redirectFrom=%2FfrenteDeLoja%2FinconsistenciaSubidaDeVendas');
  await entrar(page, 'ana.admin');
  const t = await tela(page);
  const codigo = t.locator('[data-cy=subida-vendas-linha]', { hasText: 'Produto não cadastrado' });
  await expect(codigo).toBeVisible();
  await page.screenshot({ path: '/tmp/pdv-subida-vendas.png', fullPage: true });
  await codigo.locator('[data-cy=ver-transacoes]').click();
  const linha = t.locator('[data-cy=transacao-subida-linha]', { hasText: String(sequencial) });
  await expect(linha).toContainText(`Produto ${ean} não cadastrado.`);
  await page.screenshot({ path: '/tmp/pdv-subida-transacoes.png', fullPage: true });

  const cadastro = await request.post(`/api/v1/produto/produtos/${demo.itensVenda[0].produtoId}/codigos-auxiliares`, {
    headers: h,
    data: { id: ean, tipo: 'EAN', fator: 1, produtoId: demo.itensVenda[0].produtoId },
  });
  expect(cadastro.status(), await cadastro.text()).toBe(201);
  await linha.locator('[data-cy=reprocessar-transacao]').click();
  // the toast shows where the screen is (the frame on /vf)
  await expect(t.locator('[data-cy=toast]').last()).toContainText('1 venda(s) lançada(s)');
  await expect(linha).toBeHidden();
  expect(await pendencias()).toBe(antes - 1);
});
