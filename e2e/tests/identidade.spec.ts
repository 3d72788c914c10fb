/**
 * Identity screens: own registration for a non-administrator, groups with permissions
 * and members changing a member's menu, a user with two stores and a group, the avatar,
 * integration keys and the tenant's session limit on the login screen.
 * Users and groups are created here so the demo users other journeys rely on stay untouched.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { entrar, hashDe, login, SENHA, toast } from './shell-helpers';

const SHOTS = process.env.SHOTS_DIR;
const foto = (page: Page, nome: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${nome}.png`, fullPage: true }) : Promise.resolve();

// 8×8 blue PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQizqBFTEMLQkAGBlQATpZBa0AAAAASUVORK5CYII=',
  'base64',
);

async function tokenDe(request: APIRequestContext, username: string, password = SENHA): Promise<string> {
  const r = await request.post('/api/auth', { data: { username, password } });
  expect(r.status()).toBe(200);
  return (await r.json()).accessToken as string;
}

async function lojaId(request: APIRequestContext, token: string, sigla: string): Promise<number> {
  const r = await request.get('/api/v1/pessoa/lojas?count=100', { headers: { Authorization: `Bearer ${token}` } });
  const loja = ((await r.json()).items as { id: number; sigla: string }[]).find((l) => l.sigla === sigla);
  if (!loja) throw new Error(`loja ${sigla}`);
  return loja.id;
}

/** A plain user (no group) created through the API, so the demo users stay as they are. */
async function criarUsuario(request: APIRequestContext, username: string, nome: string): Promise<number> {
  const token = await tokenDe(request, 'ana.admin');
  const r = await request.post('/api/v1/usuarios', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      nome,
      username,
      senha: 'Jornada@2026',
      lojasUsuario: [{ lojaId: await lojaId(request, token, 'BV01'), principal: true }],
      grupos: [],
    },
  });
  expect(r.status()).toBe(201);
  return (await r.json()).id as number;
}

async function novaPagina(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext();
  return ctx.newPage();
}

async function entrarComo(page: Page, usuario: string, senha: string, primeiroNome: string) {
  await page.goto('/app/#/login');
  await entrar(page, usuario, senha);
  await expect(page.getByRole('heading', { name: `Olá, ${primeiroNome}!` })).toBeVisible();
}

test('a non-administrator opening gruposUsuarios lands on their own registration, renames themself and changes the password', async ({
  page,
  request,
  browser,
}) => {
  const id = await criarUsuario(request, 'paula.propria', 'Paula Própria');
  await entrarComo(page, 'paula.propria', 'Jornada@2026', 'Paula');
  await page.goto('/app/#/gruposUsuarios');
  await expect.poll(() => hashDe(page)).toBe(`#/gruposUsuario/cadastro/${id}`);
  await expect(page.getByRole('heading', { name: 'Meu cadastro' })).toBeVisible();
  await expect(page.locator('[data-cy=usuario-username]')).toBeDisabled();
  await expect(page.locator('[data-cy=usuario-acesso-leitura]')).toContainText('definidos pelo administrador');
  await page.locator('[data-cy=usuario-nome]').fill('Paula Própria Souza');
  await foto(page, 'usuario-proprio');
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page)).toContainText('Alterações salvas.');
  await page.reload();
  await expect(page.locator('[data-cy=usuario-nome]')).toHaveValue('Paula Própria Souza');
  // her own password: PUT …/nova-senha keeps this session and the new one signs in elsewhere
  await page.locator('[data-cy=usuario-senha]').fill('Paula@2027x');
  await page.locator('[data-cy=usuario-confirmacao]').fill('Paula@2027x');
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page).filter({ hasText: 'Alterações salvas.' })).toBeVisible();
  const outra = await novaPagina(browser);
  await entrarComo(outra, 'paula.propria', 'Paula@2027x', 'Paula');
  await outra.context().close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Meu cadastro' })).toBeVisible();
  // another user's registration stays closed
  await page.goto(`/app/#/gruposUsuario/cadastro/${id - 1}`);
  await expect(toast(page)).toContainText('Você não tem acesso a essa funcionalidade.');
});

test("an administrator's new group with permissions and a member changes that member's menu", async ({
  page,
  request,
  browser,
}) => {
  await criarUsuario(request, 'marcos.membro', 'Marcos Membro');
  const membro = await novaPagina(browser);
  await entrarComo(membro, 'marcos.membro', 'Jornada@2026', 'Marcos');
  await expect(membro.locator('[data-cy=sidemenu-item-fiscal]')).toHaveCount(0);
  await membro.context().close();

  await login(page, 'ana.admin');
  await page.goto('/app/#/gruposUsuarios');
  await expect(page.getByRole('tab', { name: 'Grupos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-cy=lista-grupo]')).toContainText('Administradores');
  await foto(page, 'grupos-lista');
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page.getByRole('heading', { name: 'Cadastro de grupo' })).toBeVisible();
  await page.locator('[data-cy=grupo-nome]').fill('Consulta fiscal');
  await page.locator('[data-cy=permissoes-filtro]').fill('gênero');
  await page.locator('[data-cy=PERM_GENERO_EDITAR]').check();
  await expect(page.locator('[data-cy=PERM_GENERO_ACESSO]')).toBeChecked();
  await expect(page.locator('[data-cy=permissoes-contagem]')).toHaveText('2 permissões selecionadas');
  await page.locator('[data-cy=membro-adicionar]').fill('Marcos');
  await page.getByRole('option', { name: 'Marcos Membro (marcos.membro)' }).click();
  await expect(page.locator('[data-cy=membros]')).toContainText('marcos.membro');
  await page.locator('[data-cy=permissoes-filtro]').fill('');
  await page.getByRole('switch', { name: 'Só as selecionadas' }).check();
  await expect(page.locator('[data-cy^=permissao-]')).toHaveCount(1);
  await expect(page.locator('[data-cy=permissao-GENERO]')).toBeVisible();
  await foto(page, 'grupo-cadastro');
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page)).toContainText('Grupo Consulta fiscal incluído.');
  await expect.poll(() => hashDe(page)).toMatch(/^#\/gruposUsuario\/grupos\/cadastro\/\d+$/);

  // the list finds it by name and status
  await page.locator('[data-cy=voltar]').click();
  await page.locator('[data-cy=filtro-nome-grupo]').fill('fiscal');
  await expect(page.locator('[data-cy=lista-grupo] tbody tr')).toHaveCount(2);
  await page.locator('[data-cy=filtro-status-grupo]').getByText('Inativos').click();
  await expect(page.locator('[data-cy=lista-vazia]')).toBeVisible();
  // opening a group and coming back keeps the search
  await page.locator('[data-cy=filtro-status-grupo]').getByText('Todos').click();
  await page.locator('[data-cy=lista-grupo]').getByText('Consulta fiscal').dblclick();
  await expect(page.locator('[data-cy=grupo-nome]')).toHaveValue('Consulta fiscal');
  await page.locator('[data-cy=voltar]').click();
  await expect(page.locator('[data-cy=filtro-nome-grupo]')).toHaveValue('fiscal');
  await expect(page.locator('[data-cy=lista-grupo] tbody tr')).toHaveCount(2);

  const depois = await novaPagina(browser);
  await entrarComo(depois, 'marcos.membro', 'Jornada@2026', 'Marcos');
  await expect(depois.locator('[data-cy=sidemenu-item-fiscal]')).toBeVisible();
  await depois.context().close();
});

test('an administrator creates a user with two stores and a group, fixing a validation error, with a photo', async ({
  page,
  request,
}) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/gruposUsuarios?aba=usuarios');
  await expect(page.locator('[data-cy=lista-usuario]')).toContainText('ana.admin');
  await foto(page, 'usuarios-lista');
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page.getByRole('heading', { name: 'Novo usuário' })).toBeVisible();
  await page.locator('[data-cy=usuario-nome]').fill('Rita Vendas');
  await page.locator('[data-cy=usuario-username]').fill('ana.admin');
  await page.locator('[data-cy=usuario-email]').fill('rita@belavida.com.br');
  await page.getByRole('textbox', { name: 'Lojas' }).click();
  await page.getByRole('option', { name: /Shopping Curitiba/ }).click();
  await page.getByRole('option', { name: /Londrina/ }).click();
  await page.getByRole('heading', { name: 'Novo usuário' }).click();
  await page.locator('[data-cy=usuario-loja-principal]').click();
  await page.getByRole('option', { name: /Londrina/ }).click();
  await page.getByRole('textbox', { name: 'Grupos' }).click();
  await page.getByRole('option', { name: 'Consulta', exact: true }).click();
  await page.getByRole('heading', { name: 'Novo usuário' }).click();
  await page.locator('[data-cy=usuario-senha]').fill('123');
  await page.locator('[data-cy=usuario-confirmacao]').fill('123');
  await page.locator('[data-cy=salvar]').click();
  await expect(page.getByText('Deve ter pelo menos 8 caracteres.')).toBeVisible();
  await foto(page, 'usuario-erro');
  await page.locator('[data-cy=usuario-senha]').fill('Vendas@2026');
  await page.locator('[data-cy=usuario-confirmacao]').fill('Vendas@2026');
  await page.locator('[data-cy=salvar]').click();
  // a taken username (409) is shown under the username
  await expect(page.getByText('Já está em uso.')).toBeVisible();
  await page.locator('[data-cy=usuario-username]').fill('rita.vendas');
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page)).toContainText('Usuário Rita Vendas incluído.');
  await expect.poll(() => hashDe(page)).toMatch(/^#\/gruposUsuario\/cadastro\/\d+$/);
  const id = Number(hashDe(page).split('/').pop());
  await expect(page.locator('[data-cy=identificacao-registro]')).toHaveText(`${id} - rita.vendas`);

  await page.locator('input[type=file]').setInputFiles({ name: 'rita.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('[data-cy=avatar-imagem] img')).toHaveAttribute('src', /^blob:/);
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page).filter({ hasText: 'Alterações salvas.' })).toBeVisible();
  // a second save of the same screen carries the new version (no 'alterado por outro usuário')
  await page.locator('[data-cy=usuario-email]').fill('rita.vendas@belavida.com.br');
  await page.locator('[data-cy=salvar]').click();
  await expect(page.locator('[data-cy=salvar]')).not.toHaveAttribute('data-loading');
  await expect(page.locator('[data-cy=toast][data-tipo=error]')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('[data-cy=usuario-email]')).toHaveValue('rita.vendas@belavida.com.br');
  await expect(page.locator('[data-cy=avatar-imagem] img')).toHaveAttribute('src', /^blob:/);
  await foto(page, 'usuario-cadastro');

  const token = await tokenDe(request, 'ana.admin');
  const u = await (
    await request.get(`/api/v1/pessoa/usuarios/${id}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  expect(u.lojasUsuario.map((l: { fantasia: string; principal: boolean }) => [l.fantasia, l.principal])).toEqual([
    ['Londrina', true],
    ['Shopping Curitiba', false],
  ]);
  expect(u.grupos.map((g: { nome: string }) => g.nome)).toEqual(['Consulta']);
  expect(u.avatarUuid).toBeTruthy();
});

test('an integration key is shown once, works, and stops working once revoked', async ({ page, request }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, 'ana.admin');
  await page.goto('/app/#/chavesIntegracao');
  await expect(page.getByRole('heading', { name: 'Chaves de integração' })).toBeVisible();
  await page.locator('[data-cy=botao-novo]').click();
  await page.locator('[data-cy=chave-nome]').fill('E-commerce');
  await page.locator('[data-cy=permissoes-filtro]').fill('marcas');
  await page.locator('[data-cy=PERM_MARCA_ACESSO]').check();
  await foto(page, 'chave-nova');
  await page.locator('[data-cy=chave-criar]').click();
  const valor = page.locator('[data-cy=chave-valor]');
  await expect(valor).toBeVisible();
  const chave = (await valor.textContent())?.trim() ?? '';
  expect(chave.length).toBeGreaterThan(20);
  await page.locator('[data-cy=chave-copiar]').click();
  await expect(page.locator('[data-cy=chave-copiar]')).toHaveText('Copiada');
  await foto(page, 'chave-criada');
  await page.locator('[data-cy=chave-fechar]').click();
  await expect(page.locator('[data-cy=chave-linha]').filter({ hasText: 'E-commerce' })).toContainText('Ativa');
  await expect(page.getByText(chave)).toHaveCount(0);

  expect((await request.get('/api/v1/produto/marcas', { headers: { 'x-api-key': chave } })).status()).toBe(200);
  await page
    .locator('[data-cy=chave-linha]')
    .filter({ hasText: 'E-commerce' })
    .locator('[data-cy=chave-revogar]')
    .click();
  await page.locator('[data-cy=confirmar-revogacao]').click();
  await expect(toast(page)).toContainText('Chave E-commerce revogada.');
  await expect(page.locator('[data-cy=chave-linha]').filter({ hasText: 'E-commerce' })).toContainText('Revogada em');
  await foto(page, 'chaves-lista');
  expect((await request.get('/api/v1/produto/marcas', { headers: { 'x-api-key': chave } })).status()).toBe(401);
});

test("at the tenant's session limit the login screen ends a chosen session and signs in", async ({ page, request }) => {
  const token = await tokenDe(request, 'ana.admin');
  const configurar = (t: string, limiteSessoes: number | null) =>
    request.put('/api/v1/administracao/configuracao-sessao', {
      headers: { Authorization: `Bearer ${t}` },
      data: { limiteSessoes, inatividadeMinutos: 720 },
    });
  // the limit is the number of live interactive sessions: the next sign-in is one too many
  const ativas = await request.get('/api/v1/sessoes-ativas', { headers: { Authorization: `Bearer ${token}` } });
  const vivas = ((await ativas.json()).items as { tipo: string }[]).filter((s) => s.tipo !== 'LEGADO').length;
  expect((await configurar(token, vivas)).status()).toBe(200);
  try {
    await page.goto('/app/#/login');
    await entrar(page, 'ana.admin');
    const sessoes = page.locator('[data-cy=sessoes-ativas]');
    await expect(sessoes).toBeVisible();
    await foto(page, 'login-limite-sessoes');
    await sessoes.getByRole('radio').first().check();
    await page.locator('[data-cy=encerrar-sessao-e-entrar]').click();
    await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
    // the page keeps its tokens in memory: a same-origin refresh with the session cookie gives one
    const novo = await page.evaluate(() =>
      fetch('/api/auth/refresh', { headers: { 'X-Retaguarda-Renovacao': '1' } })
        .then((r) => r.json())
        .then((b) => b.accessToken as string),
    );
    expect((await configurar(novo, null)).status()).toBe(200);
  } finally {
    // whatever happened, the next journeys sign in without a limit
    let r = await request.post('/api/auth', { data: { username: 'ana.admin', password: SENHA } });
    if (r.status() === 409) {
      const alvo = (await r.json()).sessoes[0].id as string;
      r = await request.post('/api/auth/admin', {
        data: { username: 'ana.admin', password: SENHA, sessionTokenToInvalidate: alvo },
      });
    }
    await configurar((await r.json()).accessToken, null);
  }
});
