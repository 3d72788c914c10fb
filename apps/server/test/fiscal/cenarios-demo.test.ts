/**
 * The demo's cenários fiscais by NCM are each tenant's own: a rule per NCM of that tenant's products (and the
 * ST example), never a rule for an NCM only the other tenant sells (the seed runs as the owner, whom RLS does
 * not bind, so it must name the tenant itself).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NCM_ST = '33030020';

async function porAssinante(sql: string) {
  const { rows } = await adminQuery<{ assinante_id: number; ncm: string }>(t.ownerUrl, sql);
  const mapa = new Map<number, Set<string>>();
  for (const r of rows) mapa.set(r.assinante_id, (mapa.get(r.assinante_id) ?? new Set()).add(r.ncm));
  return mapa;
}

describe('demo cenários fiscais', () => {
  it('each tenant has a rule for each NCM of its own products and none for NCMs of the other tenant only', async () => {
    const regras = await porAssinante(
      `select distinct assinante_id, ncm from cenario_fiscal_ncm where ncm is not null and ncm <> '${NCM_ST}'`,
    );
    const produtos = await porAssinante(
      `select distinct assinante_id, ncm_id as ncm from produto where ativo and length(ncm_id) = 8 and ncm_id <> '${NCM_ST}'`,
    );
    expect(regras.size).toBeGreaterThanOrEqual(2);
    for (const [assinante, ncms] of regras) {
      expect([...ncms].sort(), `assinante ${assinante}`).toEqual([...(produtos.get(assinante) ?? [])].sort());
    }
  });
});
