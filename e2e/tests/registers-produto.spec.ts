/**
 * Produto on the register engine: hierarchy (seção → grupo → subgrupo), an NCM picked by searching its
 * description, barcodes (a wrong GTIN check digit refused, then fixed) and prices per store inside the
 * form; NCM search by prefix; export to Excel read back; delete refused while the product is in use.
 */
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

const require = createRequire(import.meta.url);
const linhas = (page: Page) => page.locator('[data-cy=linha-registro]');
const campo = (page: Page, nome: string) => page.locator(`[data-cy="campo-${nome}"]`);

/** GTIN-13 check digit (mod 10, weights 1/3 from the left). */
function gtin13(corpo: string): string {
  const soma = [...corpo].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${corpo}${(10 - (soma % 10)) % 10}`;
}

async function api(request: APIRequestContext) {
  const auth = await request.post('/api/auth', { data: { username: 'ana.admin', password: 'Demo@1234' } });
  const headers = { authorization: (await auth.json()).accessToken as string };
  const get = async (url: string) => (await request.get(url, { headers })).json();
  const post = async (url: string, data: unknown) => {
    const r = await request.post(url, { headers, data });
    expect(r.status(), await r.text()).toBe(201);
    return r.json();
  };
  return { get, post };
}

async function escolher(page: Page, nome: string, busca: string, opcao: RegExp) {
  const input = campo(page, nome);
  await input.click();
  await input.fill(busca);
  await page.getByRole('option', { name: opcao }).first().click();
}

test('produto: hierarchy, NCM by description, barcodes with a GTIN error fixed, prices per store', async ({
  page,
  request,
}) => {
  const a = await api(request);
  const secao = (await a.get('/api/v1/produto/secoes?q=descricao==Perfumaria')).items[0];
  const grupo = (await a.get(`/api/v1/produto/secoes/${secao.id}/grupos?q=descricao==Colônias`)).items[0];
  await a.post(`/api/v1/produto/secoes/${secao.id}/grupos/${grupo.id}/subgrupos`, { descricao: 'Extratos jornada' });
  const situacao = (await a.get('/api/v1/fiscal/situacoes?count=1')).items[0].id;
  await a.post('/api/v1/fiscal/regimes-tributarios', {
    descricao: 'ST PERFUMARIA PR JORNADA',
    uf: 'PR',
    situacaoFiscalSaidaId: situacao,
    aliquotaIcms: '19.5',
  });

  await page.goto('/app/#/login?redirectFrom=%2Fproduto');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Produto', level: 1 })).toBeVisible();
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page).toHaveURL(/#\/produto\/cadastro$/);
  // barcodes and prices are rows of the form itself, saved with the product
  await expect(page.getByRole('region', { name: 'Códigos de barras e preços' })).toBeVisible();

  // a required field left empty: the message sits under it, then it is fixed
  await page.locator('[data-cy=salvar]').click();
  await expect(page.getByText('Campo obrigatório.').first()).toBeVisible();
  await campo(page, 'descricao').fill('Perfume Jornada 50 ml');
  // grupo waits for the seção and offers only its grupos
  await expect(campo(page, 'grupoId')).toBeDisabled();
  await escolher(page, 'secaoId', 'perfum', /Perfumaria/);
  await escolher(page, 'grupoId', 'colon', /Colônias/);
  await escolher(page, 'subgrupoId', 'extratos', /Extratos jornada/);
  // the NCM is found by its description, accent-insensitive
  await escolher(page, 'ncmId', 'aguas-de-colonia', /3303\.?00\.?20/);
  // the gênero follows the NCM at once (its first 2 digits), before any Save
  await expect(campo(page, 'generoId')).toHaveValue(/^33 - /);
  await page.keyboard.press('Control+s');
  await expect(toast(page)).toContainText('Cadastro incluído.');
  // the product form stays on the saved record ('Salvar e novo' beside Salvar); Voltar goes to the list
  await expect(page).toHaveURL(/#\/produto\/cadastro\/\d+$/);
  await expect(page.locator('[data-cy=salvar-e-novo]')).toBeVisible();
  await page.locator('[data-cy=voltar]').click();

  await page.locator('[data-cy=filtro-busca]').fill('jornada');
  await expect(linhas(page)).toHaveCount(1);
  await linhas(page).first().dblclick();
  await expect(campo(page, 'descricao')).toHaveValue('Perfume Jornada 50 ml');
  await expect(campo(page, 'subgrupoId')).toHaveValue(/Extratos jornada/);
  await expect(campo(page, 'ncmId')).toHaveValue(/3303/);

  // barcodes: a wrong check digit is refused under the code, the right one is kept
  const certo = gtin13('789100077701');
  const errado = `${certo.slice(0, 12)}${(Number(certo[12]) + 1) % 10}`;
  await page.locator('[data-cy=adicionar-codigosAuxiliares]').click();
  await campo(page, 'codigosAuxiliares.0.id').fill(errado);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Código de barras inválido: dígito verificador GTIN não confere.')).toBeVisible();
  await campo(page, 'codigosAuxiliares.0.id').fill(certo);

  // prices per store, in the same form
  await page.locator('[data-cy=adicionar-precos]').click();
  await escolher(page, 'precos.0.lojaId', 'londrina', /Londrina/);
  await campo(page, 'precos.0.precoVenda1').fill('149,90');
  // the state ICMS regime of the product in that store (domain §3.3), saved with the form
  await page.locator('[data-cy=adicionar-regimesDoProduto]').click();
  await escolher(page, 'regimesDoProduto.0.lojaId', 'londrina', /Londrina/);
  await escolher(page, 'regimesDoProduto.0.regimeEstadualId', 'perfumaria', /ST PERFUMARIA PR JORNADA/);
  await page.screenshot({ path: '/tmp/pw-h6/produto-form.png', fullPage: true });
  await page.keyboard.press('Control+s');
  await expect(toast(page).filter({ hasText: 'Alterações salvas.' })).toBeVisible();

  // what the API now holds for this product
  const id = (await a.get('/api/v1/produto/produtos?q=descricao==*Jornada*')).items[0].id;
  const precos = await a.get(`/api/v1/produto/produtos/${id}/precos`);
  expect(precos).toEqual([expect.objectContaining({ precoVenda1: expect.stringMatching(/^149\.9/) })]);
  const codigos = await a.get(`/api/v1/produto/produtos/${id}/codigos-auxiliares`);
  expect(codigos.items.map((c: { id: string }) => c.id)).toEqual([certo]);
  const produto = await a.get(`/api/v1/produto/produtos/${id}`);
  expect(produto.regimesDoProduto).toEqual([expect.objectContaining({ lojaId: expect.any(Number) })]);
  expect(produto.subgrupoId).toBeGreaterThan(0);
});

test('ncm: search by code prefix', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2Fncm');
  await entrar(page, 'carlos.fiscal');
  await expect(page.getByRole('heading', { name: 'NCM', level: 1 })).toBeVisible();
  await page.locator('[data-cy=filtro-busca]').fill('3303');
  await expect(page).toHaveURL(/busca=3303/);
  await expect(linhas(page).first()).toContainText('3303');
  const textos = await linhas(page).allInnerTexts();
  expect(textos.length).toBeGreaterThan(1);
  for (const t of textos) expect(t).toMatch(/3303/);
  await page.screenshot({ path: '/tmp/pw-h6/ncm-lista.png' });

  // its local attributes: a CEST that lists this NCM, observations; never the official text
  await page.locator('[data-cy=filtro-busca]').fill('33030010');
  await expect(linhas(page)).toHaveCount(1);
  await linhas(page).first().dblclick();
  await expect(page).toHaveURL(/#\/ncm\/33030010/);
  await page.locator('[data-cy=adicionar-cests]').click();
  await campo(page, 'cests.0.cest').fill('2000800');
  await page.keyboard.press('Control+s');
  // the reason sits under the CEST of the row
  await expect(
    page.getByText('O CEST 2000800 não lista o NCM 33030010 na tabela oficial.', { exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/pw-h6/ncm-form-erro.png' });
  await campo(page, 'cests.0.cest').fill('2000700');
  await campo(page, 'observacao').fill('Perfumes: conferir ST no PR.');
  await page.screenshot({ path: '/tmp/pw-h6/ncm-form.png', fullPage: true });
  await page.keyboard.press('Control+s');
  await expect(toast(page)).toContainText('Alterações salvas.');
});

test('produto: export to Excel honours the search; a product in use cannot be deleted', async ({ page, request }) => {
  const a = await api(request);
  const batom = (await a.get('/api/v1/produto/produtos?q=descricao==*Batom*')).items[0];
  const outro = (await a.get('/api/v1/produto/produtos?q=descricao==*Shampoo*')).items[0];
  await a.post('/api/v1/produto/similares', {
    descricao: 'Similares do batom',
    produtoReferenciaId: batom.id,
    produtosIds: [batom.id, outro.id],
  });

  await page.goto('/app/#/login?redirectFrom=%2Fproduto');
  await entrar(page, 'ana.admin');
  await page.locator('[data-cy=filtro-busca]').fill('batom');
  await expect(page).toHaveURL(/busca=batom/);
  await expect(linhas(page)).toHaveCount(1);
  await page.locator('[data-cy=exportar]').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-cy=exportar-xlsx]').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const ExcelJS = require('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const valores: string[] = [];
  wb.worksheets[0].eachRow((row: { values: unknown[] }) => valores.push(row.values.join('|')));
  expect(valores).toHaveLength(2);
  expect(valores[0]).toContain('Descrição');
  expect(valores[1]).toContain('Batom Matte');

  await linhas(page).first().locator('[data-cy=kebab-registro]').click();
  await page.locator('[data-cy=acao-excluir]').click();
  await page.locator('[data-cy=confirmar-exclusao]').click();
  await expect(page.locator('[data-cy=exclusao-recusada]')).toBeVisible();
  // the demo product has similares and stock: which reference PostgreSQL checks first is its own business
  await expect(page.locator('[data-cy=exclusao-recusada]')).toContainText(
    /Referenciado em (similares|saldos de estoque)\./,
  );
  await expect(page.locator('[data-cy=inativar-em-vez]')).toBeVisible();
});
