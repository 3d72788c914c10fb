/**
 * NFC-e monitor: the fiscal user (carlos.fiscal) opens the monitor (rejected notes by default), widens the
 * period to the demo's 30 days, sees only rejected notes with SEFAZ's return, opens one and reads its items
 * and taxes, goes back and runs the "faixa" search, which shows BV02's gap 130–131 to void and the voided
 * range 120–125.
 */
import { expect, test } from '@playwright/test';
import { br, diasAtras, login } from './shell-helpers';

test('fiscal filtra rejeitadas, abre uma nota, lê itens e tributos e vê as lacunas da faixa', async ({ page }) => {
  await login(page, 'carlos.fiscal');
  await page.goto('/app/#/monitoramentoDocumentos');
  await expect(page.getByRole('heading', { name: 'Documentos eletrônicos' })).toBeVisible();
  // spec §4 defaults: rejected, normal search, the last 7 days
  await expect(page.locator('[data-cy=filtro-status] input, input[data-cy=filtro-status]').first()).toHaveValue(
    'Rejeitada',
  );
  await expect(
    page.locator('[data-cy=filtro-data-inicio] input, input[data-cy=filtro-data-inicio]').first(),
  ).toHaveValue(br(diasAtras(6)));
  await expect(page.locator('[data-cy=cartao-AUTORIZADA]')).toBeVisible();

  await page
    .locator('input[data-cy=filtro-data-inicio], [data-cy=filtro-data-inicio] input')
    .first()
    .fill(br(diasAtras(29)));
  await page.locator('[data-cy=pesquisar]').click();
  const linhas = page.locator('[data-cy=nfce-linha]');
  // the card and the grid answer the new period separately: once both have, they agree
  await expect(async () => {
    const rejeitadas = Number(
      (await page.locator('[data-cy=cartao-REJEITADA] [data-cy=cartao-quantidade]').innerText()).replace(/\D/g, ''),
    );
    expect(rejeitadas).toBeGreaterThan(2);
    await expect(linhas).toHaveCount(rejeitadas, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  for (const texto of await linhas.allInnerTexts()) expect(texto.toLowerCase()).toContain('rejeitada');
  await expect(page.locator('[data-acoes-sefaz=monitor]')).toBeAttached();
  await page.screenshot({ path: '/tmp/nfce-monitor.png', fullPage: true });

  // the first rejected note: its items with NCM, CFOP and CST, SEFAZ's return and the timeline
  await linhas.first().click();
  await expect(page.getByRole('heading', { name: 'Informações do cupom' })).toBeVisible();
  await expect(page.locator('[data-cy=status-cupom]')).toHaveText('Rejeitada');
  await expect(page.locator('[data-cy=retorno-sefaz]')).toContainText(/\d{3} – Rejeição/);
  const item = page.locator('[data-cy=itens-cupom] tbody tr').first();
  await expect(item).toBeVisible();
  // cells read one by one (the row's text runs them together)
  await expect(
    item
      .locator('td')
      .filter({ hasText: /^\s*\d{8}\s*$/ })
      .first(),
  ).toBeVisible(); // NCM
  await expect(
    item
      .locator('td')
      .filter({ hasText: /^\s*5\d{3}\s*$/ })
      .first(),
  ).toBeVisible(); // CFOP
  await expect(item).toContainText('%'); // the rates
  await expect(page.locator('[data-cy=eventos]')).toContainText('Emissão');
  await expect(page.locator('[data-acoes-sefaz=cupom]')).toBeAttached();
  await page.screenshot({ path: '/tmp/nfce-informacoes-cupom.png', fullPage: true });

  // back to the same search; the "faixa" analysis finds BV02's gap and its voided range
  await page.locator('[data-cy=voltar]').click();
  await expect(page.locator('[data-cy=nfce-linha]').first()).toBeVisible();
  await page.locator('[data-cy=filtro-tipo-pesquisa]').getByText('Faixa (lacunas)').click();
  const lacuna = page.locator('[data-cy=faixa-linha]', { hasText: '130 a 131' });
  await expect(lacuna).toContainText('Lacuna – a inutilizar');
  await expect(lacuna).toContainText('BV02');
  await expect(page.locator('[data-cy=faixa-linha]', { hasText: '120 a 125' })).toContainText('Inutilizada');
  await page.screenshot({ path: '/tmp/nfce-faixa.png', fullPage: true });
});
