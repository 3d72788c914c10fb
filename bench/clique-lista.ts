import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { type Filho, iniciarFilho, pararFilho } from './lib/filho';
import { gerar } from './lib/gerador';

const repo = path.resolve(import.meta.dirname, '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const VEZES = Number(process.env.CLIQUE_VEZES ?? 20);
const port = Number(process.env.BENCH_PORT ?? 8381);

async function servidor(): Promise<{ base: string; filho?: Filho }> {
  if (process.env.CLIQUE_BASE_URL) return { base: process.env.CLIQUE_BASE_URL };
  const filho = await iniciarFilho(port, 'clique');
  const { ownerUrl } = filho;
  console.log(`Gerando ${ROWS.toLocaleString('pt-BR')} produtos por COPY…`);
  const g = await gerar(ownerUrl, ROWS);
  console.log(`  ${g.segundos.toFixed(1)} s`);
  return { base: `http://localhost:${port}`, filho };
}

/** In the page: click, then resolve with the ms until `pronto()` holds (checked on every DOM change). */
const MEDIR_CLIQUE = `(([seletor, esperado]) => new Promise((resolve, reject) => {
  const pronto = () => {
    const linhas = document.querySelectorAll('[data-cy=linha-registro]');
    const total = document.querySelector('[data-cy=lista-total]')?.textContent ?? '';
    return linhas.length > 0 && total.includes(esperado);
  };
  const alvo = document.querySelector(seletor);
  if (!alvo) return reject(new Error('sem ' + seletor));
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (pronto()) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(document.body, { childList: true, subtree: true, characterData: true });
  setTimeout(() => { obs.disconnect(); reject(new Error('lista não apareceu em 30 s')); }, 30000);
  alvo.click();
}))`;

function resumo(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  return { n: s.length, p50: Math.round(q(50)), p95: Math.round(q(95)), max: Math.round(s[s.length - 1]!) };
}

async function entrar(page: Page, base: string) {
  await page.goto(`${base}/app/#/login`);
  await page.locator('[data-cy=login-usuario-input-field]').fill('ana.admin');
  await page.locator('[data-cy=login-senha-input-field]').fill('Demo@1234');
  await page.locator('[data-cy=login-entrar-button]').click();
  await page.getByRole('heading', { level: 1, name: /^Olá/ }).waitFor({ timeout: 60_000 });
}

async function main() {
  const srv = await servidor();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'pt-BR' });
    await entrar(page, srv.base);
    // the menu path a user clicks: Produto > Cadastro > Produto (groups stay open between navigations)
    await page.locator('div[data-cy=sidemenu-item-produto]').click();
    await page.locator('div[data-cy=sidemenu-item-cadastro]').first().click();
    const item = 'a[data-cy=sidemenu-item-produto]';
    await page.locator(item).waitFor();
    const cliques: number[] = [];
    // one warm-up navigation (route chunk download, first query), then the measured ones
    for (let i = 0; i <= VEZES; i++) {
      await page.locator('a[data-cy=sidemenu-item-painel]').click();
      await page.getByRole('heading', { level: 1, name: /^Olá/ }).waitFor();
      const ms = (await page.evaluate(`${MEDIR_CLIQUE}(${JSON.stringify([item, 'registros'])})`)) as number;
      if (i > 0) cliques.push(ms);
    }
    const total = await page.locator('[data-cy=lista-total]').textContent();
    console.log(`Lista de produtos (${total}): clique → linhas e total na tela`);
    const rClique = resumo(cliques);
    console.log(`  ${rClique.n} navegações: p50 ${rClique.p50} ms, p95 ${rClique.p95} ms, máx ${rClique.max} ms`);

    // quick search: type a term (contains, accent-insensitive: 'acucar' finds 'Açúcar') and wait for
    // the answer to that very search and the next frame painted with it
    const buscas: number[] = [];
    const termos = ['acucar cristal', 'aurora 1 kg', 'cafe torrado', 'mare 500 g', 'serra azul'];
    const campo = page.locator('[data-cy=filtro-busca]');
    for (let i = 0; i < VEZES; i++) {
      const termo = `${termos[i % termos.length]} ${(i * 37) % 997}`;
      await campo.fill('');
      await page.waitForTimeout(600);
      const resposta = page.waitForResponse(
        (r) =>
          r.url().includes('/api/v1/produto/produtos?') &&
          decodeURIComponent(r.url().replace(/\+/g, ' ')).includes(termo),
        { timeout: 30_000 },
      );
      const t0 = Date.now();
      await campo.pressSequentially(termo, { delay: 0 });
      await resposta;
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))');
      buscas.push(Date.now() - t0);
    }
    const rBusca = resumo(buscas);
    console.log(
      `Busca rápida (digitar → lista filtrada, debounce incluído): p50 ${rBusca.p50} ms, p95 ${rBusca.p95} ms, máx ${rBusca.max} ms`,
    );
    const dir = path.join(repo, 'bench/results');
    fs.mkdirSync(dir, { recursive: true });
    const arquivo = path.join(dir, `clique-lista-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      arquivo,
      `${JSON.stringify({ em: new Date().toISOString(), linhas: ROWS, total, clique: rClique, busca: rBusca, cliques, buscas }, null, 2)}\n`,
    );
    console.log(`Resultados: ${path.relative(repo, arquivo)}`);
  } finally {
    await browser.close();
    if (srv.filho) await pararFilho(srv.filho);
  }
}

await main();
