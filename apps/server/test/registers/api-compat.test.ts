/**
 * Replays, against our server, the call patterns existing integrations use on the registers
 * (shared/api-compat.md): bare-token auth, start/count loops until total, count=0, sort=id/+id/-id,
 * unencoded and spaced RSQL, bare-array sub-resources, 201 + Location, 200 on PUT/DELETE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { createRegistersApp, headersFor } from './support';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createRegistersApp();
  h = await headersFor(t, 'ana.admin');
  // most integrations send the bare token, without a scheme
  h = { host: 'localhost', authorization: h.authorization!.replace(/^Bearer /, '') };
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: h });

describe('api-compat: lists', () => {
  it('answers the bare token (no scheme) that most clients send', async () => {
    const r = await get('/api/v1/produto/produtos');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
  });

  it('start/count loops (C1/C3: advance by count until total) visit every row exactly once', async () => {
    const all = await get('/api/v1/fiscal/ncms?q=id==3303*,id==3304*&count=1000');
    const total = all.json().total;
    expect(total).toBeGreaterThan(3);
    const seen: string[] = [];
    let start = 0;
    for (let guard = 0; start < total && guard < 50; guard++) {
      const page = (await get(`/api/v1/fiscal/ncms?q=id==3303*,id==3304*&sort=id&start=${start}&count=2`)).json();
      expect(page.count).toBe(page.items.length);
      expect(page.total).toBe(total);
      seen.push(...page.items.map((i: { id: string }) => i.id));
      start += page.count;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('count=0 and no count give the default page, never an empty one (C2, C5); count is capped at 1000', async () => {
    for (const url of [
      '/api/v1/fiscal/ncms?sort=id&start=0&count=0',
      '/api/v1/fiscal/ncms?sort=id&start=1',
      '/api/v1/produto/custos',
    ]) {
      const r = (await get(url)).json();
      expect(r.count, url).toBeGreaterThan(0);
      expect(r.count).toBe(r.items.length);
    }
    const big = (await get('/api/v1/fiscal/ncms?count=5000')).json();
    expect(big.count).toBe(1000);
    expect(big.total).toBeGreaterThan(15000);
  });

  it('deep pages (start ≥ 1000) give the same rows as the plain offset', async () => {
    const wide = (await get('/api/v1/fiscal/ncms?sort=-id&start=900&count=1000')).json();
    const deep = (await get('/api/v1/fiscal/ncms?sort=-id&start=1500&count=3')).json();
    expect(deep.items.map((i: { id: string }) => i.id)).toEqual(
      wide.items.slice(600, 603).map((i: { id: string }) => i.id),
    );
    expect(deep.total).toBe(wide.total);
  });

  it('the unfiltered total of a big table (trigger-kept counter) stays exact through writes', async () => {
    const before = (await get('/api/v1/produto/produtos?count=1')).json().total;
    const counted = (await get('/api/v1/produto/produtos?q=id=gt=0&count=1')).json().total;
    expect(before).toBe(counted);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/produto/produtos',
      headers: h,
      payload: { descricao: 'Contagem' },
    });
    expect((await get('/api/v1/produto/produtos?count=1')).json().total).toBe(before + 1);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/produto/produtos/${r.json().id}`, headers: h });
    expect((await get('/api/v1/produto/produtos?count=1')).json().total).toBe(before);
    const merc = await headersFor(t, 'marta.admin', 'mercadao.localhost');
    const outro = (await t.app.inject({ url: '/api/v1/produto/produtos?count=1', headers: merc })).json().total;
    expect(outro).toBe(
      (await t.app.inject({ url: '/api/v1/produto/produtos?q=id=gt=0&count=1', headers: merc })).json().total,
    );
  });

  it('sort=id, +id (also as an unencoded space) and -id', async () => {
    const ids = async (sort: string) =>
      (await get(`/api/v1/produto/produtos?sort=${sort}&count=100`)).json().items.map((i: { id: number }) => i.id);
    const asc = await ids('id');
    expect(asc).toEqual([...asc].sort((a: number, b: number) => a - b));
    expect(await ids('%2Bid')).toEqual(asc);
    expect(await ids('+id')).toEqual(asc);
    expect(await ids('-id')).toEqual([...asc].reverse());
  });

  it('RSQL unencoded, spaced, wildcards, in-lists, quoted and dates', async () => {
    const prods = (await get('/api/v1/produto/produtos?sort=id&count=100')).json().items;
    const pivot = prods[1].id;
    const gt = (await get(`/api/v1/produto/produtos?q=id =gt= ${pivot}&sort=id`)).json();
    expect(gt.items.every((i: { id: number }) => i.id > pivot)).toBe(true);
    expect(gt.total).toBe(prods.filter((p: { id: number }) => p.id > pivot).length);
    const enc = (await get(`/api/v1/produto/produtos?q=${encodeURIComponent(`id=gt=${pivot}`)}`)).json();
    expect(enc.total).toBe(gt.total);
    const colonia = (await get('/api/v1/produto/produtos?q=descricao==*colonia*')).json();
    expect(colonia.items.map((i: { descricao: string }) => i.descricao)).toContain('Colônia Brisa Floral 75 ml');
    const inl = (await get(`/api/v1/produto/produtos?q=id=in=(${prods[0].id},${prods[2].id})`)).json();
    expect(inl.total).toBe(2);
    const quoted = (await get('/api/v1/produto/produtos?q=descricao=="Batom Matte"')).json();
    expect(quoted.total).toBe(1);
    const datas = (
      await get('/api/v1/produto/produtos?q=criadoEm=ge=2020-01-01;criadoem=le=2999-12-31T23:59:59')
    ).json();
    expect(datas.total).toBe(prods.length);
    const undeclared = await get('/api/v1/produto/produtos?q=senha==1');
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().message).toBeTypeOf('string');
  });

  it('product fields integrations read are present', async () => {
    const item = (await get('/api/v1/produto/produtos?q=descricao==*Brisa*&count=1')).json().items[0];
    for (const k of [
      'id',
      'descricao',
      'enviaBalanca',
      'pesoBruto',
      'largura',
      'altura',
      'comprimento',
      'secaoId',
      'grupoId',
      'subgrupoId',
      'imagem',
      'ncmId',
      'codigoInterno',
    ]) {
      expect(item, k).toHaveProperty(k);
    }
    expect(item.ncmId).toBe('33030020');
  });
});

describe('api-compat: sub-resources and writes', () => {
  it('precos and custos of a product are bare arrays; codigos-auxiliares an envelope', async () => {
    const p = (await get('/api/v1/produto/produtos?q=codigoInterno==1001')).json().items[0];
    const precos = (await get(`/api/v1/produto/produtos/${p.id}/precos`)).json();
    expect(Array.isArray(precos)).toBe(true);
    expect(precos[0]).toMatchObject({ produtoId: p.id, precoVenda1: '129.90' });
    expect(precos[0]).toHaveProperty('lojaId');
    const custos = (await get(`/api/v1/produto/produtos/${p.id}/custos`)).json();
    expect(Array.isArray(custos)).toBe(true);
    for (const k of ['id', 'produtoId', 'lojaId', 'custoReposicao', 'custoMedio', 'custoFiscal'])
      expect(custos[0]).toHaveProperty(k);
    const flat = (await get('/api/v1/produto/custos')).json().items[0];
    for (const k of ['custoProduto', 'precoMedioDeReposicao', 'precoFiscalDeReposicao', 'idExterno'])
      expect(flat).toHaveProperty(k);
    const aux = (await get(`/api/v1/produto/produtos/${p.id}/codigos-auxiliares`)).json();
    expect(aux.items[0]).toMatchObject({
      id: '2000000000015',
      tipo: 'EAN',
      fator: '1.000',
      eanTributado: true,
      produtoId: p.id,
    });
    const q = (
      await get(`/api/v1/produto/precos?q=produtoId==${p.id};lojaId==${precos[0].lojaId}&start=0&count=5`)
    ).json();
    expect(q.total).toBe(1);
  });

  it('consulta/{codigo} finds by internal code or barcode padded to 14 digits; unknown → null', async () => {
    const byEan = await get('/api/v1/produto/produtos/consulta/02000000000015');
    expect(byEan.json().descricao).toBe('Colônia Brisa Floral 75 ml');
    const byCode = await get('/api/v1/produto/produtos/consulta/00000000001001');
    expect(byCode.json().descricao).toBe('Colônia Brisa Floral 75 ml');
    const none = await get('/api/v1/produto/produtos/consulta/00000000999999');
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('null');
  });

  it('C1: GET a product, change its hierarchy, PUT the whole object → 200; C3: POST → 201 + Location', async () => {
    const sec = await t.app.inject({
      method: 'POST',
      url: '/api/v1/produto/secoes',
      headers: h,
      payload: { descricao: 'Seção via API' },
    });
    expect(sec.statusCode).toBe(201);
    const secaoId = Number(sec.headers.location!.split('/').pop());
    const grp = await t.app.inject({
      method: 'POST',
      url: `/api/v1/produto/secoes/${secaoId}/grupos`,
      headers: h,
      payload: { descricao: 'Grupo via API' },
    });
    const grupoId = Number(grp.headers.location!.split('/').pop());
    const sub = await t.app.inject({
      method: 'POST',
      url: `/api/v1/produto/secoes/${secaoId}/grupos/${grupoId}/subgrupos`,
      headers: h,
      payload: { descricao: 'Subgrupo via API' },
    });
    expect(sub.json()).toMatchObject({ secaoId, grupoId, descricao: 'Subgrupo via API', nome: 'Subgrupo via API' });
    const subgrupoId = sub.json().id;
    const p = (await get('/api/v1/produto/produtos?q=descricao==*Batom*')).json().items[0];
    const full = (await get(`/api/v1/produto/produtos/${p.id}`)).json();
    const { versao: _v, ...semVersao } = full;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/produto/produtos/${p.id}`,
      headers: h,
      payload: { ...semVersao, secaoId, grupoId, subgrupoId },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ secaoId, grupoId, subgrupoId });
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/produto/produtos/${p.id}`,
      headers: h,
      payload: { ...semVersao, secaoId: full.secaoId, grupoId, subgrupoId },
    });
    expect(wrong.statusCode).toBe(422);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/produto/produtos',
      headers: h,
      payload: { descricao: 'Produto via integração', ncmId: '33049910' },
    });
    expect(post.statusCode).toBe(201);
    expect(post.headers.location).toMatch(new RegExp(`/api/v1/produto/produtos/${post.json().id}$`));
    expect(post.json().generoId).toBe('33');
  });

  it('DELETE answers 200, or 409 with reasons when the row is in use', async () => {
    const marca = (await get('/api/v1/produto/marcas?q=descricao==Aurora')).json().items[0];
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/v1/produto/marcas/${marca.id}`, headers: h });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reasons[0]).toMatch(/produtos/);
    const nova = await t.app.inject({
      method: 'POST',
      url: '/api/v1/produto/marcas',
      headers: h,
      payload: { descricao: 'Marca descartável' },
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/produto/marcas/${nova.json().id}`, headers: h });
    expect(del.statusCode).toBe(200);
  });

  it('unique keys answer 409 naming the field', async () => {
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/produto/marcas',
      headers: h,
      payload: { descricao: '  aurora ' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().reasons).toEqual(['Descrição: Valor já cadastrado.']);
  });

  it('GET /api/v1/setor and /api/v1/holdings answer {items}', async () => {
    for (const url of ['/api/v1/setor', '/api/v1/holdings']) {
      const r = (await get(url)).json();
      expect(Object.keys(r), url).toEqual(['items']);
      expect(r.items.length).toBeGreaterThan(0);
    }
  });

  it('fornecedor accepts the integration address as enderecos[0] and keeps its contacts', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pessoa/fornecedores',
      headers: h,
      payload: {
        tipoDePessoa: 'J',
        numeroDoDocumento: '12.ABC.345/01DE-35',
        nome: 'Fornecedor Alfanumérico Ltda',
        fantasia: 'Alfa',
        enderecos: [
          { cep: '80010000', uf: 'PR', codigoIbge: '4106902', logradouro: 'Rua XV de Novembro', numeroEndereco: '100' },
        ],
        contatos: [{ tipo: 'WHATSAPP', nome: 'Vendas', valor: '41999990000' }],
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      numeroDoDocumento: '12ABC34501DE35',
      endereco: { municipio: 'Curitiba', numero: '100' },
      contatos: [{ tipo: 'WHATSAPP' }],
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pessoa/fornecedores',
      headers: h,
      payload: {
        tipoDePessoa: 'J',
        numeroDoDocumento: '60914833000191',
        nome: 'X',
        fantasia: 'X',
        endereco: { uf: 'SP', codigoIbge: '4106902' },
      },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('NCM search', () => {
  // its speed (well under 100 ms) is measured by bench/, not asserted here: a shared test machine is noisy
  it('by code prefix and by accent-insensitive description', async () => {
    const pref = (await get('/api/v1/fiscal/ncms?q=id==3303*;digitos==8&sort=id')).json();
    expect(pref.items.map((i: { id: string }) => i.id)).toContain('33030020');
    const desc = (await get('/api/v1/fiscal/ncms?q=descricao==*aguas-de-colonia*')).json();
    expect(desc.items.map((i: { id: string }) => i.id)).toContain('33030020');
  });
});

describe('export', () => {
  it('CSV and XLSX honour the filter and sort', async () => {
    const csv = await get('/api/v1/produto/produtos/export?format=csv&q=descricao==*o*&sort=-id');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const total = (await get('/api/v1/produto/produtos?q=descricao==*o*')).json().total;
    expect(lines.length).toBe(total + 1);
    expect(lines[0]).toContain('Descrição');
    const xlsx = await get('/api/v1/produto/marcas/export?format=xlsx&sort=descricao');
    expect(xlsx.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const nomes = ws
      .getColumn(ws.getRow(1).values && (ws.getRow(1).values as string[]).indexOf('Descrição'))
      .values.slice(2);
    expect(nomes).toEqual(['Aurora', 'Bosque', 'Maré']);
    expect((await get('/api/v1/produto/marcas/export?format=pdf')).statusCode).toBe(400);
  });
});
