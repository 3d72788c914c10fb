/**
 * Axe on the form of every register with a screen: the administrator opens each one as a user would (its
 * create route, "Novo" on its list, or the first row where nothing is created by hand: NCM, gênero) and the
 * form has no serious or critical WCAG 2.1 A/AA violation. Registers edited only inside another form
 * (barcodes, prices, costs, product suppliers: the product form) or through the API only (grupos and
 * subgrupos of a seção: no screen of their own yet) are listed, not opened.
 * Reads only: nothing is saved, so the shared server's other journeys see the demo unchanged.
 */
import AxeBuilder from '@axe-core/playwright';
import { REGISTERS, type RegisterDef, ROTAS } from '@retaguarda/domain';
import { expect, type Page, test } from '@playwright/test';
import { login } from './shell-helpers';

const temRota = (p: string) => ROTAS.some((r) => r.path === p);

/** Forms with a route of their own beside the list (cenários fiscais) or lists on another screen (grupo NCM). */
const FORMULARIO_PROPRIO: Record<string, string> = {
  cenarioFiscalNcm: '/fiscal/cenarios-fiscais/ncm',
  cenarioFiscalOperacao: '/fiscal/cenarios-fiscais/operacao',
  grupoNcm: '/gruponcm',
};

type Abertura = { hash: string; clicar?: 'novo' | 'linha' };

/** How a user reaches the register's form, or undefined when it has no screen of its own. */
function abertura(def: RegisterDef): Abertura | undefined {
  const propria = FORMULARIO_PROPRIO[def.key];
  if (propria) return { hash: `#${propria}` };
  if (temRota(`${def.route}/cadastro/:id?`) || temRota(`${def.route}/cadastro`))
    return { hash: `#${def.route}/cadastro` };
  // a route with parameters is another register's form, where this one is a tab (condição da loja)
  if (!temRota(def.route) || def.route.includes('/:')) return undefined;
  return { hash: `#${def.route}`, clicar: def.canCreate === false ? 'linha' : 'novo' };
}

/** A record of the register, opened from its list (the edit form shows more: dates, history, actions). */
function aberturaDeRegistro(def: RegisterDef): Abertura | undefined {
  if (FORMULARIO_PROPRIO[def.key] || !temRota(def.route) || def.route.includes('/:') || def.canCreate === false)
    return undefined;
  return { hash: `#${def.route}`, clicar: 'linha' };
}

async function irPara(page: Page, hash: string) {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
}

/** Opens the form; false when the list has no row to open. */
async function abrir(page: Page, a: Abertura): Promise<boolean> {
  await irPara(page, a.hash);
  if (a.clicar === 'novo') await page.locator('[data-cy=botao-novo]').click();
  if (a.clicar === 'linha') {
    const linhas = page.locator('[data-cy=linha-registro]');
    await expect(linhas.first().or(page.getByText('Nenhum registro encontrado'))).toBeVisible();
    if ((await linhas.count()) === 0) return false;
    await linhas.first().click();
  }
  await expect(page.locator('[data-cy=formulario-registro]')).toBeVisible();
  // the pickers' options and the record arrive after the form paints: axe sees the settled form
  await expect(page.locator('[data-cy=formulario-registro] .mantine-Loader-root')).toHaveCount(0);
  return true;
}

/**
 * Leaves the untouched form with Esc, as a user would (the next register's hash may be this one's); where
 * Esc stays in the form (a picker keeps it), through the Painel.
 */
async function sair(page: Page) {
  const form = page.locator('[data-cy=formulario-registro]');
  await page.keyboard.press('Escape');
  if (await form.isVisible()) await page.keyboard.press('Escape');
  if (await form.isVisible()) {
    await irPara(page, '#/');
    await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  }
  await expect(form).toHaveCount(0);
}

async function violacoesGraves(page: Page): Promise<string[]> {
  const form = page.locator('[data-cy=formulario-registro]');
  const analisar = () =>
    new AxeBuilder({ page })
      .include('[data-cy=formulario-registro]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
  await expect(form).toBeVisible();
  // a form can re-mount as its route settles (the record's hash replaces the list's): analyse the one that stays
  const { violations } = await analisar().catch(async (erro: Error) => {
    if (!/No elements found for include/.test(erro.message)) throw erro;
    await expect(form).toBeVisible();
    return analisar();
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const COM_TELA = REGISTERS.filter((def) => abertura(def));

test.describe('axe nos formulários de cadastro', () => {
  let page: Page;
  // one page signed in once for every register (a page of its own does not take the config's `use`)
  test.beforeAll(async ({ browser }, info) => {
    const { baseURL, locale, timezoneId } = info.project.use;
    // axe needs a page of a context of its own (browser.newPage is refused)
    const contexto = await browser.newContext({ baseURL, locale, timezoneId, viewport: { width: 1366, height: 768 } });
    page = await contexto.newPage();
    await login(page, 'ana.admin');
  });
  test.afterAll(() => page.context().close());

  for (const def of COM_TELA) {
    test(`${def.label.singular}: novo e salvo, sem violação séria ou crítica`, async () => {
      const a = abertura(def)!;
      const achados: string[] = [];
      await abrir(page, a);
      for (const v of await violacoesGraves(page)) achados.push(`novo (${a.hash}) — ${v}`);
      await sair(page);
      const registro = aberturaDeRegistro(def);
      if (registro && (await abrir(page, registro))) {
        for (const v of await violacoesGraves(page)) achados.push(`registro salvo — ${v}`);
        await sair(page);
      }
      expect(achados).toEqual([]);
    });
  }
});

test('todo cadastro com tela própria entra na verificação', () => {
  // the rest are edited inside another register's form (the product's; grupos and subgrupos in the seção's; the
  // store conditions in the payment plan's)
  const semTela = REGISTERS.filter((def) => !abertura(def)).map((def) => def.key);
  expect(semTela.sort()).toEqual([
    'codigoAuxiliar',
    'condicaoPagamentoLoja',
    'custo',
    'grupoProduto',
    'preco',
    'produtoFornecedor',
    'subgrupo',
  ]);
  expect(COM_TELA.length).toBeGreaterThan(40);
});
