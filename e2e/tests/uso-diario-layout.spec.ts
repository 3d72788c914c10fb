/**
 * Issue #27.18, nothing clipped at common widths: at 1366×768 the Painel's per-store table shows its
 * "Produto" column whole and the stock statement's Consultar button its whole label; at 800×600 the
 * header's search box shows its icon and its placeholder. Screenshots at 1366×768, 1920×1080 and 800×600
 * in /tmp/shots.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { login } from './shell-helpers';

/** The element shows all of its content: nothing hidden by its own overflow nor by a scrolling parent. */
async function inteiro(el: Locator) {
  await expect(el).toBeVisible();
  const m = await el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    let p = e.parentElement;
    let cortado = false;
    while (p) {
      const s = getComputedStyle(p);
      if (s.overflowX !== 'visible') {
        const q = p.getBoundingClientRect();
        if (r.left < q.left - 0.5 || r.right > q.right + 0.5) cortado = true;
      }
      p = p.parentElement;
    }
    return { scroll: e.scrollWidth, client: e.clientWidth, cortado };
  });
  expect(m.scroll, 'o conteúdo cabe no elemento').toBeLessThanOrEqual(m.client);
  expect(m.cortado, 'nenhum ancestral corta o elemento').toBe(false);
}

async function foto(page: Page, nome: string, t: { width: number; height: number }) {
  await page.setViewportSize(t);
  await page.screenshot({ path: `/tmp/shots/${nome}-${t.width}.png` });
}

test('1366 px: a coluna Produto do Painel e o botão Consultar do extrato inteiros; 800 px: a busca com ícone e texto', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'ana.admin');
  const porLoja = page.locator('[data-cy=contadores-por-loja]');
  await expect(porLoja).toBeVisible();
  await inteiro(porLoja.getByRole('columnheader', { name: 'Produto' }));
  await foto(page, 'painel', { width: 1366, height: 768 });
  await foto(page, 'painel', { width: 1920, height: 1080 });

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/app/#/estoque/extrato-estoque');
  // the statement is framed (the legacy permission's /vf host)
  const consultar = page.frameLocator('iframe#legadoFrame').locator('[data-cy=extrato-consultar]');
  await inteiro(consultar);
  await expect(consultar).toHaveText('Consultar');
  // the label inside the button, not only the button, is whole
  await inteiro(consultar.locator('.mantine-Button-label'));
  await foto(page, 'extrato-filtros', { width: 1366, height: 768 });
  await foto(page, 'extrato-filtros', { width: 1920, height: 1080 });

  await page.setViewportSize({ width: 800, height: 600 });
  const busca = page.getByTitle('Buscar tela ou registro (Ctrl+K)');
  await expect(busca).toBeVisible();
  const icone = busca.locator('svg');
  await expect(icone).toBeVisible();
  expect((await icone.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(14);
  const texto = busca.getByText(/^Buscar/);
  await expect(texto).toBeVisible();
  expect((await texto.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(40);
  await foto(page, 'busca-cabecalho', { width: 800, height: 600 });

  // the user's name is never cut ("Ana Ribeir…"): whole at 1366 px, at 800 px the avatar alone names them
  const usuario = page.getByRole('button', { name: 'Menu do usuário' });
  await expect(usuario).toHaveAttribute('title', 'Ana Ribeiro');
  await expect(usuario.getByText('Ana Ribeiro', { exact: true })).toBeHidden();
  await page.setViewportSize({ width: 1366, height: 768 });
  await inteiro(usuario.getByText('Ana Ribeiro', { exact: true }));
});
