/**
 * Issue #27, the stock documents in daily use (second part): the adjustments' list names what it lists (store,
 * location, type, who) and a saved adjustment opens as a read-only document — its lines, the movements it posted
 * with the balance after each, who and when, Imprimir; the inconsistency lot's grid shows NCM as 3303.00.20.
 * Screenshots at 1366×768 and 1920×1080 in /tmp/shots.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { login, SENHA } from './shell-helpers';

const TAMANHOS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

async function fotos(page: Page, nome: string) {
  for (const t of TAMANHOS) {
    await page.setViewportSize(t);
    await page.screenshot({ path: `/tmp/shots/${nome}-${t.width}.png` });
  }
  await page.setViewportSize(TAMANHOS[0]!);
}

/** The clerk's context through the API: a store, its shop-floor location, a product, the adjustment types. */
async function contexto(request: APIRequestContext, username: string) {
  const auth = await (await request.post('/api/auth', { data: { username, password: SENHA } })).json();
  const headers = { authorization: `Bearer ${auth.accessToken}` };
  const get = async (url: string) => (await request.get(url, { headers })).json();
  const eu = await get('/api/v1/eumesmo');
  const loja = eu.lojasUsuario[0] as { id: number; sigla: string; fantasia: string };
  const locais = await get('/api/v1/estoque/locais-estoque?count=1000&q=ativo==true');
  const local = locais.items.find((l: { lojaId: number; tipo: string }) => l.lojaId === loja.id && l.tipo === 'LOJA');
  const tipos = await get('/api/v1/estoque/tipos-ajuste?count=200&q=ativo==true');
  const tipo = (op: string) =>
    tipos.items.find((t: { tipo: string; exigeObservacao: boolean }) => t.tipo === op && !t.exigeObservacao);
  const produtos = await get('/api/v1/produto/produtos?count=50&sort=-id&q=ativo==true');
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  return { headers, get, eu, loja, local, tipo, produtos: produtos.items as { id: number; descricao: string }[], hoje };
}

test('um ajuste salvo abre como documento: linhas, movimentos, quem e quando, Imprimir; a lista dá nomes', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const c = await contexto(request, 'diego.estoque');
  const [p1, p2] = c.produtos;
  const r = await request.post('/api/v1/estoque/ajustes', {
    headers: c.headers,
    data: {
      lojaId: c.loja.id,
      localId: c.local.id,
      tipoDeOperacao: 'ENTRADA',
      tipoDeAjusteId: c.tipo('ENTRADA').id,
      dataDaMovimentacao: c.hoje,
      observacao: 'Jornada do documento',
      itens: [
        { produtoId: p1!.id, quantidade: '3' },
        { produtoId: p2!.id, quantidade: '1' },
      ],
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  const id = (await r.json()).id as number;

  await login(page, 'diego.estoque');
  await page.goto('/app/#/estoque/ajustes');
  const linha = page.locator('[data-cy=lista-ajustes] tr', { hasText: 'Jornada do documento' }).first();
  await expect(linha).toBeVisible();
  // names, not ids: the store, the location, the type and who posted it
  await expect(linha).toContainText(c.loja.sigla);
  await expect(linha).toContainText(c.local.descricao);
  await expect(linha).toContainText(c.tipo('ENTRADA').descricao);
  await expect(linha).toContainText(c.eu.nome);
  await fotos(page, 'ajustes-lista');

  await linha.click();
  const doc = page.getByRole('dialog');
  await expect(doc).toBeVisible();
  await expect(page.getByText(`Ajuste de estoque ${id}`)).toBeVisible();
  await expect(doc.locator('[data-cy=ajuste-usuario]')).toHaveText(c.eu.nome);
  const itens = doc.locator('[data-cy=ajuste-itens] tbody tr');
  await expect(itens).toHaveCount(2);
  await expect(itens.first()).toContainText(p1!.descricao);
  await expect(itens.first()).toContainText(/R\$\s\d/);
  const movimentos = doc.locator('[data-cy=ajuste-movimentos] tbody tr');
  await expect(movimentos).toHaveCount(2);
  await expect(movimentos.first()).toContainText('Ajuste de entrada');
  // read-only: no field to type in; Imprimir prints this view
  await expect(doc.locator('input, textarea')).toHaveCount(0);
  await expect(doc.locator('[data-cy=ajuste-imprimir]')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { impresso: boolean }).impresso = false;
    window.print = () => {
      (window as unknown as { impresso: boolean }).impresso = document.body.classList.contains('imprimindo-documento');
    };
  });
  await doc.locator('[data-cy=ajuste-imprimir]').click();
  expect(await page.evaluate(() => (window as unknown as { impresso: boolean }).impresso)).toBe(true);
  await fotos(page, 'ajuste-documento');
});

test('Ctrl+S que falha no fim de um formulário longo leva ao primeiro campo inválido', async ({ page }) => {
  await page.setViewportSize(TAMANHOS[0]!);
  await login(page, 'ana.admin');
  await page.goto('/app/#/produto/cadastro');
  const descricao = page.locator('[data-cy=formulario-registro] [data-cy=campo-descricao]');
  await expect(descricao).toBeVisible();
  // down to the buttons (the description, required and empty, is far above the fold)
  const salvar = page.getByRole('button', { name: /^Salvar/ }).last();
  await salvar.scrollIntoViewIfNeeded();
  await page.getByText('Classificação', { exact: true }).click();
  await expect(descricao).not.toBeInViewport();
  await page.keyboard.press('Control+s');
  await expect(descricao).toHaveAttribute('aria-invalid', 'true');
  await expect(descricao).toBeFocused();
  await expect(descricao).toBeInViewport();
  await fotos(page, 'produto-ctrl-s-falhou');
});
