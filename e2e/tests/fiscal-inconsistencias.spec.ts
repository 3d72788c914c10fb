/**
 * A fiscal user (carlos.fiscal) fixes 30 products without CEST through an inconsistency lot — wizard
 * (type and filters, a CEST for all, review), analysis, finalization — and sees the SEM_CEST counter drop.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { entrar, SENHA } from './shell-helpers';

const PREFIXO = `H6J${Date.now().toString(36)}`;

async function token(request: APIRequestContext, username: string): Promise<string> {
  const r = await request.post('/api/auth', { data: { username, password: SENHA } });
  return (await r.json()).accessToken as string;
}

/** A brand of this run and `n` products of it (`produto(i)` gives each one's fields); the brand's id. */
async function marcaComProdutos(
  request: APIRequestContext,
  headers: Record<string, string>,
  descricao: string,
  n: number,
  produto: (i: number) => Record<string, unknown>,
): Promise<number> {
  const marca = await request.post('/api/v1/produto/marcas', { headers, data: { descricao } });
  expect(marca.status(), await marca.text()).toBe(201);
  const marcaId = (await marca.json()).id as number;
  for (let i = 1; i <= n; i++) {
    const r = await request.post('/api/v1/produto/produtos', { headers, data: { ...produto(i), marcaId } });
    expect(r.status(), await r.text()).toBe(201);
  }
  return marcaId;
}

const semCest = async (page: Page) => {
  const c = page.locator('[data-cy=contador-SEM_CEST] [data-cy=quantidade]');
  await expect(c).toBeVisible();
  return Number((await c.innerText()).replace(/\./g, ''));
};

test('lote de inconsistências: 30 produtos sem CEST corrigidos, o contador cai', async ({ page, request }) => {
  // 30 perfumes (NCM 3303.00.20 is in the CEST annex) of a brand of our own, without CEST
  const admin = { authorization: await token(request, 'ana.admin') };
  await marcaComProdutos(request, admin, `${PREFIXO} Marca`, 30, (i) => ({
    descricao: `${PREFIXO} Perfume ${i}`,
    ncmId: '33030020',
  }));

  await page.goto('/app/#/login?redirectFrom=%2FinconsistenciasTributarias');
  await entrar(page, 'carlos.fiscal');
  await expect(page.getByRole('heading', { name: 'Inconsistências tributárias', level: 1 })).toBeVisible();
  const antes = await semCest(page);
  expect(antes).toBeGreaterThanOrEqual(30);

  // 1) type and filters
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page.locator('[data-cy=lote-descricao]')).toBeFocused();
  await page.keyboard.type(`${PREFIXO} perfumes sem CEST`);
  await page.locator('[data-cy=lote-tipo]').click();
  await page.getByRole('option', { name: 'Sem CEST', exact: true }).click();
  await page.locator('[data-cy=lote-marca]').click();
  await page.keyboard.type(PREFIXO);
  await page.getByRole('option', { name: `${PREFIXO} Marca` }).click();
  await page.locator('[data-cy=lote-avancar]').click();
  await expect(page.getByText(/corrige: CEST · 30 produtos/)).toBeVisible();

  // 2) a CEST for all, checked against the official table
  await expect(page.getByText('30 linhas; 0 com valor proposto.')).toBeVisible();
  await page.locator('[data-cy=valor-em-massa]').fill('20.008.00');
  await page.locator('[data-cy=aplicar-em-massa]').click();
  await expect(page.getByText('30 linhas; 30 com valor proposto.')).toBeVisible();
  // codes as people read them (issue #27.13): NCM 3303.00.20, not 33030020
  await expect(page.getByRole('cell', { name: '3303.00.20', exact: true }).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/pw-h6/inconsistencias-grade.png' });

  // 3) review → analysis → finalization
  await page.locator('[data-cy=lote-revisar]').click();
  await expect(page.locator('[data-cy=resumo-revisao]')).toContainText('30 de 30');
  await page.locator('[data-cy=lote-enviar-analise]').click();
  await expect(page).toHaveURL(/finalizacaoInconsitencias\?lote=\d+/);
  const loteId = new URL(page.url().replace('#/', '')).searchParams.get('lote');
  await expect(page.locator('[data-cy=status-lote]')).toHaveText('Em análise');
  // Finalizar changes products: it asks first and says how many (issue #27)
  await page.locator('[data-cy=lote-finalizar]').click();
  await expect(page.locator('[data-cy=efeito-finalizacao]')).toContainText('30 produtos serão alterados');
  await page.screenshot({ path: '/tmp/shots/inconsistencias-confirmar-1366.png' });
  await page.locator('[data-cy=confirmar-finalizar]').click();
  await expect(page.locator('[data-cy=lote-finalizado]')).toContainText('30 de 30 produtos corrigidos');
  await expect(page.locator('[data-cy=grade-alteracoes]')).toContainText('20.008.00');
  await page.screenshot({ path: '/tmp/pw-h6/inconsistencias-finalizado.png' });

  // the correct spelling of the finalization's URL leads to the spec's (misspelled) one, the lot kept
  await page.goto(`/app/#/inconsistenciasTributarias/finalizacaoInconsistencias?lote=${loteId}`);
  await expect(page).toHaveURL(new RegExp(`#/inconsistenciasTributarias/finalizacaoInconsitencias\\?lote=${loteId}$`));
  await expect(page.getByRole('heading', { name: 'Finalização de inconsistências', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=lote-finalizado]')).toBeVisible();

  // the counter reads the detection, recomputed when the products changed
  await page.goto('/app/#/inconsistenciasTributarias');
  await expect.poll(() => semCest(page)).toBeLessThanOrEqual(antes - 30);
  await expect(page.locator('[data-cy=lista-lotes]')).toContainText(`${PREFIXO} perfumes sem CEST`);
});

const produtoNoPainel = async (page: Page) => {
  const c = page.locator('[data-cy=contador-produto] [data-cy=contador-valor]');
  await expect(c).toBeVisible();
  return Number((await c.innerText()).replace(/\./g, ''));
};

test('o Painel acompanha o lote finalizado por outra sessão, sem esperar os 120 s; recarregar não volta atrás', async ({
  page,
  request,
}) => {
  // 6 products without NCM (SEM_NCM counts on the Painel's "Inconsistências de produto")
  const admin = { authorization: await token(request, 'ana.admin') };
  const marcaId = await marcaComProdutos(request, admin, `${PREFIXO} P`, 6, (i) => ({
    descricao: `${PREFIXO} Sem NCM ${i}`,
  }));

  await page.goto('/app/#/login');
  await entrar(page, 'carlos.fiscal');
  const antes = await produtoNoPainel(page);
  expect(antes).toBeGreaterThanOrEqual(6);

  // another session (the administrator, through the API) fixes the 6 with a lot
  const base = '/api/v1/fiscal/lotes-inconsistencia';
  const cmd = async (url: string, data: unknown) => {
    const r = await request.post(url, { headers: { ...admin, 'idempotency-key': crypto.randomUUID() }, data });
    expect(r.status(), await r.text()).toBeLessThan(300);
    return r.json();
  };
  const lote = await cmd(base, {
    descricao: `${PREFIXO} sem NCM`,
    tipoInconsistencia: 'SEM_NCM',
    filtros: { marcaId },
  });
  expect(lote.quantidadeProdutos).toBe(6);
  await cmd(`${base}/${lote.id}/propostas`, { valor: '33030020' });
  await cmd(`${base}/${lote.id}/analise`, {});
  await cmd(`${base}/${lote.id}/finalizacao`, {});

  // the event after the lot's commit reloads the Painel's counters at once (the 120 s rule yields)
  await expect.poll(() => produtoNoPainel(page)).toBeLessThanOrEqual(antes - 6);
  const depois = await produtoNoPainel(page);
  await page.reload();
  await expect.poll(() => produtoNoPainel(page)).toBe(depois);
  // and the screen the card links to says the same
  await page.locator('[data-cy=contador-produto] a').click();
  await expect(page.locator('[data-cy=total-inconsistencias]')).toContainText(`: ${depois.toLocaleString('pt-BR')}`);
});

test('situação fiscal: o valor proposto é escolhido pelo nome, e a grade mostra o nome, não o id', async ({
  page,
  request,
}) => {
  const admin = { authorization: await token(request, 'ana.admin') };
  await marcaComProdutos(request, admin, `${PREFIXO} S`, 2, (i) => ({
    descricao: `${PREFIXO} Sem situação ${i}`,
    ncmId: '33030020',
  }));
  const situacoes = await request.get(`/api/v1/fiscal/situacoes?q=${encodeURIComponent('ativo==true')}&sort=codigo`, {
    headers: admin,
  });
  const sf = (await situacoes.json()).items[0] as { id: number; codigo: string; descricao: string };
  const rotulo = `${sf.codigo} - ${sf.descricao}`;

  // the register's list arrives late (a loaded server): what is typed meanwhile must still find the choice
  await page.route(
    (u) => u.pathname === '/api/v1/fiscal/situacoes',
    async (rota) => {
      await new Promise((r) => setTimeout(r, 1500));
      await rota.continue();
    },
  );
  await page.goto('/app/#/login?redirectFrom=%2FinconsistenciasTributarias');
  await entrar(page, 'carlos.fiscal');
  await page.locator('[data-cy=botao-novo]').click();
  await expect(page.locator('[data-cy=lote-descricao]')).toBeFocused();
  await page.keyboard.type(`${PREFIXO} sem situação`);
  await page.locator('[data-cy=lote-tipo]').click();
  await page.getByRole('option', { name: 'Sem situação fiscal', exact: true }).click();
  await page.locator('[data-cy=lote-marca]').click();
  await page.keyboard.type(`${PREFIXO} S`);
  await page.getByRole('option', { name: `${PREFIXO} S`, exact: true }).click();
  await page.locator('[data-cy=lote-avancar]').click();
  await expect(page.getByText('2 linhas; 0 com valor proposto.')).toBeVisible();

  // a choice of the register, found by typing part of its name (never its id)
  await page.locator('[data-cy=valor-em-massa]').click();
  await page.keyboard.type(sf.descricao.slice(0, 5));
  await page.getByRole('option', { name: rotulo, exact: true }).click();
  await page.locator('[data-cy=aplicar-em-massa]').click();
  await expect(page.getByText('2 linhas; 2 com valor proposto.')).toBeVisible();
  const linha = page
    .locator('[data-cy=grade-propostas]')
    .getByRole('row', { name: new RegExp(`${PREFIXO} Sem situação 1`) });
  await expect(linha.locator('[data-cy^=proposta-]')).toHaveValue(rotulo);
  await page.screenshot({ path: '/tmp/shots/inconsistencias-situacao-1366.png' });

  // the review lists the label too
  await page.locator('[data-cy=lote-revisar]').click();
  await expect(page.getByRole('cell', { name: rotulo, exact: true }).first()).toBeVisible();
});
