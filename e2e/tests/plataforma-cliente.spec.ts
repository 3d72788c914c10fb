/**
 * Platform client pieces: the learning-resource modal on login, the help button
 * and dismissal; the Painel counter cards; the administrators' learning-resource screen;
 * /requerimentosAplicacao.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { entrar, hashDe, login, SENHA } from './shell-helpers';

const TITULO_RECURSO = 'Como montar um plano de pagamento';

async function violacoesGraves(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('recurso de aprendizagem: abre no login pelo link direto, fecha ao navegar, ajuda reabre, dispensar remove', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/app/#/planoPagamento');
  await expect(page).toHaveURL(/#\/login\?redirectFrom=%2FplanoPagamento/);
  await entrar(page, 'beatriz.fin');

  const modal = page.getByRole('dialog', { name: TITULO_RECURSO });
  await expect(modal).toBeVisible();
  expect(hashDe(page)).toBe('#/planoPagamento');
  await expect(modal).toContainText('percentuais que somam exatamente 100%');
  await page.screenshot({ path: info.outputPath('modal-aprendizagem.png') });

  // every navigation closes it, and it does not open again by itself (only on login)
  await page.evaluate(() => {
    window.location.hash = '#/';
  });
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await expect(modal).toBeHidden();
  await page.goto('/app/#/planoPagamento');
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Plano de pagamento');
  await expect(modal).toBeHidden();

  // the help button offers it again; 'Entendi' only closes
  await page.locator('[data-cy=ajuda-tela]').click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Entendi' }).click();
  await expect(modal).toBeHidden();
  await expect(page.locator('[data-cy=ajuda-tela]')).toBeVisible();

  // screens without a resource have no help button
  await page.goto('/app/#/motivoCancelamento');
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Motivo do cancelamento');
  await expect(page.locator('[data-cy=ajuda-tela]')).toHaveCount(0);

  // dismissing removes it from the list and the cache, and the server remembers it
  await page.goto('/app/#/planoPagamento');
  await page.locator('[data-cy=ajuda-tela]').click();
  await modal.getByRole('button', { name: 'Não mostrar novamente' }).click();
  await expect(modal).toBeHidden();
  await expect(page.locator('[data-cy=ajuda-tela]')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Plano de pagamento');
  await expect(page.locator('[data-cy=ajuda-tela]')).toHaveCount(0);

  // logout clears the cached resources
  const chaves = await page.evaluate(() => Object.keys(localStorage));
  expect(chaves.some((k) => k.startsWith('rtg.cache.recursosAprendizagem'))).toBe(true);
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.locator('[data-cy=header-sair]').click();
  await expect(page.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  const depois = await page.evaluate(() => Object.keys(localStorage));
  expect(depois.some((k) => k.startsWith('rtg.cache.recursosAprendizagem'))).toBe(false);

  // signing in again on the screen: the dismissed resource stays away
  await page.goto('/app/#/planoPagamento');
  await entrar(page, 'beatriz.fin');
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Plano de pagamento');
  await expect(modal).toBeHidden();
});

/** The product counter as the API computes it now (detection over the demo, which other journeys change). */
async function contadorDeProduto(request: APIRequestContext): Promise<string> {
  const auth = await (await request.post('/api/auth', { data: { username: 'ana.admin', password: SENHA } })).json();
  const r = await request.get('/api/v1/produto/inconsistencias-produto', {
    headers: { authorization: auth.accessToken },
  });
  const items = (await r.json()).items as { tipoInconsistencia: string; quantidade: number }[];
  const total = items.filter((i) => i.tipoInconsistencia !== 'SEM_CEST').reduce((s, i) => s + i.quantidade, 0);
  expect(total, 'a demonstração tem inconsistências de produto').toBeGreaterThan(0);
  return total.toLocaleString('pt-BR');
}

test('Painel: cartões dos contadores com os números da demonstração; o cartão leva à tela', async ({
  page,
  request,
}, info) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  // the realtime client (a lazy chunk) connects once signed in
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await login(page, 'ana.admin');
  await socket;
  // demo data: 9 pending sales uploads (pending transactions, not error types), 1 product without a tax scenario;
  // product problems as detected (SEM_CEST left out)
  await expect(page.locator('[data-cy=contador-vendas] [data-cy=contador-valor]')).toHaveText('9');
  await expect(page.locator('[data-cy=contador-tributacao] [data-cy=contador-valor]')).toHaveText('1');
  await expect(page.locator('[data-cy=contador-produto] [data-cy=contador-valor]')).toHaveText(
    await contadorDeProduto(request),
  );
  await expect(page.locator('[data-cy=contadores-por-loja]')).toContainText('1 - Shopping Curitiba');
  await expect(page.locator('[data-cy=painel-notificacoes]')).toBeVisible();
  await page.screenshot({ path: info.outputPath('painel.png'), fullPage: true });

  await page.locator('[data-cy=contador-produto] a').click();
  await expect(page).toHaveURL(/#\/inconsistenciasTributarias$/);
  await expect(page.locator('[data-cy=breadcrumb]')).toContainText('Inconsistências tributárias');
});

test('Painel sem permissão de contadores não mostra cartões nem chama as APIs', async ({ page }) => {
  const chamadas: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/(pdv|produto)\//.test(r.url())) chamadas.push(r.url());
  });
  await login(page, 'diego.estoque');
  await expect(page.locator('[data-cy=painel-notificacoes]')).toBeVisible();
  await expect(page.locator('[data-cy=contador-valor]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Inconsistências' })).toHaveCount(0);
  expect(chamadas).toEqual([]);
});

test('administrador cadastra um recurso de aprendizagem e a tela passa a oferecer a ajuda', async ({ page }, info) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await login(page, 'ana.admin');
  // the register's generic list and form (declared in the domain like every register)
  await page.goto('/app/#/recursosAprendizagem');
  await expect(page.getByRole('heading', { name: 'Recursos de aprendizagem', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=tabela-registros]')).toContainText(TITULO_RECURSO);
  await expect(page.locator('[data-cy=tabela-registros]')).toContainText('Financeiro › Cadastro › Plano de pagamento');
  await page.locator('[data-cy=botao-novo]').click();
  await page.locator('[data-cy=salvar]').click();
  await expect(page.getByText('Campo obrigatório.')).toHaveCount(2); // título and tela do menu
  await page.locator('[data-cy=campo-titulo]').fill('Marcas: como cadastrar');
  await page.locator('[data-cy=campo-menuId]').click();
  await page.locator('[data-cy=campo-menuId]').fill('Marcas');
  await page.getByRole('option', { name: 'Produto › Cadastro › Marcas' }).click();
  // neither text nor link: the server's rule answers under the field
  await page.locator('[data-cy=salvar]').click();
  await expect(page.getByText('Informe o conteúdo ou um link.')).toBeVisible();
  await page.locator('[data-cy=campo-conteudo]').fill('Cadastre a marca antes do produto.');
  await page.screenshot({ path: info.outputPath('recurso-form.png') });
  await page.locator('[data-cy=salvar]').click();
  await expect(page.locator('[data-cy=tabela-registros]')).toContainText('Marcas: como cadastrar');
  await page.screenshot({ path: info.outputPath('recursos-lista.png') });

  try {
    await page.goto('/app/#/marcasProduto');
    await page.locator('[data-cy=ajuda-tela]').click();
    await expect(page.getByRole('dialog', { name: 'Marcas: como cadastrar' })).toContainText(
      'Cadastre a marca antes do produto.',
    );
  } finally {
    // the server is shared by every journey: the marcas journeys must not meet this modal on login
    await excluirRecurso(page.request, 'Marcas: como cadastrar');
  }
});

async function excluirRecurso(request: APIRequestContext, titulo: string): Promise<void> {
  const auth = await (await request.post('/api/auth', { data: { username: 'ana.admin', password: SENHA } })).json();
  const headers = { Authorization: `Bearer ${auth.accessToken}` };
  const lista = await (await request.get('/api/v1/recurso-aprendizagem?count=1000', { headers })).json();
  for (const r of lista.items as { id: number; titulo: string }[])
    if (r.titulo === titulo)
      expect((await request.delete(`/api/v1/recurso-aprendizagem/${r.id}`, { headers })).ok()).toBe(true);
}

test('/requerimentosAplicacao diz quais navegadores são suportados e que este é', async ({ page }, info) => {
  await login(page, 'gabi.consulta');
  await page.goto('/app/#/requerimentosAplicacao');
  await expect(page.getByRole('heading', { name: 'Requerimentos da aplicação' })).toBeVisible();
  await expect(page.locator('[data-cy=navegador-status]')).toContainText('Seu navegador é compatível');
  await expect(page.getByRole('table')).toContainText('Google Chrome');
  await expect(page.getByRole('table')).toContainText('Mozilla Firefox');
  await page.screenshot({ path: info.outputPath('requerimentos.png') });
});

test('relatório de erros: sem DSN o SDK nem é baixado; com DSN um erro do navegador chega à ingestão', async ({
  page,
  baseURL,
}) => {
  // the SDK marks the page with its global carrier once loaded
  const sdkCarregado = () => page.evaluate(() => '__SENTRY__' in globalThis);
  const configSemDsn = page.waitForResponse((r) => r.url().endsWith('/api/v1/config-publica'));
  await page.goto('/app/#/login');
  expect((await (await configSemDsn).json()).relatorioErros).toBeNull();
  await page.waitForTimeout(500);
  expect(await sdkCarregado()).toBe(false);

  // a DSN given by the public config (intercepted) pointing at a fake ingest (intercepted too); on this
  // origin, as the CSP admits only the ingest the server was configured with (its own test covers that)
  const origem = new URL(baseURL ?? '');
  const envelopes: string[] = [];
  await page.route('**/api/v1/config-publica', (route) =>
    route.fulfill({
      json: { versao: 'teste', relatorioErros: { dsn: `http://chave@${origem.host}/7`, tracesSampleRate: 0.1 } },
    }),
  );
  await page.route('**/api/7/envelope/**', async (route) => {
    envelopes.push(route.request().postData() ?? '');
    await route.fulfill({ status: 200, json: {} });
  });
  await page.reload();
  await expect.poll(sdkCarregado).toBe(true);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('erro de teste do navegador');
    });
  });
  await expect.poll(() => envelopes.filter((e) => e.includes('erro de teste do navegador')).length).toBe(1);
});

test('acessibilidade: Painel com contadores, modal de aprendizagem, cadastro de recursos e requerimentos', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/app/#/planoPagamento');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('dialog', { name: TITULO_RECURSO })).toBeVisible();
  expect(await violacoesGraves(page)).toEqual([]);
  await page.getByRole('button', { name: 'Entendi' }).click();

  await page.goto('/app/#/');
  await expect(page.locator('[data-cy=contador-produto] [data-cy=contador-valor]')).toHaveText(
    await contadorDeProduto(request),
  );
  expect(await violacoesGraves(page)).toEqual([]);

  await page.goto('/app/#/recursosAprendizagem');
  await expect(page.locator('[data-cy=tabela-registros]')).toContainText(TITULO_RECURSO);
  expect(await violacoesGraves(page)).toEqual([]);

  await page.goto('/app/#/requerimentosAplicacao');
  await expect(page.locator('[data-cy=navegador-status]')).toBeVisible();
  expect(await violacoesGraves(page)).toEqual([]);
});
