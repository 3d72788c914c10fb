/**
 * Funções PDV: the manager edits a store's matrix; the store's POS terminal shows as pending until it takes the
 * change feed and acknowledges the version (a simulated POS through the API), then the screen shows it in sync.
 */
import { expect, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

test('editar a matriz e ver pendente até o PDV confirmar', async ({ page, request }) => {
  const auth = await (
    await request.post('/api/auth', { data: { username: 'ana.admin', password: 'Demo@1234' } })
  ).json();
  const h = { authorization: `Bearer ${auth.accessToken}` };
  const lojas = await (await request.get('/api/v1/pessoa/lojas?q=sigla==BV03', { headers: h })).json();
  const lojaId = lojas.items[0].id as number;
  const token = await (await request.post('/api/v1/dispositivos/tokens', { headers: h, data: { lojaId } })).json();
  const reg = await request.post('/api/v1/dispositivos/registro', {
    data: {
      token: token.token,
      identificador: crypto.randomUUID(),
      nome: 'PDV jornada',
      tipo: 'POS_ANDROID',
      numeroCaixa: 31,
    },
  });
  expect(reg.status()).toBe(201);
  const pdv = { authorization: (await reg.json()).credencial as string };

  await page.goto('/app/#/login?redirectFrom=%2FfuncoesPDV');
  await entrar(page, 'ana.admin');
  await expect(page.getByRole('heading', { name: 'Funções PDV', level: 1 })).toBeVisible();
  const linha = page.locator('[data-cy=funcoes-pdv-linha]', { hasText: 'Joinville' });
  await expect(linha).toContainText('1');
  await page.screenshot({ path: '/tmp/pdv-funcoes.png', fullPage: true });
  await linha.locator('[data-cy=editar-funcoes]').click();

  await expect(page.getByRole('heading', { name: /Cadastro de Funções PDV/, level: 1 })).toBeVisible();
  const desconto = page.locator('[data-cy=funcao-linha][data-funcao=DESCONTO_ITEM] [data-perfil=OPERADOR]');
  await desconto.locator('[data-cy=limite]').fill('15');
  await page
    .locator('[data-cy=funcao-linha][data-funcao=ABRIR_GAVETA] [data-perfil=OPERADOR] [data-cy=habilitada]')
    .click();
  await page.locator('[data-cy=salvar-funcoes]').click();
  await expect(toast(page)).toContainText('Funções PDV salvas: versão 1.');
  await expect(page.locator('[data-cy=pendente-sincronizacao]')).toContainText('Pendente de sincronização: caixa 31');
  await page.screenshot({ path: '/tmp/pdv-funcoes-editar.png', fullPage: true });

  // the POS takes its load and acknowledges the version
  const carga = await (
    await request.post(`/api/v1/pessoa/lojas/${lojaId}/cargas`, { headers: pdv, data: { entidades: ['FUNCAO_PDV'] } })
  ).json();
  const funcoes = carga.alterados.find((a: { entidade: string }) => a.entidade === 'FUNCAO_PDV');
  expect(funcoes.dados.versao).toBe(1);
  const conf = await request.post(`/api/v1/pessoa/lojas/${lojaId}/cargas/confirmacao`, {
    headers: pdv,
    data: { marcador: carga.marcador, versaoFuncoes: 1 },
  });
  expect(conf.status()).toBe(200);
  await page.reload();
  await expect(page.locator('[data-cy=pendente-sincronizacao]')).toHaveText('Todos os PDVs sincronizados');
});
