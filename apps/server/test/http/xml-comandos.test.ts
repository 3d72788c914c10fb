/**
 * Commands in XML as the vendor SDK sends them (api-compat "Content negotiation"): `<Ajuste>` with every value a
 * string, the items repeated or wrapped, a single `<values>`-style list; the answer's root named by the command
 * (`Ajuste`, also for the read of the created resource), never `Object`; the same adjustment reads back in JSON.
 */
import { hojeNaZona, zonaDaLoja } from '@retaguarda/domain';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseXmlBody } from '../../src/plugins/xml';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
const ref = { loja: 0, assinante: 0, local: 0, tipo: 0, p1: 0, p2: 0 };
const XML = { 'content-type': 'application/xml', accept: 'application/xml' };

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  const [loja] = (
    await adminQuery<{ id: number; a: number; uf: string; codigoIbge: string | null }>(
      t.ownerUrl,
      `select l.id, l.assinante_id as a, l.uf, l.codigo_ibge as "codigoIbge" from loja l
         join assinante s on s.id = l.assinante_id
        where l.sigla = 'BV02' and s.nome = 'Bela Vida'`,
    )
  ).rows;
  ref.loja = loja!.id;
  zona = zonaDaLoja(loja!);
  ref.assinante = loja!.a;
  const q = async <T extends Record<string, unknown>>(sql: string) =>
    (await tenantQuery<T>(t.ownerUrl, ref.assinante, sql, [ref.loja])).rows;
  ref.local = (await q<{ id: number }>(`select id from local_estoque where loja_id = $1 and tipo = 'LOJA'`))[0]!.id;
  ref.tipo = (
    await q<{ id: number }>(
      `select id from tipo_ajuste where tipo = 'ENTRADA' and not exige_observacao and $1::int is not null`,
    )
  )[0]!.id;
  const prods = await q<{ id: number }>(
    `select p.id from produto p join unidade u on u.id = p.unidade_de_venda_id
      where p.ativo and not u.permite_fracionamento and $1::int is not null order by p.id limit 2`,
  );
  ref.p1 = prods[0]!.id;
  ref.p2 = prods[1]!.id;
});
afterAll(() => t?.close());

let zona = '';
/** The store's own day: from 00:00 to 03:00 UTC the UTC date is already tomorrow in Brazil (a future movement). */
const hoje = () => hojeNaZona(zona);
const ler = (xml: string) => new XMLParser({ parseTagValue: false }).parse(xml);

describe('comandos em XML (SDK do fornecedor)', () => {
  it("the SDK's XML adjustment (every value a string, items repeated) → 201, reads back in XML and JSON", async () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?><Ajuste><lojaId>${ref.loja}</lojaId><localId>${ref.local}</localId>
      <tipoDeOperacao>ENTRADA</tipoDeOperacao><tipoDeAjusteId>${ref.tipo}</tipoDeAjusteId>
      <dataDaMovimentacao>${hoje()}T10:00:00</dataDaMovimentacao><confirmarDataAntiga>false</confirmarDataAntiga>
      <observacao>via SDK</observacao>
      <itens><produtoId>${ref.p1}</produtoId><quantidade>3</quantidade><custoUnitario/></itens>
      <itens><produtoId>${ref.p2}</produtoId><quantidade>1</quantidade></itens></Ajuste>`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/estoque/ajustes',
      headers: { ...ana.headers, ...XML },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/xml/);
    const criado = ler(res.body);
    expect(Object.keys(criado)).toEqual(['?xml', 'Ajuste']);
    const id = String(res.headers.location).split('/').pop();
    expect(criado.Ajuste.id).toBe(id);

    const xml = await t.app.inject({ url: `/api/v1/estoque/ajustes/${id}`, headers: { ...ana.headers, ...XML } });
    expect(xml.statusCode).toBe(200);
    const lido = ler(xml.body).Ajuste;
    expect(lido.observacao).toBe('via SDK');
    const json = await t.app.inject({ url: `/api/v1/estoque/ajustes/${id}`, headers: ana.headers });
    expect(json.json()).toMatchObject({
      lojaId: ref.loja,
      tipoDeOperacao: 'ENTRADA',
      observacao: 'via SDK',
      itens: [
        { produtoId: ref.p1, quantidade: '3.0000' },
        { produtoId: ref.p2, quantidade: '1.0000' },
      ].sort((a, b) => a.produtoId - b.produtoId),
    });
  });

  it('one item wrapped or written once is a list; a single <values> is a list; bad text keeps its message', () => {
    const contrato = z.object({
      lojaId: z.number(),
      ativo: z.boolean().optional(),
      itens: z.array(z.object({ produtoId: z.number(), quantidade: z.string() })),
      entidades: z.object({ values: z.array(z.string()) }).optional(),
      codigos: z.array(z.number()).optional(),
    });
    const um = parseXmlBody(
      `<Ajuste><lojaId>7</lojaId><ativo>true</ativo><itens><produtoId>1</produtoId><quantidade>2</quantidade></itens>
        <entidades><values>PRODUTO</values></entidades><codigos><item>5</item></codigos></Ajuste>`,
      undefined,
      contrato,
    );
    expect(um).toEqual({
      lojaId: 7,
      ativo: true,
      itens: [{ produtoId: 1, quantidade: '2' }],
      entidades: { values: ['PRODUTO'] },
      codigos: [5],
    });
    const embrulhado = parseXmlBody(
      `<Ajuste><lojaId>x</lojaId><itens><item><produtoId>1</produtoId><quantidade>2</quantidade></item></itens></Ajuste>`,
      undefined,
      contrato,
    );
    expect(embrulhado).toEqual({ lojaId: 'x', itens: [{ produtoId: 1, quantidade: '2' }] });
    expect(contrato.safeParse(embrulhado).success).toBe(false);
  });
});
