/**
 * Issue #27, the stock and fiscal screens in daily use: the simulator is found (cenários list, product form,
 * Ctrl+K) and actions are Ctrl+K results ("fechar período" finds Fechar estoque, which says what it will do);
 * the stock clerk runs every select of Novo ajuste and Nova transferência from the keyboard (type, Enter) and
 * Voltar asks before discarding; the fiscal analyst's pickers keep what is typed (NCM reached by Enter, "devol" +
 * Enter in Tipo de operação). Reads only: nothing is saved. Screenshots at 1366×768 and 1920×1080 in /tmp/shots.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { entrar, SENHA } from './shell-helpers';

const TAMANHOS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

async function fotos(page: Page, nome: string) {
  const antes = page.viewportSize();
  for (const t of TAMANHOS) {
    await page.setViewportSize(t);
    await page.screenshot({ path: `/tmp/shots/${nome}-${t.width}.png` });
  }
  if (antes) await page.setViewportSize(antes);
}

async function paleta(page: Page, busca: string) {
  await page.keyboard.press('Control+k');
  const campo = page.getByRole('textbox', { name: 'Buscar tela ou registro' });
  await expect(campo).toBeVisible();
  await campo.fill(busca);
  return campo;
}

/** Types into a select (its text selected first) and picks with Enter what the typing highlighted. */
async function digitarEEscolher(page: Page, campo: Locator, texto: string, esperado: RegExp) {
  await campo.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(texto);
  await expect(page.getByRole('option', { name: esperado }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(campo).toHaveValue(esperado);
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** The options of a select, read by opening it with ArrowDown (and closed again with Esc). */
async function opcoesDe(page: Page, campo: Locator): Promise<string[]> {
  await campo.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  const textos = await page.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  return textos.map((t) => t.trim());
}

const escapar = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('o simulador é achado (lista, produto, Ctrl+K) e as ações são resultados do Ctrl+K', async ({ page, request }) => {
  test.setTimeout(60_000);
  const auth = await (await request.post('/api/auth', { data: { username: 'ana.admin', password: SENHA } })).json();
  const produtos = await (
    await request.get(`/api/v1/produto/produtos?count=1&q=${encodeURIComponent('descricao==*Brisa Floral*')}`, {
      headers: { authorization: auth.accessToken },
    })
  ).json();
  const produto = produtos.items[0] as { id: number; descricao: string };
  expect(produto, 'a colônia da demo').toBeTruthy();

  await page.setViewportSize(TAMANHOS[0]!);
  await page.goto('/app/#/login');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();

  // "fechar período" and "fechamento" find the command; it opens the closing of the store, which says what it does
  await paleta(page, 'fechar período');
  const comando = page.locator('[data-cy=paleta-comando]').filter({ hasText: 'Fechar estoque' });
  await expect(comando).toHaveCount(1);
  await fotos(page, 'ctrlk-fechar-periodo');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Parâmetros de estoque', level: 1 })).toBeVisible();
  const dialogo = page.getByRole('dialog', { name: /Fechar o estoque da loja/ });
  await expect(dialogo).toBeVisible();
  await page.locator('[data-cy=data-fechamento]').fill('31/10/2026');
  await expect(page.locator('[data-cy=efeito-fechamento]')).toContainText('até 31/10/2026 deixarão de ser aceitos');
  await fotos(page, 'fechar-estoque-efeito');
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialogo).toHaveCount(0);
  // the command is not run again by a reload
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Parâmetros de estoque', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await paleta(page, 'fechamento');
  await expect(page.locator('[data-cy=paleta-comando]').filter({ hasText: 'Fechar estoque' })).toHaveCount(1);
  await page.keyboard.press('Escape');

  // Nova transferência opens the form straight away
  await paleta(page, 'nova transferencia');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Nova transferência', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=form-transferencia]')).toBeVisible();

  // Simular tributação from Ctrl+K (the form above is untouched: it leaves without a question)
  await paleta(page, 'simular');
  await expect(page.locator('[data-cy=paleta-comando]').filter({ hasText: 'Simular tributação' })).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Simular cenário fiscal', level: 1 })).toBeVisible();

  // 'Simular' on the cenários list
  await page.goto('/app/#/fiscal/cenarios-fiscais');
  await expect(page.getByRole('heading', { name: 'Cenários fiscais', level: 1 })).toBeVisible();
  await fotos(page, 'cenarios-lista-simular');
  await page.locator('[data-cy=simular-tributacao]').click();
  await expect(page.getByRole('heading', { name: 'Simular cenário fiscal', level: 1 })).toBeVisible();

  // 'Simular tributação' on a product's form: the product and the store the user works in are filled in
  await page.goto(`/app/#/produto/cadastro/${produto.id}`);
  await expect(page.locator('[data-cy=identificacao-registro]')).toContainText('Brisa Floral');
  await fotos(page, 'produto-simular');
  await page.locator('[data-cy=simular-tributacao]').click();
  await expect(page.getByRole('heading', { name: 'Simular cenário fiscal', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=simulacao-produto]')).toHaveValue(new RegExp(escapar(produto.descricao)));
  await expect(page.locator('[data-cy=simulacao-loja]')).not.toHaveValue('');
  await fotos(page, 'simulador-do-produto');
});

test('estoquista: todas as seleções de ajuste e transferência pelo teclado; Voltar pergunta', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(TAMANHOS[0]!);
  const tipos = page.waitForResponse((r) => r.url().includes('/api/v1/estoque/tipos-ajuste') && r.ok());
  await page.goto('/app/#/login?redirectFrom=%2Festoque%2Fajustes');
  await entrar(page, 'diego.estoque');
  await expect(page.getByRole('heading', { name: 'Ajustes de estoque', level: 1 })).toBeVisible();

  await paleta(page, 'novo ajuste');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=form-ajuste]')).toBeVisible();
  await tipos;
  // the first field takes the typing, its list closed
  const loja = page.locator('[data-cy=ajuste-loja]');
  await expect(loja).toBeFocused();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  const atual = await loja.inputValue();
  const lojas = await opcoesDe(page, loja);
  const outraLoja = lojas.find((l) => l !== atual);
  if (outraLoja) {
    const nome = outraLoja.replace(/^\d+ - /, '');
    await digitarEEscolher(page, loja, nome.slice(0, 4).toLowerCase(), new RegExp(escapar(outraLoja)));
  }

  const local = page.locator('[data-cy=ajuste-local]');
  await expect(local).not.toHaveValue('');
  const locais = await opcoesDe(page, local);
  const outroLocal = locais.at(-1)!;
  await digitarEEscolher(page, local, outroLocal.slice(0, 3), new RegExp(`^${escapar(outroLocal)}`));

  // "sobra" + Enter picks the type (it never submits the half-filled form) and Enter then moves on
  const tipo = page.locator('[data-cy=ajuste-tipo]');
  await digitarEEscolher(page, tipo, 'sobra', /^Sobra/);
  await expect(page.locator('[data-cy=ajuste-operacao]')).toContainText('Entrada');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cy=ajuste-data]')).toBeFocused();
  await expect(page.getByText('Informe ao menos um item.')).toHaveCount(0);
  await fotos(page, 'ajuste-teclado');

  // saving without items says so, capitalised, under the item field
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Informe ao menos um item.')).toBeVisible();

  // Voltar on a filled form asks; Continuar editando keeps it; Esc asks too and Sair sem salvar leaves
  await page.locator('[data-cy=voltar]').click();
  await expect(page.getByText('Há alterações que ainda não foram salvas.')).toBeVisible();
  await fotos(page, 'ajuste-voltar-pergunta');
  await page.locator('[data-cy=continuar-editando]').click();
  await expect(tipo).toHaveValue(/^Sobra/);
  await page.locator('[data-cy=ajuste-observacao]').focus();
  await page.keyboard.press('Escape');
  await page.locator('[data-cy=descartar-alteracoes]').click();
  await expect(page.locator('[data-cy=form-ajuste]')).toHaveCount(0);
  await expect(page.locator('[data-cy=lista-ajustes]')).toBeVisible();

  // Nova transferência: the four selects by typing and Enter
  await page.goto('/app/#/estoque/transferencias');
  // both lists have a botao-novo: wait for the transfers' own page before clicking it
  await expect(page.getByRole('heading', { name: 'Transferências', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=lista-ajustes]')).toHaveCount(0);
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page.locator('[data-cy=form-transferencia]')).toBeVisible();
  for (const nome of ['lojaOrigemId', 'localOrigemId', 'lojaDestinoId', 'localDestinoId']) {
    const campo = page.locator(`[data-cy=transferencia-${nome}]`);
    await expect(campo).not.toHaveValue('');
    const atual = await campo.inputValue();
    const alvo = (await opcoesDe(page, campo)).filter((o) => o !== atual).at(-1);
    // a store with one location or a user with one store: nothing else to pick
    if (!alvo) continue;
    const palavra = alvo.replace(/^\d+ - /, '').slice(0, 4);
    await digitarEEscolher(page, campo, palavra, new RegExp(`^${escapar(alvo)}`));
  }
  await fotos(page, 'transferencia-teclado');
});

test('analista fiscal: NCM alcançado pelo Enter guarda a 1ª tecla; "devol" + Enter escolhe a operação', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(TAMANHOS[0]!);
  await page.goto('/app/#/login?redirectFrom=%2Ffiscal%2Fcenarios-fiscais%2Fncm');
  await entrar(page, 'carlos.fiscal');
  await expect(page.getByRole('heading', { name: 'Cenário fiscal por NCM', level: 1 })).toBeVisible();
  await page.locator('[data-cy=campo-descricao]').fill('Teclado');
  await page.locator('[data-cy=campo-descricao]').press('Enter');
  const ncm = page.locator('[data-cy=campo-ncm]');
  await expect(ncm).toBeFocused();
  await page.keyboard.type('3304');
  await expect(ncm).toHaveValue('3304');
  await expect(page.getByRole('option').first()).toContainText('3304');
  await page.keyboard.press('Enter');
  await expect(ncm).toHaveValue(/^3304/);
  // the UF pickers: typing filters, Enter picks
  await digitarEEscolher(page, page.locator('[data-cy=campo-ufOrigem]'), 'pr', /^PR$/);
  await digitarEEscolher(page, page.locator('[data-cy=campo-ufDestino]'), 'sc', /^SC$/);
  await fotos(page, 'cenario-ncm-teclado');

  await page.goto('/app/#/fiscal/cenarios-fiscais/operacao');
  await expect(page.getByRole('heading', { name: 'Cenário fiscal por operação', level: 1 })).toBeVisible();
  await digitarEEscolher(page, page.locator('[data-cy=campo-tipoOperacao]'), 'devol', /^Devolução/);
  await digitarEEscolher(page, page.locator('[data-cy=campo-modelo]'), 'nf-e', /55 - NF-e/);
  await digitarEEscolher(page, page.locator('[data-cy=campo-abrangencia]'), 'inter', /Interestadual/);
  await fotos(page, 'cenario-operacao-teclado');
});
