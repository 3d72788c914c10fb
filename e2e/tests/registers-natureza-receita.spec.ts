/**
 * Natureza PIS/COFINS and the SPED natureza da receita tables: the screen says they are missing, an
 * administrator loads the official pipe-delimited file, and the code is then picked from it.
 */
import { expect, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

const ARQUIVO = [
  '|4.3.10|Produtos sujeitos à incidência monofásica|',
  '|201|Medicamentos|3003, 3004|01012009||',
  '|202|Produtos de perfumaria, de toucador ou de higiene pessoal|3303 a 3307|01012009||',
].join('\r\n');

test('natureza PIS/COFINS: missing SPED tables are announced, loaded by the administrator, then offered', async ({
  page,
}) => {
  await page.goto('/app/#/login?redirectFrom=%2FnaturezaPISCOFINS');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Natureza PIS/COFINS', level: 1 })).toBeVisible();
  await page.locator('[data-cy=botao-novo]').click();
  const aviso = page.locator('[data-cy=natureza-aviso]');
  await expect(aviso).toContainText('não foram carregadas: o código não é conferido');
  await page.screenshot({ path: '/tmp/pw-h6/natureza-sem-tabelas.png', fullPage: true });

  await page.locator('[data-cy=natureza-carregar]').click();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'tabela_4.3.10.txt', mimeType: 'text/plain', buffer: Buffer.from(ARQUIVO, 'latin1') });
  await page.locator('[data-cy=natureza-enviar]').click();
  await expect(toast(page).filter({ hasText: 'Tabela 4.3.10 carregada.' })).toBeVisible();
  await expect(aviso).toContainText('Tabelas ainda não carregadas: 4.3.11');

  await page.locator('[data-cy=campo-id]').fill('PJ1');
  await page.locator('[data-cy=campo-descricao]').fill('PIS perfumaria monofásico');
  await page.locator('[data-cy=campo-tipoImposto]').click();
  await page.getByRole('option', { name: 'PIS', exact: true }).click();
  await page.locator('[data-cy=campo-cstSaida]').fill('04');
  await page.locator('[data-cy=campo-naturezaReceita]').click();
  await page.getByRole('option', { name: /^202 - Produtos de perfumaria/ }).click();
  await page.screenshot({ path: '/tmp/pw-h6/natureza-com-tabela.png', fullPage: true });
  await page.keyboard.press('Control+s');
  await expect(toast(page).filter({ hasText: 'Cadastro incluído.' })).toBeVisible();
});

test('produto: the CEST field says its table is from 2020 and an administrator adds a missing code', async ({
  page,
}) => {
  await page.goto('/app/#/login?redirectFrom=%2Fproduto%3Fbusca%3Dbatom');
  await entrar(page, 'ana.admin');
  await expect(page.locator('[data-cy=linha-registro]')).toHaveCount(1);
  await page.locator('[data-cy=linha-registro]').first().dblclick();
  await expect(page.getByText('Tabela CEST de 2020')).toBeVisible();

  await page.locator('[data-cy=incluir-cest]').click();
  const dialogo = page.getByRole('dialog', { name: 'Incluir CEST ausente da tabela' });
  await dialogo.locator('[data-cy=incluir-codigo]').fill('2899902');
  await dialogo.locator('[data-cy=incluir-ncm]').fill('3304');
  await dialogo.getByLabel('Segmento').fill('Venda de mercadorias pelo sistema porta a porta');
  await dialogo.getByLabel('Descrição').fill('Batons e demais produtos de maquiagem');
  await page.screenshot({ path: '/tmp/pw-h6/incluir-cest.png' });
  await dialogo.locator('[data-cy=incluir-codigo-salvar]').click();
  await expect(toast(page).filter({ hasText: 'CEST 2899902 incluído na tabela.' })).toBeVisible();
  await expect(dialogo).toHaveCount(0);

  await page.locator('[data-cy=campo-cest]').fill('2899902');
  await page.keyboard.press('Control+s');
  await expect(toast(page).filter({ hasText: 'Alterações salvas.' })).toBeVisible();
});
