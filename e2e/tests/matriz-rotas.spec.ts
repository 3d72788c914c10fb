/**
 * Every browser route of the route table × {a user without the permission, a user with it}: the
 * first gets the access-denied toast and lands on the Painel, the second lands on the page
 * (its breadcrumb). Users sign in once; routes change by hash (same document, fast).
 */
import { ROTAS, type RotaDef } from '@retaguarda/domain';
import { expect, type Page, test } from '@playwright/test';
import { login, SENHA, toast } from './shell-helpers';

const SEM_ACESSO = 'Você não tem acesso a essa funcionalidade.';
/** Non-administrators: one without any permission (created here) and the read-only demo user. */
const SEM_PERMISSAO = ['sem.permissao', 'gabi.consulta'];

/** A concrete hash for the route: optional params dropped, required ones filled. */
function hashOf(r: RotaDef): string {
  return `#${r.path
    .replace(/\/:\w+\?/g, '')
    .replace(/:blob/, '00000000-0000-0000-0000-000000000000')
    .replace(/:\w+/g, '1')}`;
}

/** Routes a browser can open by path (public pages and the SSO callback are covered elsewhere). */
const ROTAS_ABERTAS = ROTAS.filter((r) => !r.publica && !r.path.includes('*') && r.path !== '/vf');
/** Routes that go somewhere else by design (required query params, legacy screens under /vf). */
const destinoEsperado = (r: RotaDef) =>
  r.especial?.tipo === 'queryObrigatoria' ? `#${r.especial.destino}` : undefined;

/** The user's permissions, from the API (a separate sign-in). */
async function permissoes(page: Page, username: string): Promise<{ administrador: boolean; permissoes: string[] }> {
  const auth = await page.request.post('/api/auth', { data: { username, password: SENHA } });
  expect(auth.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await auth.json()).accessToken}` };
  const res = await page.request.get('/api/v1/eumesmo', { headers });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Creates (through the API, as the administrator) a Bela Vida user in no group, password already changed. */
async function criarSemPermissao(page: Page) {
  const token = async (username: string, password: string) => {
    const r = await page.request.post('/api/auth', { data: { username, password } });
    expect(r.status(), await r.text()).toBe(200);
    return (await r.json()) as { accessToken: string; id: number };
  };
  const admin = { authorization: `Bearer ${(await token('ana.admin', SENHA)).accessToken}` };
  const lojas = (await (await page.request.get('/api/v1/pessoa/lojas', { headers: admin })).json()).items;
  const bv01 = lojas.find((l: { sigla: string }) => l.sigla === 'BV01').id;
  const criado = await page.request.post('/api/v1/usuarios', {
    headers: admin,
    data: {
      nome: 'Sem Permissão',
      username: 'sem.permissao',
      senha: 'Provisoria#2026',
      ativo: true,
      administrador: false,
      lojasUsuario: [{ lojaId: bv01, principal: true }],
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const eu = await token('sem.permissao', 'Provisoria#2026');
  const troca = await page.request.put(`/api/v1/usuarios/${eu.id}/nova-senha`, {
    headers: { authorization: `Bearer ${eu.accessToken}` },
    data: { id: eu.id, senha: SENHA },
  });
  expect(troca.status(), await troca.text()).toBe(200);
}

/** The hash as the page sees it right now (page.url() may lag behind same-document changes). */
const hashAtual = (page: Page) => page.evaluate(() => window.location.hash);

async function abrir(page: Page, hash: string) {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
}

test('every route opens for a user holding its permission', async ({ page }) => {
  test.setTimeout(600_000);
  await login(page, 'ana.admin');
  const falhas: string[] = [];
  for (const r of ROTAS_ABERTAS) {
    const hash = hashOf(r);
    await abrir(page, '#/');
    await abrir(page, hash);
    const esperado = destinoEsperado(r);
    try {
      if (esperado) await expect.poll(() => hashAtual(page), { timeout: 5_000 }).toBe(esperado);
      else if (r.especial?.tipo === 'legado')
        await expect.poll(() => hashAtual(page), { timeout: 5_000 }).toMatch(/^#\/vf\?/);
      else await expect.poll(() => hashAtual(page), { timeout: 1_000 }).toBe(hash);
      if (!esperado) await expect(page.locator('[data-cy=breadcrumb]')).toContainText(r.titulo, { timeout: 5_000 });
    } catch {
      falhas.push(`${r.path} → ${await hashAtual(page)} «${await page.locator('[data-cy=breadcrumb]').textContent()}»`);
    }
  }
  console.log(`[matriz-rotas] com permissão: ${ROTAS_ABERTAS.length} rotas, ${falhas.length} falhas`);
  expect(falhas).toEqual([]);
});

test('every route refuses a user without its permission with the toast and the Painel', async ({ browser }) => {
  test.setTimeout(600_000);
  const casos: { r: RotaDef; usuario: string; legado: boolean }[] = [];
  const perfis = new Map<string, Awaited<ReturnType<typeof permissoes>>>();
  const paginas = new Map<string, Page>();
  await criarSemPermissao(await (await browser.newContext()).newPage());
  for (const u of SEM_PERMISSAO) {
    const page = await (await browser.newContext()).newPage();
    await login(page, u);
    paginas.set(u, page);
    perfis.set(u, await permissoes(page, u));
  }
  for (const r of ROTAS_ABERTAS) {
    if (r.tipoCliente !== 'all' && r.tipoCliente !== 'BOTICARIO') continue;
    // login-only screens, own-record screens and redirects have no one to refuse
    if (!r.admin && !r.permissoes.length) continue;
    if (r.especial && r.especial.tipo !== 'legado') continue;
    for (const usuario of SEM_PERMISSAO) {
      const p = perfis.get(usuario)!;
      if (p.administrador || r.permissoes.some((c) => p.permissoes.includes(c))) continue;
      // spec §2.4: whoever holds a legacy screen's access permission is sent to /vf, not refused
      const legado = r.especial?.tipo === 'legado' && p.permissoes.includes(r.especial.permissao);
      casos.push({ r, usuario, legado });
    }
  }
  const falhas: string[] = [];
  for (const { r, usuario, legado } of casos) {
    const page = paginas.get(usuario)!;
    await abrir(page, '#/');
    await abrir(page, hashOf(r));
    try {
      if (legado) {
        await expect.poll(() => hashAtual(page), { timeout: 5_000 }).toMatch(/^#\/vf\?/);
        continue;
      }
      await expect.poll(() => hashAtual(page), { timeout: 5_000 }).toBe('#/');
      await expect(toast(page).filter({ hasText: SEM_ACESSO }).first()).toBeVisible({ timeout: 5_000 });
    } catch {
      falhas.push(`${r.path} (${usuario}) → ${await hashAtual(page)}`);
    }
  }
  console.log(`[matriz-rotas] sem permissão: ${casos.length} casos, ${falhas.length} falhas`);
  expect(falhas).toEqual([]);
  expect(casos.length).toBeGreaterThan(90);
});
