/**
 * A buyer keeps the product hierarchy in the seção's form: a grupo and two subgrupos added with the
 * keyboard (Enter saves, Esc cancels), a duplicate refused beside the input, a rename, a delete, a demo
 * grupo in use refused with where it is used; the new grupo is then offered by the product form under
 * that seção. A read-only user sees the same section without its inputs. Saves a screenshot under /tmp.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { login, toast } from './shell-helpers';

const SECAO = 'Unhas e mãos';
const secao = (page: Page) => page.locator('[data-cy=grupos-da-secao]');
const linha = (page: Page, tipo: 'grupo' | 'subgrupo', nome: string) =>
  page.locator(`[data-cy=linha-${tipo}][data-nome="${nome}"]`);

async function idDaSecao(request: APIRequestContext, descricao: string): Promise<number> {
  const auth = await request.post('/api/auth', { data: { username: 'ana.admin', password: 'Demo@1234' } });
  const headers = { authorization: (await auth.json()).accessToken as string };
  const q = encodeURIComponent(`descricao=="${descricao}"`);
  return (await (await request.get(`/api/v1/produto/secoes?q=${q}`, { headers })).json()).items[0].id;
}

async function semViolacoesGraves(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('[data-cy=formulario-registro]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const graves = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(graves.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('seção: grupos e subgrupos pelo teclado, recusa de exclusão em uso, e o grupo novo no produto', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await login(page, 'ana.admin');
  await page.goto('/app/#/secoes?registro=novo');
  // a new seção has no id to hang grupos on yet
  await expect(secao(page).getByText('Salve a seção para cadastrar grupos.')).toBeVisible();
  await page.locator('[data-cy="campo-descricao"]').fill(SECAO);
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page)).toContainText('Cadastro incluído.');

  const id = await idDaSecao(request, SECAO);
  await page.goto(`/app/#/secoes?registro=${id}`);
  await expect(secao(page).getByText('Nenhum grupo nesta seção.')).toBeVisible();

  // a grupo by the keyboard: Enter saves and the input is ready for the next one
  const novoGrupo = secao(page).getByRole('textbox', { name: 'Novo grupo' });
  await novoGrupo.focus();
  await page.keyboard.type('Esmaltes');
  await page.keyboard.press('Enter');
  await expect(linha(page, 'grupo', 'Esmaltes')).toBeVisible();
  await expect(novoGrupo).toHaveValue('');
  await expect(novoGrupo).toBeFocused();
  // the same name again (another case): refused beside the input, and Esc clears it without leaving the form
  await page.keyboard.type('esmaltes');
  await page.keyboard.press('Enter');
  await expect(secao(page).getByText('Valor já cadastrado.')).toBeVisible();
  await expect(novoGrupo).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: '/tmp/secao-grupos-erro.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(novoGrupo).toHaveValue('');
  await expect(page.locator('[data-cy=formulario-registro]')).toBeVisible();

  // open the grupo (Enter on its toggle) and type two subgrupos
  await linha(page, 'grupo', 'Esmaltes').getByRole('button', { name: 'Abrir subgrupos de Esmaltes' }).focus();
  await page.keyboard.press('Enter');
  const novoSub = secao(page).getByRole('textbox', { name: 'Novo subgrupo de Esmaltes' });
  await expect(novoSub).toBeFocused();
  for (const nome of ['Cremosos', 'Perolados']) {
    await page.keyboard.type(nome);
    await page.keyboard.press('Enter');
    await expect(linha(page, 'subgrupo', nome)).toBeVisible();
  }
  await expect(linha(page, 'grupo', 'Esmaltes').getByText('2 subgrupos').first()).toBeVisible();

  // rename in place: Esc cancels, Enter saves
  await linha(page, 'subgrupo', 'Perolados').getByRole('button', { name: 'Renomear subgrupo Perolados' }).click();
  const nomeNovo = secao(page).getByRole('textbox', { name: 'Novo nome do subgrupo Perolados' });
  await expect(nomeNovo).toBeFocused();
  await nomeNovo.fill('Descartar');
  await page.keyboard.press('Escape');
  await expect(linha(page, 'subgrupo', 'Perolados')).toBeVisible();
  await expect(page.locator('[data-cy=formulario-registro]')).toBeVisible();
  await linha(page, 'subgrupo', 'Cremosos').getByRole('button', { name: 'Renomear subgrupo Cremosos' }).click();
  await secao(page).getByRole('textbox', { name: 'Novo nome do subgrupo Cremosos' }).fill('Cremosos e matte');
  await page.keyboard.press('Enter');
  await expect(linha(page, 'subgrupo', 'Cremosos e matte')).toBeVisible();

  // delete with confirmation
  await linha(page, 'subgrupo', 'Perolados').getByRole('button', { name: 'Ações do subgrupo Perolados' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await expect(page.getByRole('dialog', { name: 'Excluir subgrupo' })).toContainText('Perolados');
  await page.locator('[data-cy=confirmar-exclusao]').click();
  await expect(linha(page, 'subgrupo', 'Perolados')).toHaveCount(0);
  await expect(linha(page, 'subgrupo', 'Cremosos e matte')).toBeVisible();

  await semViolacoesGraves(page);
  await secao(page).screenshot({ path: '/tmp/secao-grupos.png' });

  // a demo grupo used by products: the refusal names the use
  const perfumaria = await idDaSecao(request, 'Perfumaria');
  await page.goto(`/app/#/secoes?registro=${perfumaria}`);
  await linha(page, 'grupo', 'Colônias').getByRole('button', { name: 'Ações do grupo Colônias' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Excluir grupo' });
  // other journeys of the same run may add subgrupos to this demo grupo: one or more
  await expect(dialogo).toContainText(/subgrupos? deste grupo também ser(á|ão) excluídos?\./);
  await page.locator('[data-cy=confirmar-exclusao]').click();
  await expect(dialogo.locator('[data-cy=exclusao-recusada]')).toContainText('o grupo está em uso');
  await expect(dialogo).toContainText('Referenciado em produtos.');
  await dialogo.screenshot({ path: '/tmp/secao-grupos-recusa.png' });
  await dialogo.getByRole('button', { name: 'Fechar', exact: true }).last().click();
  await expect(linha(page, 'grupo', 'Colônias')).toBeVisible();

  // the product form offers the new grupo under its seção
  await page.goto('/app/#/produto/cadastro');
  const campoSecao = page.locator('[data-cy="campo-secaoId"]');
  await campoSecao.click();
  await campoSecao.fill('unhas');
  await page
    .getByRole('option', { name: new RegExp(SECAO) })
    .first()
    .click();
  await page.locator('[data-cy="campo-grupoId"]').click();
  await expect(page.getByRole('option', { name: 'Esmaltes' })).toBeVisible();
  await page.getByRole('option', { name: 'Esmaltes' }).click();
  await page.locator('[data-cy="campo-subgrupoId"]').click();
  await expect(page.getByRole('option', { name: 'Cremosos e matte' })).toBeVisible();

  // read-only (PERM_SECAO_ACESSO only): the same section, nothing to type or click to change
  const ctx = await browser.newContext();
  const gabi = await ctx.newPage();
  await login(gabi, 'gabi.consulta');
  await gabi.goto(`/app/#/secoes?registro=${id}`);
  await expect(linha(gabi, 'grupo', 'Esmaltes')).toBeVisible();
  await expect(secao(gabi).getByText('Somente leitura')).toBeVisible();
  await expect(secao(gabi).getByRole('textbox')).toHaveCount(0);
  await expect(secao(gabi).getByRole('button', { name: /Renomear|Ações/ })).toHaveCount(0);
  await linha(gabi, 'grupo', 'Esmaltes').getByRole('button', { name: 'Abrir subgrupos de Esmaltes' }).click();
  await expect(linha(gabi, 'subgrupo', 'Cremosos e matte')).toBeVisible();
  await secao(gabi).screenshot({ path: '/tmp/secao-grupos-leitura.png' });
  await ctx.close();
});
