/**
 * Brazilian address and tax data on a supplier: without a CEP service (none here) the form says so and
 * the município comes from the IBGE table by UF (UFs alphabetical, code filled by the choice); the
 * inscrição estadual is checked by the UF's rule (error under the field), masked input accepted.
 */
import { expect, test } from '@playwright/test';
import { entrar, toast } from './shell-helpers';

/** A CNPJ (check digits computed) unique to this run. */
function cnpj(): string {
  const base = [...`${Date.now() % 1e8}`.padStart(8, '0'), '0', '0', '0', '1'].map(Number);
  const dv = (d: number[]) => {
    const pesos = d.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = d.reduce((a, v, i) => a + v * pesos[i]!, 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base);
  return [...base, d1, dv([...base, d1])].join('');
}

test('fornecedor: município pela tabela do IBGE sem serviço de CEP; IE validada pela UF', async ({ page, request }) => {
  const doc = cnpj();
  await page.goto('/app/#/login?redirectFrom=%2Fpessoa%2Ffornecedor');
  await entrar(page, 'ana.admin');
  await page.locator('[data-cy=botao-novo]').click();
  await page.locator('[data-cy=campo-numeroDoDocumento]').fill(doc);
  await page.locator('[data-cy=campo-nome]').fill(`Distribuidora Goiana ${doc}`);
  await page.locator('[data-cy=campo-fantasia]').fill('Goiana');

  // no CEP service configured: the form says so and the pickers take over
  await page.locator('[data-cy=campo-endereco\\.cep]').fill('74003010');
  await expect(page.locator('[data-cy=aviso-cep]')).toContainText('escolha a UF e o município na lista');
  await page.locator('[data-cy=campo-endereco\\.uf]').click();
  await expect(page.getByRole('option').nth(0)).toHaveText('AC');
  await expect(page.getByRole('option').nth(1)).toHaveText('AL');
  await page.getByRole('option', { name: 'GO', exact: true }).click();
  const municipio = page.locator('[data-cy=campo-endereco\\.codigoIbge]');
  await municipio.click();
  await municipio.fill('goian');
  await page.getByRole('option', { name: 'Goiânia', exact: true }).click();

  // an IE of another state is refused under the field; the state's own is accepted with its mask
  await page.locator('[data-cy=campo-inscricaoEstadual]').fill('110.042.490.114');
  await page.locator('[data-cy=salvar]').click();
  await expect(page.getByText(/Inscrição estadual inválida para a UF GO/)).toBeVisible();
  await page.locator('[data-cy=campo-inscricaoEstadual]').fill('10.987.654-7');
  await page.locator('[data-cy=salvar]').click();
  await expect(toast(page).filter({ hasText: 'Cadastro incluído.' })).toBeVisible();

  const auth = await request.post('/api/auth', { data: { username: 'ana.admin', password: 'Demo@1234' } });
  const headers = { authorization: (await auth.json()).accessToken as string };
  const lista = await request.get(`/api/v1/pessoa/fornecedores?q=${encodeURIComponent(`numeroDoDocumento==${doc}`)}`, {
    headers,
  });
  const [f] = (await lista.json()).items;
  expect(f.inscricaoEstadual).toBe('109876547');
  expect(f.endereco).toMatchObject({ uf: 'GO', codigoIbge: '5208707', municipio: 'Goiânia' });
});
