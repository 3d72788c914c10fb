/**
 * The calls spec §7 and §4 say the front end makes, seen on the wire: the group's id from the
 * create's Location, the membership GET/POST of the group and user screens, the push token deleted
 * on logout, the captcha in the sign-in flow, holdings picked through /api/v1/holdings; and the
 * screens of spec §2.4 that were missing (contador form, /gruponcm) and the loading curtain (§2.3).
 */
import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test';
import { entrar, hashDe, login, SENHA, toast } from './shell-helpers';

async function tokenDe(request: APIRequestContext, username = 'ana.admin'): Promise<string> {
  const r = await request.post('/api/auth', { data: { username, password: SENHA } });
  expect(r.status()).toBe(200);
  return (await r.json()).accessToken as string;
}

const chamada = (page: Page, metodo: string, caminho: RegExp) =>
  page.waitForRequest((r: Request) => r.method() === metodo && caminho.test(new URL(r.url()).pathname));

test('group screen: the new id comes from Location, members load with GET and save with POST …/membros', async ({
  page,
  request,
}) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/gruposUsuario/grupos/cadastro');
  await page.locator('[data-cy=grupo-nome]').fill('Chamadas do spec');
  const criacao = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/grupo-usuario',
  );
  await page.locator('[data-cy=salvar]').click();
  const local = (await (await criacao).headerValue('location')) ?? '';
  const id = local.split('/').pop();
  expect(id).toMatch(/^\d+$/);
  await expect.poll(() => hashDe(page)).toBe(`#/gruposUsuario/grupos/cadastro/${id}`);

  // reopening loads the members with GET …/membros
  const leitura = chamada(page, 'GET', new RegExp(`^/api/v1/grupo-usuario/${id}/membros$`));
  await page.reload();
  await leitura;
  await page.locator('[data-cy=membro-adicionar]').fill('Carlos');
  await page.getByRole('option', { name: /carlos\.fiscal/ }).click();
  const put = chamada(page, 'PUT', new RegExp(`^/api/v1/grupo-usuario/${id}$`));
  const post = chamada(page, 'POST', new RegExp(`^/api/v1/grupo-usuario/${id}/membros$`));
  await page.locator('[data-cy=salvar]').click();
  expect((await put).postDataJSON()).not.toHaveProperty('membros');
  const corpo = (await post).postDataJSON() as { id: number; membros: number[] };
  expect(corpo.id).toBe(Number(id));
  expect(corpo.membros).toHaveLength(1);
  await expect(toast(page)).toContainText('Alterações salvas.');
  const token = await tokenDe(request);
  const salvo = await request.get(`/api/v1/grupo-usuario/${id}/membros`, { headers: { Authorization: token } });
  expect(((await salvo.json()).membros as { username: string }[]).map((m) => m.username)).toEqual(['carlos.fiscal']);
});

test('user screen: groups load with GET and save with POST /api/v1/usuarios/{id}/grupos after the PUT', async ({
  page,
  request,
}) => {
  const token = await tokenDe(request);
  const lojas = await request.get('/api/v1/pessoa/lojas?count=1&sort=id', { headers: { Authorization: token } });
  const lojaId = (await lojas.json()).items[0].id as number;
  const criado = await request.post('/api/v1/usuarios', {
    headers: { Authorization: token },
    data: {
      nome: 'Paula Chamadas',
      username: 'paula.chamadas',
      senha: 'Jornada@2026',
      lojasUsuario: [{ lojaId, principal: true }],
      grupos: [],
    },
  });
  expect(criado.status()).toBe(201);
  const id = (await criado.json()).id as number;
  await login(page, 'ana.admin');
  const leitura = chamada(page, 'GET', new RegExp(`^/api/v1/usuarios/${id}/grupos$`));
  await page.goto(`/app/#/gruposUsuario/cadastro/${id}`);
  await leitura;
  await page.getByRole('textbox', { name: 'Grupos' }).click();
  await page.getByRole('option', { name: 'Consulta', exact: true }).click();
  await page.getByRole('heading', { name: 'Cadastro de usuário' }).click();
  const put = chamada(page, 'PUT', new RegExp(`^/api/v1/usuarios/${id}$`));
  const post = chamada(page, 'POST', new RegExp(`^/api/v1/usuarios/${id}/grupos$`));
  await page.locator('[data-cy=salvar]').click();
  expect((await put).postDataJSON()).not.toHaveProperty('grupos');
  expect((await post).postDataJSON()).toHaveLength(1);
  await expect(toast(page)).toContainText('Alterações salvas.');
  const grupos = await request.get(`/api/v1/usuarios/${id}/grupos`, { headers: { Authorization: token } });
  expect(((await grupos.json()).grupos as { nome: string }[]).map((g) => g.nome)).toEqual(['Consulta']);
});

test('logout deletes the push token from the server (DELETE /api/v1/sessoes-mensagens/{token}) before signing out', async ({
  page,
}) => {
  // a browser that grants notifications and holds a push subscription (no real push service here)
  await page.addInitScript(() => {
    const inscricao = {
      endpoint: 'https://push.exemplo.invalid/jornada',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ', auth: 'tBHItJI5svbpez7KI4CCXg' },
    };
    const sub = { toJSON: () => inscricao, unsubscribe: async () => true };
    const registro = { pushManager: { getSubscription: async () => sub, subscribe: async () => sub } };
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { register: async () => registro, getRegistration: async () => registro },
    });
    Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
  });
  const registro = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/sessoes-mensagens',
  );
  await login(page, 'ana.admin');
  expect((await registro).status()).toBe(201);
  const ordem: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/api/v1/sessoes-mensagens/') || p === '/api/auth/logout') ordem.push(`${r.method()} ${p}`);
  });
  const remocao = chamada(page, 'DELETE', /^\/api\/v1\/sessoes-mensagens\/[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.locator('[data-cy=header-sair]').click();
  const resposta = await (await remocao).response();
  expect(await resposta?.json()).toEqual({ removidas: 1 });
  await expect(page.locator('[data-cy=login-entrar-button]')).toBeVisible();
  expect(ordem[0]).toMatch(/^DELETE \/api\/v1\/sessoes-mensagens\//);
  expect(ordem).toContain('GET /api/auth/logout');
});

test.describe('sign-in captcha', () => {
  // the fake Google script is served from google.com: the page's CSP allows it only with a site key
  test.use({ bypassCSP: true });

  test('once the server asks for it, the widget token goes to POST /api/auth/recaptcha and the sign-in runs again', async ({
    page,
  }) => {
    let pediu = false;
    await page.route('**/api/auth', async (route) => {
      if (route.request().method() !== 'POST' || pediu) return route.fallback();
      pediu = true;
      const msg = 'Confirme que você não é um robô (reCAPTCHA) antes de entrar.';
      await route.fulfill({
        status: 400,
        json: { message: msg, reasons: [msg], erros: [{ campo: 'recaptchaToken', mensagem: msg }] },
      });
    });
    await page.route('**/api/v1/config-publica', (route) =>
      route.fulfill({ json: { versao: '1', relatorioErros: null, recaptcha: { siteKey: 'chave-do-site' } } }),
    );
    await page.route('https://www.google.com/recaptcha/api.js*', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.grecaptcha = { render: (el, o) => { el.textContent = 'reCAPTCHA ' + o.sitekey;
          setTimeout(() => o.callback('token-do-widget'), 50); return 1; }, reset: () => {} };
          window.__retaguardaRecaptcha();`,
      }),
    );
    await page.route('**/api/auth/recaptcha', (route) => route.fulfill({ json: { success: true } }));
    await page.goto('/app/#/login');
    const verificacao = chamada(page, 'POST', /^\/api\/auth\/recaptcha$/);
    await entrar(page, 'ana.admin');
    expect((await verificacao).postDataJSON()).toEqual({ recaptchaToken: 'token-do-widget' });
    await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  });
});

test('the loja form picks its holding through GET /api/v1/holdings', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/lojas?registro=novo');
  const busca = chamada(page, 'GET', /^\/api\/v1\/holdings$/);
  await page.locator('[data-cy=campo-holdingId]').click();
  await page.locator('[data-cy=campo-holdingId]').fill('a');
  expect(new URL((await busca).url()).searchParams.get('count')).toBe('5');
});

test('the contador form and the NCM group screens are where spec §2.4 puts them', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.goto('/app/#/pessoa/contador/cadastro');
  await expect(page.locator('[data-cy=salvar]')).toBeVisible();
  await expect(page.getByText('Em construção')).toHaveCount(0);
  await page.goto('/app/#/gruponcm');
  await expect(page.locator('[data-cy=campo-descricao]')).toBeVisible();
  await page.goto('/app/#/ncm');
  await page.locator('[data-cy=aba-grupos-ncm]').click();
  await expect(page.locator('[data-cy=botao-novo]')).toBeVisible();
  await page.locator('[data-cy=botao-novo]').click();
  await expect.poll(() => hashDe(page)).toBe('#/gruponcm');
});

test('a slow save shows the global loading curtain until it ends (spec §2.3)', async ({ page }) => {
  await login(page, 'ana.admin');
  await page.route('**/api/v1/grupo-usuario', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await new Promise((r) => setTimeout(r, 1500));
    await route.fallback();
  });
  await page.goto('/app/#/gruposUsuario/grupos/cadastro');
  await page.locator('[data-cy=grupo-nome]').fill('Cortina de carregamento');
  await page.locator('[data-cy=salvar]').click();
  await expect(page.locator('[data-cy=cortina-carregamento]')).toBeVisible();
  await expect(toast(page)).toContainText('Grupo Cortina de carregamento incluído.');
  await expect(page.locator('[data-cy=cortina-carregamento]')).toHaveCount(0);
});
