/**
 * POST /api/v1/produto/impressao-etiqueta: 202 + the job; the PDF (report ETIQUETAS) holds one label per store ×
 * product × copy on the chosen stock (30 per A4 sheet here), with EAN-13 bars as images; stores outside the
 * caller's are a 403, unknown products a 422 on `produtos`, no product access a 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let produtos: number[];

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  // products with an EAN, so bars are drawn
  const { rows } = await adminQuery<{ produto_id: number }>(
    t.ownerUrl,
    `select distinct c.produto_id from codigo_auxiliar c join assinante a on a.id = c.assinante_id
      where 'localhost' = any(a.hosts) and c.tipo = 'EAN' order by 1 limit 2`,
  );
  produtos = rows.map((r) => r.produto_id);
});
afterAll(() => t.close());

const pedir = (corpo: object, who = ana) =>
  t.app.inject({ method: 'POST', url: '/api/v1/produto/impressao-etiqueta', headers: who.headers, payload: corpo });

async function pronto(id: string) {
  for (let i = 0; i < 300; i++) {
    const b = (await t.app.inject({ url: `/api/v1/relatorios/${id}`, headers: ana.headers })).json();
    if (b.status !== 'PROCESSANDO') {
      expect(b.status, b.mensagemErro).toBe('PRONTO');
      return;
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error('etiquetas não terminaram');
}

describe('shelf labels', () => {
  it('answers with the job, and its PDF has a sheet per 30 labels with the bars as images', async () => {
    expect(produtos).toHaveLength(2);
    // 2 stores × 2 products × 8 copies = 32 labels: two A4 sheets of 30
    const r = await pedir({ lojas: [1, 2], produtos, layout: 'A4-3x10', copias: 8 });
    expect(r.statusCode, r.body).toBe(202);
    const { tarefaId } = r.json();
    expect(r.headers.location).toBe(`/api/v1/tarefas/${tarefaId}`);
    await pronto(tarefaId);
    const f = await t.app.inject({ url: `/api/v1/relatorios/${tarefaId}/arquivo`, headers: ana.headers });
    expect(f.statusCode).toBe(200);
    expect(f.headers['content-type']).toMatch(/^application\/pdf/);
    const pdf = f.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)?.length).toBe(2);
    expect(pdf).toMatch(/\/Subtype \/Image/);
  });

  it('a roll prints one label per page', async () => {
    const r = await pedir({ lojas: [1], produtos: [produtos[0]], layout: 'rolo-100x30', copias: 3 });
    expect(r.statusCode, r.body).toBe(202);
    await pronto(r.json().tarefaId);
    const f = await t.app.inject({ url: `/api/v1/relatorios/${r.json().tarefaId}/arquivo`, headers: ana.headers });
    expect(f.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(3);
  });

  it('refuses unknown products (422), a layout it does not know (422), stores outside the caller (403), no access (403)', async () => {
    const r = await pedir({ lojas: [1], produtos: [999_999] });
    expect(r.statusCode).toBe(422);
    expect(JSON.stringify(r.json().erros ?? r.json().reasons)).toMatch(/999999/);
    expect((await pedir({ lojas: [1], produtos, layout: 'A5' })).statusCode).toBe(422);
    const gabi = await login(t, 'gabi.consulta'); // every ACESSO, store BV01 only
    const fora = await pedir({ lojas: [2], produtos }, gabi);
    expect(fora.statusCode, fora.body).toBe(403);
    expect(fora.json().message).toMatch(/BV02/);
    expect((await pedir({ lojas: [1], produtos }, gabi)).statusCode).toBe(202);
    expect((await pedir({ lojas: [1], produtos }, await login(t, 'beatriz.fin'))).statusCode).toBe(403);
  });
});
