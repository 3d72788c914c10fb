/**
 * Subida de vendas: a POS uploads a sale of an unknown EAN (pending), the manager sees it under its code, the
 * EAN is registered, the sale is reprocessed from the transactions screen, and the pending count goes down.
 */
import { expect, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

test('venda pendente de produto desconhecido, produto cadastrado, venda reprocessada, contador menor', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/auth', { data: { username: 'ana.admin', password: 'Demo@1234' } });
  const h = { authorization: (await login.json()).accessToken as string };
  const pendencias = async () => (await (await request.get('/api/v1/pdv/pendencias', { headers: h })).json()).total;
  // an accepted demo sale names a product with a complete tax treatment, its store, POS and payment form
  const demo = (await (await request.get('/api/v1/venda/cupons-fiscais?count=1', { headers: h })).json()).items[0];
  const ean = `78${String(Date.now()).slice(-11)}`;
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
  const codigo = page.locator('[data-cy=subida-vendas-linha]', { hasText: 'Produto não cadastrado' });
  await expect(codigo).toBeVisible();
  await page.screenshot({ path: '/tmp/pdv-subida-vendas.png', fullPage: true });
  await codigo.locator('[data-cy=ver-transacoes]').click();
  const linha = page.locator('[data-cy=transacao-subida-linha]', { hasText: String(sequencial) });
  await expect(linha).toContainText(`Produto ${ean} não cadastrado.`);
  await page.screenshot({ path: '/tmp/pdv-subida-transacoes.png', fullPage: true });

  const cadastro = await request.post(`/api/v1/produto/produtos/${demo.itensVenda[0].produtoId}/codigos-auxiliares`, {
    headers: h,
    data: { id: ean, tipo: 'EAN', fator: 1, produtoId: demo.itensVenda[0].produtoId },
  });
  expect(cadastro.status(), await cadastro.text()).toBe(201);
  await linha.locator('[data-cy=reprocessar-transacao]').click();
  await expect(toast(page)).toContainText('1 venda(s) lançada(s)');
  await expect(linha).toBeHidden();
  expect(await pendencias()).toBe(antes - 1);
});
