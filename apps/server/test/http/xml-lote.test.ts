/**
 * Replays the vendor SDK's XML calls (api-compat "Content negotiation" and "Batch protocol"):
 * login and refresh answering ResultToken, lists as ResultList, bare arrays as Objects, entity
 * roots, errors as ErrorResponse, XML bodies validated exactly like JSON ones, and the paramlist
 * batch on codigos-auxiliares with per-item results.
 */
import { gtinComDigito } from '@retaguarda/domain';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { createRegistersApp, headersFor } from '../registers/support';
import { CNPJS } from '../registers/samples';

let t: TestApp;
let json: Record<string, string>;
let xmlH: Record<string, string>;
const XML = { accept: 'application/xml', 'content-type': 'application/xml' };
const parse = (s: string) => new XMLParser({ parseTagValue: false }).parse(s);

beforeAll(async () => {
  t = await createRegistersApp();
  json = await headersFor(t, 'ana.admin');
  // the SDK sends the bare token
  xmlH = { host: 'localhost', authorization: json.authorization!.replace(/^Bearer /, ''), ...XML };
});
afterAll(() => t.close());

const inject = (method: string, url: string, payload?: string, headers = xmlH) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) });

describe('XML: session', () => {
  it('POST /api/auth (JSON body labelled XML) and GET /api/refresh answer ResultToken', async () => {
    const r = await inject('POST', '/api/auth', JSON.stringify({ username: 'ana.admin', password: 'Demo@1234' }), {
      host: 'localhost',
      ...XML,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/xml/);
    const tok = parse(r.body).ResultToken;
    expect(tok.accessToken).toMatch(/\S{20,}/);
    expect(tok.refreshToken).toMatch(/\S{20,}/);
    const ref = await inject('GET', '/api/refresh', undefined, {
      host: 'localhost',
      accept: 'application/xml',
      authorization: tok.refreshToken,
    });
    expect(ref.statusCode, ref.body).toBe(200);
    expect(parse(ref.body).ResultToken.accessToken).toMatch(/\S{20,}/);
  });

  it('a refused login answers ErrorResponse with the same message as JSON', async () => {
    const body = JSON.stringify({ username: 'ana.admin', password: 'errada' });
    const x = await inject('POST', '/api/auth', body, { host: 'localhost', ...XML });
    const j = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: body,
    });
    expect(x.statusCode).toBe(j.statusCode);
    expect(parse(x.body).ErrorResponse.message).toBe(j.json().message);
  });
});

describe('XML: registers', () => {
  it('lists answer ResultList{start,count,total,items/*} with the same numbers as JSON', async () => {
    const url = '/api/v1/fiscal/ncms?q=id==3304*&sort=id&start=1&count=3';
    const x = parse((await inject('GET', url)).body).ResultList;
    const j = (await t.app.inject({ url, headers: json })).json();
    expect(Number(x.count)).toBe(j.count);
    expect(Number(x.total)).toBe(j.total);
    expect(Number(x.start)).toBe(1);
    expect(x.items.Ncm.map((i: { id: string }) => i.id)).toEqual(j.items.map((i: { id: string }) => i.id));
  });

  it('create (XML body) → 201 + Location; GET → Produto; PUT of the object as read → 200', async () => {
    const secao = (
      await t.app.inject({ method: 'POST', url: '/api/v1/produto/secoes', headers: json, payload: { descricao: 'Sx' } })
    ).json().id;
    const c = await inject(
      'POST',
      '/api/v1/produto/produtos',
      '<?xml version="1.0"?><Produto><descricao>Sabonete &amp; Cia</descricao><pesoBruto>0.125</pesoBruto><controlaEstoque>false</controlaEstoque></Produto>',
    );
    expect(c.statusCode, c.body).toBe(201);
    const id = String(c.headers.location).split('/').pop();
    const created = parse(c.body).Produto;
    expect(created.id).toBe(id);
    expect(created.descricao).toBe('Sabonete & Cia');
    expect(created.controlaEstoque).toBe('false');

    const g = await inject('GET', `/api/v1/produto/produtos/${id}`);
    expect(g.statusCode).toBe(200);
    const read: string = g.body;
    expect(read).toContain('<Produto>');
    // C3: the full object as read, secaoId changed, sent back as XML
    const put = await inject(
      'PUT',
      `/api/v1/produto/produtos/${id}`,
      read.replace(/<secaoId\/>|<secaoId>[^<]*<\/secaoId>/, `<secaoId>${secao}</secaoId>`),
    );
    expect(put.statusCode, put.body).toBe(200);
    const after = (await t.app.inject({ url: `/api/v1/produto/produtos/${id}`, headers: json })).json();
    expect(after.secaoId).toBe(secao);
    expect(after.descricao).toBe('Sabonete & Cia');
    expect(after.pesoBruto).toMatch(/^0\.125/);
  });

  it('an invalid XML body gets the same 422 reasons as the JSON body (ErrorResponse/reasons/*)', async () => {
    const x = await inject('POST', '/api/v1/produto/produtos', '<Produto><pesoBruto>abc</pesoBruto></Produto>');
    const j = await t.app.inject({
      method: 'POST',
      url: '/api/v1/produto/produtos',
      headers: json,
      payload: { pesoBruto: 'abc' },
    });
    expect(x.statusCode).toBe(422);
    const err = parse(x.body).ErrorResponse;
    expect(err.message).toBe(j.json().message);
    expect([err.reasons.reason].flat()).toEqual(j.json().reasons);
  });

  it('list fields and child rows travel as wrapped lists (lojasIds, contatos)', async () => {
    const lojas = (await t.app.inject({ url: '/api/v1/pessoa/lojas?sort=id', headers: json })).json().items;
    const m = await inject(
      'POST',
      '/api/v1/produto/mix',
      `<Mix><descricao>Mix XML</descricao><lojasIds><item>${lojas[0].id}</item><item>${lojas[1].id}</item></lojasIds></Mix>`,
    );
    expect(m.statusCode, m.body).toBe(201);
    expect(parse(m.body).Mix.lojasIds.item).toEqual([String(lojas[0].id), String(lojas[1].id)]);
    const f = await inject(
      'POST',
      '/api/v1/pessoa/fornecedores',
      `<Fornecedor><tipoDePessoa>J</tipoDePessoa><numeroDoDocumento>${CNPJS[19]}</numeroDoDocumento><nome>Forn XML</nome><fantasia>Forn</fantasia>
       <contatos><contato><tipo>EMAIL</tipo><valor>a@b.com.br</valor></contato></contatos></Fornecedor>`,
    );
    expect(f.statusCode, f.body).toBe(201);
    const id = String(f.headers.location).split('/').pop();
    const back = (await t.app.inject({ url: `/api/v1/pessoa/fornecedores/${id}`, headers: json })).json();
    expect(back.contatos).toEqual([expect.objectContaining({ tipo: 'EMAIL', valor: 'a@b.com.br' })]);
  });

  it('bare arrays answer Objects/*; a price by id answers Preco; unknown paths and 401 answer ErrorResponse', async () => {
    const preco = (await t.app.inject({ url: '/api/v1/produto/precos?count=1', headers: json })).json().items[0];
    const objs = await inject('GET', `/api/v1/produto/produtos/${preco.produtoId}/precos`);
    expect(objs.statusCode).toBe(200);
    const o = parse(objs.body).Objects;
    expect([o.Preco].flat().map((p: { id: string }) => Number(p.id))).toContain(preco.id);
    expect(parse((await inject('GET', `/api/v1/produto/precos/${preco.id}`)).body).Preco.lojaId).toBe(
      String(preco.lojaId),
    );
    const nf = await inject('GET', '/api/v1/nada-aqui');
    expect(nf.statusCode).toBe(404);
    expect(parse(nf.body).ErrorResponse.message).toMatch(/\S/);
    const anon = await inject('GET', '/api/v1/produto/produtos', undefined, { host: 'localhost', ...XML });
    expect(anon.statusCode).toBe(401);
    expect(parse(anon.body).ErrorResponse.message).toMatch(/\S/);
  });

  it('malformed XML and DTDs are refused with 400; JSON clients still get JSON', async () => {
    const bad = await inject('POST', '/api/v1/produto/marcas', '<Marca><descricao>x</Marca>');
    expect(bad.statusCode).toBe(400);
    expect(parse(bad.body).ErrorResponse.message).toBe('O corpo da requisição não é um XML válido.');
    const dtd = await inject(
      'POST',
      '/api/v1/produto/marcas',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Marca><descricao>&a;</descricao></Marca>',
    );
    expect(dtd.statusCode).toBe(400);
    const j = await t.app.inject({ url: '/api/v1/produto/marcas', headers: json });
    expect(j.headers['content-type']).toMatch(/application\/json/);
    const browser = await t.app.inject({
      url: '/api/v1/produto/marcas',
      headers: { ...json, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('batch (paramlist) on codigos-auxiliares', () => {
  const item = (locator: number, codigo: string) =>
    `<item><locator>${locator}</locator><entity><id>${codigo}</id><tipo>EAN</tipo><fator>1</fator><eanTributado>true</eanTributado></entity></item>`;

  it('each item is validated like a single POST; good items are kept, bad ones listed by locator', async () => {
    const produto = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/produto/produtos',
        headers: json,
        payload: { descricao: 'Lote' },
      })
    ).json().id;
    const ok1 = gtinComDigito('789100000101');
    const ok2 = gtinComDigito('789100000102');
    const wrong = `${ok1.slice(0, 12)}${(Number(ok1[12]) + 1) % 10}`;
    const url = `/api/v1/produto/produtos/${produto}/codigos-auxiliares`;
    const r = await inject(
      'POST',
      url,
      `<paramlist><items>${item(0, ok1)}${item(1, wrong)}${item(2, ok2)}</items></paramlist>`,
    );
    expect(r.statusCode, r.body).toBe(201);
    const res = parse(r.body).ResultParamList;
    const locations = [res.successes.success].flat().map((s: { location: string }) => s.location);
    expect(locations).toEqual([`${url}/${ok1}`, `${url}/${ok2}`]);
    const errors = [res.errors.error].flat();
    expect(errors).toHaveLength(1);
    expect(errors[0].locator).toBe('1');
    expect(String([errors[0].reasons.reason].flat()[0])).toMatch(/dígito verificador/);
    const rows = (await t.app.inject({ url, headers: json })).json().items.map((i: { id: string }) => i.id);
    expect(rows.sort()).toEqual([ok1, ok2].sort());
    // a repeated code fails as a single POST would (409 reasons), nothing else changes
    const again = await inject('POST', url, `<paramlist><items>${item(0, ok1)}</items></paramlist>`);
    expect(again.statusCode).toBe(422);
    const e = parse(again.body).ResultParamList;
    expect(e.message).toBe('Nenhum item do lote foi gravado.');
    expect(e.errors.error.locator).toBe('0');
  });

  it('the JSON form of the envelope works too; empty and oversized batches are refused', async () => {
    const produto = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/produto/produtos',
        headers: json,
        payload: { descricao: 'Lote J' },
      })
    ).json().id;
    const url = `/api/v1/produto/produtos/${produto}/codigos-auxiliares`;
    const codigo = gtinComDigito('789100000201');
    const r = await t.app.inject({
      method: 'POST',
      url,
      headers: json,
      payload: { paramlist: { items: [{ locator: '0', entity: { id: codigo, tipo: 'EAN' } }] } },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toEqual({ successes: [{ locator: '0', location: `${url}/${codigo}` }], errors: [] });
    const empty = await inject('POST', url, '<paramlist><items/></paramlist>');
    expect(empty.statusCode).toBe(422);
    expect(parse(empty.body).ErrorResponse.message).toBe('O lote está vazio.');
    const many = Array.from({ length: 501 }, (_, i) => item(i, gtinComDigito(String(789200000000 + i)))).join('');
    const big = await inject('POST', url, `<paramlist><items>${many}</items></paramlist>`);
    expect(big.statusCode).toBe(422);
    expect((await t.app.inject({ url, headers: json })).json().total).toBe(1);
  });

  it('the batch keeps the permission of a single POST (gabi.consulta: 403)', async () => {
    const gabi = await headersFor(t, 'gabi.consulta');
    const r = await inject('POST', '/api/v1/produto/codigos-auxiliares', '<paramlist><items/></paramlist>', {
      host: 'localhost',
      authorization: gabi.authorization!,
      ...XML,
    });
    expect(r.statusCode).toBe(403);
  });
});
