/**
 * Daily use, the session: a forced logout (an administrator inactivates a user who is typing) lands on
 * the login page with the spec's redirectFrom, no error screen and no token left in the page's storage;
 * one session across the tabs of a browser (a new tab at a deep link is signed in, logout in one tab
 * logs out the others).
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { entrar, SENHA } from './shell-helpers';

async function tokenAdmin(request: APIRequestContext): Promise<string> {
  const r = await request.post('/api/auth', { data: { username: 'ana.admin', password: SENHA } });
  expect(r.status()).toBe(200);
  return (await r.json()).accessToken as string;
}

async function definirAtivo(request: APIRequestContext, username: string, ativo: boolean): Promise<void> {
  const headers = { Authorization: `Bearer ${await tokenAdmin(request)}` };
  const lista = await request.get(`/api/v1/pessoa/usuarios?q=${encodeURIComponent(`username==${username}`)}`, {
    headers,
  });
  const id = (await lista.json()).items[0].id as number;
  const u = await (await request.get(`/api/v1/pessoa/usuarios/${id}`, { headers })).json();
  const r = await request.put(`/api/v1/usuarios/${id}`, { headers, data: { ...u, ativo } });
  expect(r.status(), await r.text()).toBe(200);
}

test('logout forçado com dados digitados: vai ao login com redirectFrom, sem tela de erro', async ({
  page,
  request,
}) => {
  const erros: string[] = [];
  page.on('pageerror', (e) => erros.push(e.message));
  await page.goto('/app/#/login?redirectFrom=%2FmarcasProduto');
  await entrar(page, 'elisa.compras');
  await expect(page.getByRole('heading', { name: 'Marcas', level: 1 })).toBeVisible();
  await page.locator('[data-cy=botao-novo]').click();
  await page.locator('[data-cy=campo-descricao]').fill('Digitando quando fui desativada');
  try {
    await definirAtivo(request, 'elisa.compras', false);
    await expect(page.locator('[data-cy=login-usuario-input-field]')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/#\/login\?redirectFrom=%2FmarcasProduto/);
    await expect(page.getByText(/Minified React error|Algo deu errado|Ocorreu um erro/)).toHaveCount(0);
    expect(erros.filter((m) => /Minified React error|Maximum update depth/.test(m))).toEqual([]);
    // nothing sensitive is left where a script could read it
    const guardado = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    expect(guardado).not.toMatch(/eyJ|rtgr_|rtgs_|accessToken|refreshToken/);
    await page.screenshot({ path: test.info().outputPath('logout-forcado.png') });
  } finally {
    await definirAtivo(request, 'elisa.compras', true);
  }
});

test('uma sessão por navegador: nova aba num link profundo já entra; sair numa aba sai de todas', async ({
  context,
}) => {
  const a = await context.newPage();
  await a.goto('/app/#/login');
  await entrar(a, 'elisa.compras');
  await expect(a.getByRole('heading', { name: /^Olá, / })).toBeVisible();

  // Ctrl+click / pasted link: a second page of the same browser at a deep link
  const b = await context.newPage();
  await b.goto('/app/#/marcasProduto?busca=mare');
  await expect(b.getByRole('heading', { name: 'Marcas', level: 1 })).toBeVisible();
  await expect(b.locator('[data-cy=linha-registro]').first()).toContainText('Maré');
  // a reload keeps it too, and the tokens are in no storage a script reads
  await b.reload();
  await expect(b.getByRole('heading', { name: 'Marcas', level: 1 })).toBeVisible();
  const guardado = await b.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(guardado).not.toMatch(/eyJ|rtgr_|rtgs_/);
  const cookie = (await context.cookies()).find((c) => c.name === 'rtg_refresh');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });

  // logout in one tab: the other goes to login (with its path as redirectFrom)
  await a.getByRole('button', { name: 'Menu do usuário' }).click();
  await a.locator('[data-cy=header-sair]').click();
  await expect(a.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  await expect(b.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  await expect(b).toHaveURL(/#\/login\?redirectFrom=%2FmarcasProduto/);
  // and a new tab asks for the login again
  const c = await context.newPage();
  await c.goto('/app/#/marcasProduto');
  await expect(c.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  expect((await context.cookies()).find((x) => x.name === 'rtg_refresh')).toBeUndefined();
});
