/**
 * Daily use, the registers: a negative opening balance typed in Conta corrente ("Pode ser negativo."),
 * the NCM picker (8-digit codes in force only, found as displayed "3303.00.20", descriptions without the
 * TIPI dashes and with the parent's text) and Origem da mercadoria as a select of the official 0–8 list.
 */
import { expect, type Page, test } from '@playwright/test';
import { entrar, preencherData, toast } from './shell-helpers';

const campo = (page: Page, nome: string) => page.locator(`[data-cy="campo-${nome}"]`);

async function escolher(page: Page, nome: string, opcao: RegExp | string, busca?: string) {
  const input = campo(page, nome);
  await input.click();
  if (busca) await input.fill(busca);
  await page.getByRole('option', { name: opcao }).first().click();
}

test('conta corrente: saldo inicial negativo digitado com "-" é salvo negativo', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2Ffinanceiro%2Fconta-corrente');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Conta corrente', level: 1 })).toBeVisible();
  await page.locator('[data-cy=botao-novo]').click();
  await campo(page, 'descricao').fill('Conta negativa jornada');
  await escolher(page, 'lojaId', /Londrina/);
  await escolher(page, 'agenteFinanceiroId', /Banco do Brasil/, 'Brasil');
  await campo(page, 'agencia').fill('1234');
  await campo(page, 'agenciaDigito').fill('3');
  // an account of its own: the Financeiro journey creates 1234-3 / 56790-6 on the same server
  await campo(page, 'numeroConta').fill('81236');
  await campo(page, 'numeroContaDigito').fill('6');
  const saldo = campo(page, 'saldoInicial');
  await saldo.click();
  // typed as said (issue #27): 1500,25 is R$ 1.500,25, not filled from the cents
  await saldo.pressSequentially('-1500,25');
  await saldo.blur();
  await expect(saldo).toHaveValue('-R$ 1.500,25');
  await preencherData(page, campo(page, 'dataSaldoInicial'), '01/05/2026');
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page)).toContainText('Cadastro incluído.');
  const salvo = await page.evaluate(async () => {
    const r = await fetch('/api/auth/refresh', { headers: { 'X-Retaguarda-Renovacao': '1' } });
    const { accessToken } = await r.json();
    const q = encodeURIComponent('descricao==Conta negativa jornada');
    const l = await fetch(`/api/v1/financeiro/contas-correntes?q=${q}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    return (await l.json()).items[0]?.saldoInicial;
  });
  expect(salvo).toBe('-1500.25');
});

test('produto: NCM só de 8 dígitos em vigor, achado como exibido; origem é a lista oficial 0–8', async ({ page }) => {
  await page.goto('/app/#/login?redirectFrom=%2Fproduto%2Fcadastro');
  await entrar(page, 'ana.admin');
  const ncm = campo(page, 'ncmId');
  await ncm.click();
  // a heading (3303.00) is never offered, its 8-digit codes are, by the displayed form
  await ncm.fill('3303');
  await expect(page.getByRole('option', { name: /^3303\.00\.10 - / })).toBeVisible();
  await expect(page.getByRole('option', { name: /^3303(\.00)? - / })).toHaveCount(0);
  await ncm.fill('3303.00.20');
  const opcao = page.getByRole('option', { name: '3303.00.20 - Perfumes e águas-de-colônia › Águas-de-colônia' });
  await expect(opcao).toBeVisible();
  await ncm.fill('0101.29');
  await expect(page.getByRole('option', { name: '0101.29.00 - Cavalos › Outros' })).toBeVisible();
  await page.keyboard.press('Escape');

  const origem = campo(page, 'origem');
  await origem.click();
  await expect(page.getByRole('option')).toHaveCount(9);
  await page.getByRole('option', { name: /^2 - Estrangeira - Adquirida no mercado interno/ }).click();
  await expect(origem).toHaveValue(/^2 - Estrangeira/);
});
