/**
 * NFC-e actions against SEFAZ (our local simulator, started beside the journey's server; the demo stores have
 * a test A1 certificate and their homologação endpoint on it). The fiscal user (carlos.fiscal) finds by its
 * chave a contingency note the POS had already transmitted and consults it: SEFAZ has it authorised, the
 * status is fixed with its protocol. The store's newest contingency note SEFAZ does not know: resent, it is
 * authorised now, and the customer gives up — cancelled with a motivo of the register. Last, the "faixa"
 * analysis' gap 130–131 of BV02 is voided.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { br, diasAtras, login, SENHA, toast } from './shell-helpers';

const campo = (page: Page, cy: string) => page.locator(`input[data-cy=${cy}], [data-cy=${cy}] input`).first();

interface Nota {
  chave: string;
  loja: string;
  numero: number;
}

/** BV01's contingency notes of the demo's 30 days, by number (the demo's POS transmitted all but the newest). */
async function contingenciasBv01(request: APIRequestContext): Promise<Nota[]> {
  const login = await request.post('/api/auth', { data: { username: 'carlos.fiscal', password: SENHA } });
  const authorization = `Bearer ${(await login.json()).accessToken}`;
  const q = new URLSearchParams({
    status: 'CONTINGENCIA',
    dataInicio: diasAtras(29),
    dataFim: diasAtras(0),
    start: '0',
    count: '50',
    sort: 'numero',
  });
  const r = await request.get(`/api/v1/fiscal/nfce/documentos?${q}`, { headers: { authorization } });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()).items as Nota[]).filter((n) => n.loja === 'BV01');
}

/** From the monitor, the note with this chave (any status, the demo's 30 days), opened. */
async function abrirPelaChave(page: Page, chave: string) {
  await page.goto('/app/#/monitoramentoDocumentos');
  await expect(page.getByRole('heading', { name: 'Documentos eletrônicos' })).toBeVisible();
  await campo(page, 'filtro-data-inicio').fill(br(diasAtras(29)));
  await page.locator('[data-cy=filtro-status]').first().click();
  await page.getByRole('option', { name: 'Todos' }).click();
  await campo(page, 'filtro-chave').fill(chave);
  await page.locator('[data-cy=pesquisar]').click();
  const linhas = page.locator('[data-cy=nfce-linha]');
  await expect(linhas).toHaveCount(1);
  await linhas.first().click();
  await expect(page.getByRole('heading', { name: 'Informações do cupom' })).toBeVisible();
  await expect(page.locator('[data-cy=chave-cupom]')).toContainText(chave.slice(0, 4));
}

test('fiscal consulta, reenvia, cancela com motivo e inutiliza uma lacuna junto à SEFAZ', async ({ page, request }) => {
  test.setTimeout(90_000);
  const contingencias = await contingenciasBv01(request);
  expect(contingencias.length).toBeGreaterThanOrEqual(2);
  const transmitida = contingencias[0]!;
  const nova = contingencias.at(-1)!;
  await login(page, 'carlos.fiscal');

  // 1. a contingency note SEFAZ already has: the consultation fixes its status and brings the protocol
  await abrirPelaChave(page, transmitida.chave);
  await expect(page.locator('[data-cy=status-cupom]')).toHaveText('Contingência');
  await page.locator('[data-acoes-sefaz=cupom] [data-cy=nfce-consultar]').click();
  await expect(page.locator('[data-cy=status-cupom]')).toHaveText('Autorizada', { timeout: 20_000 });
  const eventos = page.locator('[data-cy=eventos]');
  await expect(eventos).toContainText('Consulta');
  await expect(eventos).toContainText('100 Autorizado o uso da NF-e');
  await expect(page.locator('[data-cy=cabecalho-cupom]')).toContainText(/Protocolo\s*\d{15}/);
  // authorised long ago (by the POS): no resend offered any more
  await expect(page.locator('[data-cy=nfce-reenviar]')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/nfce-sefaz-consulta.png', fullPage: true });

  // 2. the newest contingency note SEFAZ does not know: resent (consulted first), authorised now…
  await abrirPelaChave(page, nova.chave);
  await page.locator('[data-acoes-sefaz=cupom] [data-cy=nfce-reenviar]').click();
  await expect(page.locator('[data-cy=status-cupom]')).toHaveText('Autorizada', { timeout: 20_000 });
  // …then cancelled inside the deadline with a motivo of the register (≥ 15 characters)
  await page.locator('[data-acoes-sefaz=cupom] [data-cy=nfce-cancelar]').click();
  const dialogo = page.getByRole('dialog', { name: 'Cancelar NFC-e' });
  await expect(dialogo).toBeVisible();
  await dialogo.locator('[data-cy=motivo-cancelamento]').click();
  const motivo = page.getByRole('option').first();
  expect([...((await motivo.innerText()) ?? '').trim()].length).toBeGreaterThanOrEqual(15);
  await motivo.click();
  await dialogo.locator('[data-cy=confirmar-cancelamento]').click();
  await expect(dialogo).toBeHidden();
  await expect(page.locator('[data-cy=status-cupom]')).toHaveText('Cancelada', { timeout: 20_000 });
  await expect(page.locator('[data-cy=eventos]')).toContainText('Cancelamento');
  await expect(page.locator('[data-cy=nfce-cancelar]')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/nfce-sefaz-cancelada.png', fullPage: true });

  // 3. the "faixa" analysis: BV02's gap 130–131 voided at SEFAZ
  await page.locator('[data-cy=voltar]').click();
  await expect(page.locator('[data-cy=nfce-linha]').first()).toBeVisible();
  await campo(page, 'filtro-chave').fill('');
  await page.locator('[data-cy=filtro-tipo-pesquisa]').getByText('Faixa (lacunas)').click();
  const lacuna = page.locator('[data-cy=faixa-linha]', { hasText: '130 a 131' });
  await expect(lacuna).toContainText('Lacuna – a inutilizar');
  await lacuna.locator('[data-cy=nfce-inutilizar]').click();
  const inutilizar = page.getByRole('dialog', { name: 'Inutilizar faixa de numeração' });
  await expect(campo(page, 'inut-inicial')).toHaveValue('130');
  await expect(campo(page, 'inut-final')).toHaveValue('131');
  await inutilizar.locator('textarea').fill('Numeração pulada pelo PDV na queda de energia');
  await inutilizar.locator('[data-cy=confirmar-inutilizacao]').click();
  await expect(inutilizar).toBeHidden();
  await expect(toast(page)).toContainText(/102|Inutiliza/, { timeout: 20_000 });
  await expect(page.locator('[data-cy=faixa-linha]', { hasText: '130 a 131' })).toContainText('Inutilizada', {
    timeout: 20_000,
  });
  await page.screenshot({ path: '/tmp/nfce-sefaz-faixa.png', fullPage: true });
});
