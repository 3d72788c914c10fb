/**
 * A fiscal-lot application posts once (issue #24): carlos.fiscal finalizes a lot, the answer is lost on the way
 * back (the server applied it), he clicks again — the retry carries the SAME Idempotency-Key, the server replays
 * the first answer and the screen shows the lot applied; nothing is applied twice.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { entrar, SENHA } from './shell-helpers';

const PREFIXO = `I24${Date.now().toString(36)}`;

async function token(request: APIRequestContext, username: string): Promise<Record<string, string>> {
  const r = await request.post('/api/auth', { data: { username, password: SENHA } });
  return { authorization: `Bearer ${(await r.json()).accessToken}` };
}

test('aplicação de lote fiscal com a resposta perdida: o novo clique reenvia a mesma chave e aplica uma vez', async ({
  page,
  request,
}) => {
  const admin = await token(request, 'ana.admin');
  const marca = await request.post('/api/v1/produto/marcas', {
    headers: admin,
    data: { descricao: `${PREFIXO} Marca` },
  });
  expect(marca.status(), await marca.text()).toBe(201);
  const marcaId = (await marca.json()).id as number;
  for (let i = 1; i <= 3; i++) {
    const r = await request.post('/api/v1/produto/produtos', {
      headers: admin,
      data: { descricao: `${PREFIXO} Perfume ${i}`, ncmId: '33030020', marcaId },
    });
    expect(r.status(), await r.text()).toBe(201);
  }
  // the lot, its proposals and the analysis through the API; the application (finalization) on the screen
  const fiscal = await token(request, 'carlos.fiscal');
  const base = '/api/v1/fiscal/lotes-inconsistencia';
  const lote = await request.post(base, {
    headers: fiscal,
    data: { descricao: `${PREFIXO} sem CEST`, tipoInconsistencia: 'SEM_CEST', filtros: { marcaId } },
  });
  expect(lote.status(), await lote.text()).toBe(201);
  const loteId = (await lote.json()).id as number;
  const propostas = await request.post(`${base}/${loteId}/propostas`, {
    headers: fiscal,
    data: { valor: '20.008.00' },
  });
  expect(propostas.status(), await propostas.text()).toBe(200);
  const analise = await request.post(`${base}/${loteId}/analise`, { headers: fiscal, data: {} });
  expect(analise.status(), await analise.text()).toBe(200);

  // the first answer is lost after the server applied the lot; the next ones pass
  const chaves: string[] = [];
  const repetidas: string[] = [];
  await page.route(`**${base}/${loteId}/finalizacao`, async (route) => {
    chaves.push(route.request().headers()['idempotency-key'] ?? '');
    const resposta = await route.fetch();
    if (chaves.length === 1) return route.abort('connectionreset');
    repetidas.push(resposta.headers()['idempotent-replayed'] ?? '');
    return route.fulfill({ response: resposta });
  });

  await page.goto(
    `/app/#/login?redirectFrom=${encodeURIComponent(`/inconsistenciasTributarias/finalizacaoInconsitencias?lote=${loteId}`)}`,
  );
  await entrar(page, 'carlos.fiscal');
  await expect(page.locator('[data-cy=status-lote]')).toHaveText('Em análise');
  await page.locator('[data-cy=lote-finalizar]').click();
  await page.locator('[data-cy=confirmar-finalizar]').click();
  await expect.poll(() => chaves.length).toBe(1);
  // the user tries again
  await expect(page.locator('[data-cy=lote-finalizar]')).toBeEnabled();
  await page.locator('[data-cy=lote-finalizar]').click();
  await page.locator('[data-cy=confirmar-finalizar]').click();
  await expect(page.locator('[data-cy=lote-finalizado]')).toContainText('3 de 3 produtos corrigidos');
  expect(chaves).toHaveLength(2);
  expect(chaves[1]).toBe(chaves[0]);
  expect(repetidas).toEqual(['true']);
  // applied once: one change per product in the lot's log
  const log = await request.get(`${base}/${loteId}/alteracoes?count=1000`, { headers: fiscal });
  expect((await log.json()).total).toBe(3);
});
