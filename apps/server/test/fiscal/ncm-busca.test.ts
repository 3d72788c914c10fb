/**
 * NCM as people read and type it: a code found in the dotted form it is shown in (3303.00.20) as
 * well as plain, in the NCM register and in the product's ncmId filter; descriptions without the
 * TIPI dashes, an 8-digit code with its parent's text ("… › Outros"); headings are not "vigente".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { createRegistersApp, headersFor } from '../registers/support';

let t: TestApp;
let ana: Record<string, string>;
beforeAll(async () => {
  t = await createRegistersApp();
  ana = await headersFor(t, 'ana.admin');
});
afterAll(() => t.close());

const listar = async (url: string, q: string) => {
  const r = await t.app.inject({ method: 'GET', url: `${url}?q=${encodeURIComponent(q)}&count=50`, headers: ana });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().items as Record<string, unknown>[];
};

describe('NCM search and text', () => {
  it('finds a code by its dotted or plain form, also as a prefix', async () => {
    for (const q of ['id==3303.00.20', 'id==33030020', 'id==3303.00*']) {
      const ids = (await listar('/api/v1/fiscal/ncms', q)).map((i) => i.id);
      expect(ids, q).toContain('33030020');
    }
  });

  it('descriptions drop the level dashes; an 8-digit code carries its parent text', async () => {
    const [aguas] = await listar('/api/v1/fiscal/ncms', 'id==33030020');
    expect(aguas?.descricao).toBe('Perfumes e águas-de-colônia › Águas-de-colônia');
    const [outros] = await listar('/api/v1/fiscal/ncms', 'id==01012900');
    expect(outros?.descricao).toBe('Cavalos › Outros');
    const [cavalos] = await listar('/api/v1/fiscal/ncms', 'id==01012');
    expect(cavalos?.descricao).toBe('Cavalos');
    const todos = await listar('/api/v1/fiscal/ncms', 'descricao==-*');
    expect(todos).toEqual([]);
  });

  it('only 8-digit codes in force are vigente (the picker offers those)', async () => {
    const vigentes = await listar('/api/v1/fiscal/ncms', 'id==3303*;vigente==true');
    expect(vigentes.map((i) => i.id).sort()).toEqual(['33030010', '33030020']);
  });

  it('the product list filters its NCM in either form', async () => {
    const criado = await t.app.inject({
      method: 'POST',
      url: '/api/v1/produto/produtos',
      headers: ana,
      payload: { descricao: 'Colônia busca NCM', ncmId: '33030020' },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    for (const q of ['ncmId==3303.00.20', 'ncmId==33030020']) {
      const nomes = (await listar('/api/v1/produto/produtos', q)).map((i) => i.descricao);
      expect(nomes, q).toContain('Colônia busca NCM');
    }
  });
});
