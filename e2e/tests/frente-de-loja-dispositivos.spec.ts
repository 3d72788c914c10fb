/**
 * Cadastro de dispositivo: the manager generates a QR for a store, a device registers with its token through
 * the API (as the app does), appears in the list live (highlighted), and is revoked: its credential is refused.
 */
import { expect, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

test('gerar QR, cadastrar pelo app, ver na lista e revogar', async ({ page, request }) => {
  await page.goto('/app/#/login?redirectFrom=%2FcadastroDeDispositivo');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Cadastro de dispositivo', level: 1 })).toBeVisible();
  await expect(page.locator('[data-cy=licenca]')).toBeVisible();
  await page.locator('[data-cy=gerar-qr]').click();
  const qr = page.locator('[data-cy=qr-dispositivo]');
  await expect(qr.locator('svg')).toBeVisible();
  await expect(page.locator('[data-cy=qr-validade]')).toContainText('Expira às');
  const token = (await page.locator('[data-cy=qr-token]').textContent())!.trim();
  await page.screenshot({ path: '/tmp/pdv-qr.png' });

  const nome = `Coletor jornada ${Date.now()}`;
  const r = await request.post('/api/v1/dispositivos/registro', {
    data: { token, identificador: crypto.randomUUID(), nome, tipo: 'COLETOR', fabricante: 'Zebra', versaoApp: '3.2.0' },
  });
  expect(r.status()).toBe(201);
  const { credencial } = await r.json();

  // the list refreshes by itself and highlights the new device; the QR closes
  const linha = page.locator('[data-cy=dispositivo-linha]', { hasText: nome });
  await expect(linha.locator('[data-cy=dispositivo-atual]')).toBeVisible();
  await expect(linha.locator('[data-cy=dispositivo-status]')).toHaveText('Ativo');
  await expect(qr).toBeHidden();
  await page.screenshot({ path: '/tmp/pdv-dispositivos.png', fullPage: true });

  await linha.locator('[data-cy=dispositivo-revogar]').click();
  await page.locator('[data-cy=confirmar-acao-dispositivo]').click();
  await expect(toast(page)).toContainText(`Dispositivo ${nome} revogado.`);
  await expect(linha.locator('[data-cy=dispositivo-status]')).toHaveText('Revogado');
  const recusa = await request.get('/api/v1/dispositivos/eu', { headers: { authorization: credencial } });
  expect(recusa.status()).toBe(401);
});
