/**
 * A buyer (elisa.compras) registers a product with its EAN, and price and cost in 3 stores, from the
 * menu click to saved: one form, one Save. The journey counts the clicks and keystrokes a person makes
 * and prints the p95 of each step over a few registrations (headless Chromium) for the closing note.
 * Before the one-trip form the same work took, counted from that form: the product saved first and
 * reopened to add its barcode and prices row by row (one request each), and the costs on another screen
 * (Produto › Cadastro › Custos, one record per store): 43 clicks and 65 keystrokes plus the description.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

const ANTES = { cliques: 43, teclas: 65, pedidos: 8 };
const REPETICOES = 5;

/** GTIN-13 check digit (mod 10, weights 1/3 from the left). */
function gtin13(corpo: string): string {
  const soma = [...corpo].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${corpo}${(10 - (soma % 10)) % 10}`;
}

/** What a person does, counted: a click, or keys typed into the field they clicked. */
class Contador {
  cliques = 0;
  teclas = 0;
  constructor(private page: Page) {}
  async clicar(l: Locator) {
    await l.click();
    this.cliques++;
  }
  async digitar(l: Locator, texto: string) {
    await this.clicar(l);
    await this.page.keyboard.type(texto);
    this.teclas += texto.length;
  }
  async tecla(combinacao: string) {
    await this.page.keyboard.press(combinacao);
    this.teclas++;
  }
}

const campo = (page: Page, nome: string) => page.locator(`[data-cy="campo-${nome}"]`);

function p95(ms: number[]): number {
  const o = [...ms].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil(0.95 * o.length) - 1)]!;
}

test('comprador cadastra produto com EAN, preço e custo em 3 lojas numa ida só', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.goto('/app/#/login');
  await entrar(page, 'elisa.compras');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();

  const tempos: Record<string, number[]> = {};
  const medir = async (passo: string, fn: () => Promise<void>) => {
    const t0 = performance.now();
    await fn();
    tempos[passo] = [...(tempos[passo] ?? []), performance.now() - t0];
  };
  let contagem = { cliques: 0, teclas: 0 };
  const marca = `${Date.now() % 1e6}`.padStart(6, '0');
  const eans: string[] = [];

  for (let r = 0; r < REPETICOES; r++) {
    const c = new Contador(page);
    const descricao = `Sabonete Rapido ${marca}-${r}`;
    const ean = gtin13(`789${marca}${String(r).padStart(3, '0')}`);
    eans.push(ean);
    await page.goto('/app/#/');
    await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();

    await medir('menu → lista de produtos', async () => {
      // the menu keeps its groups open: after the first time only the entry itself is clicked
      const entrada = page.locator('a[data-cy=sidemenu-item-produto]');
      if (!(await entrada.isVisible())) {
        await c.clicar(page.locator('div[data-cy=sidemenu-item-produto]'));
        const secao = page.locator('div[data-cy=sidemenu-item-cadastro]').first();
        if (!(await entrada.isVisible())) await c.clicar(secao);
      }
      await c.clicar(entrada);
      await expect(page.getByRole('heading', { name: 'Produto', level: 1 })).toBeVisible();
    });
    await medir('Novo → formulário', async () => {
      await c.clicar(page.locator('[data-cy=botao-novo]'));
      await expect(campo(page, 'descricao')).toBeVisible();
    });
    await medir('descrição', async () => {
      await c.digitar(campo(page, 'descricao'), descricao);
    });
    await medir('EAN', async () => {
      await c.clicar(page.locator('[data-cy=adicionar-codigosAuxiliares]'));
      await c.digitar(campo(page, 'codigosAuxiliares.0.id'), ean);
    });
    await medir('preço e custo em 3 lojas', async () => {
      for (let i = 0; i < 3; i++) {
        await c.clicar(page.locator('[data-cy=adicionar-precos]'));
        await c.clicar(campo(page, `precos.${i}.lojaId`));
        await c.clicar(page.getByRole('option').nth(i));
        await c.digitar(campo(page, `precos.${i}.custoReposicao`), '7,5');
        // typed as said: 10 is R$ 10,00
        await c.digitar(campo(page, `precos.${i}.precoVenda1`), `${10 + i}`);
      }
      // the margin followed price and cost: (10 − 7,5) ÷ 10
      await expect(campo(page, 'precos.0.margemPreco1')).toHaveValue(/^25/);
    });
    await medir('Salvar (Ctrl+S) → salvo', async () => {
      await c.tecla('Control+s');
      await expect(toast(page).filter({ hasText: 'Cadastro incluído.' })).toBeVisible();
      // it stays on the saved record, its rows as saved (the margin computed by the server too)
      await expect(page).toHaveURL(/#\/produto\/cadastro\/\d+$/);
      await expect(campo(page, 'precos.2.margemPreco1')).toHaveValue(/^37,5/);
    });
    // the first registration counts (menu closed, as after signing in)
    if (r === 0) contagem = { cliques: c.cliques, teclas: c.teclas - descricao.length };
  }

  // what the API holds: the EAN, and price and cost in 3 stores, all from that one Save
  const auth = await request.post('/api/auth', { data: { username: 'elisa.compras', password: 'Demo@1234' } });
  const headers = { authorization: (await auth.json()).accessToken as string };
  const busca = await request.get(`/api/v1/produto/produtos?q=${encodeURIComponent(`descricao==*${marca}-0*`)}`, {
    headers,
  });
  const [produto] = (await busca.json()).items;
  const completo = await (await request.get(`/api/v1/produto/produtos/${produto.id}`, { headers })).json();
  expect(completo.codigosAuxiliares.map((x: { id: string }) => x.id)).toEqual([eans[0]]);
  expect(completo.precos).toHaveLength(3);
  expect(completo.precos.map((p: { precoVenda1: string }) => p.precoVenda1)).toEqual(['10.00', '11.00', '12.00']);
  expect(completo.precos.every((p: { custoReposicao: string }) => p.custoReposicao === '7.5000')).toBe(true);

  // the list can show EAN and price (chosen by the user, remembered after a reload)
  await page.goto('/app/#/produto');
  await page.locator('[data-cy=colunas-extras]').click();
  await page.locator('[data-cy=coluna-extra-ean]').click();
  await page.locator('[data-cy=coluna-extra-preco]').click();
  await page.keyboard.press('Escape');
  await page.locator('[data-cy=filtro-busca]').fill(`${marca}-0`);
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);
  await expect(page.locator('[data-cy=coluna-ean]').first()).toHaveText(eans[0]!);
  await page.reload();
  await expect(page.locator('[data-cy=coluna-ean]').first()).toHaveText(eans[0]!);
  await expect(page.locator('[data-cy=coluna-preco]').first()).toContainText(/R\$\s?1[012],00/);

  console.log(
    `[produto-cadastro-rapido] cliques ${contagem.cliques} (antes ${ANTES.cliques}), teclas ${contagem.teclas} + descrição (antes ${ANTES.teclas} + descrição), pedidos de gravação 1 (antes ${ANTES.pedidos})`,
  );
  for (const [passo, ms] of Object.entries(tempos))
    console.log(`[produto-cadastro-rapido] p95 ${passo}: ${Math.round(p95(ms))} ms (n=${ms.length})`);
  expect(contagem.cliques).toBeLessThan(ANTES.cliques);
});
