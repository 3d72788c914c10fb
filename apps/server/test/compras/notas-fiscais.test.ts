/**
 * Purchase invoices and conferência through HTTP: the NF-e XML entry (preview, layout, chave digit, supplier,
 * matching by GTIN and by the supplier's reference, duplicate → 409), the typed entry, the confirmation
 * (ENTRADA_NF at the entry cost), the conferência (single count, the SDK's batch in JSON and XML, close with
 * divergences), the reads as the integrations use them and the legacy cookie search.
 */
import { hojeNaZona } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { DEMO_SENHA, type LoginResult, login } from '../helpers/auth';
import { type Amostra, chaveComDigitoErrado, chaveDaAmostra, NAO_NFE, nfeXml } from './nfe.amostras';

let t: TestApp;
let elisa: LoginResult;
const ref: Record<string, number> = {};
const txt: Record<string, string> = {};

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await tenantQuery<T>(t.ownerUrl, ref.assinante!, text, params)).rows;
}

const hoje = () => hojeNaZona('America/Sao_Paulo');

beforeAll(async () => {
  t = await createTestApp();
  elisa = await login(t, 'elisa.compras');
  const [bv02] = (
    await adminQuery<{ id: number; assinante_id: number; doc: string }>(
      t.ownerUrl,
      `select l.id, l.assinante_id, l.numero_do_documento as doc from loja l join assinante a on a.id = l.assinante_id
        where l.sigla = 'BV02' and a.nome = 'Bela Vida'`,
    )
  ).rows;
  ref.bv02 = bv02!.id;
  ref.assinante = bv02!.assinante_id;
  txt.loja = bv02!.doc.replace(/\D/g, '');
  const [f] = await q<{ id: number; doc: string }>(
    `select id, numero_do_documento as doc from fornecedor where ativo order by id limit 1`,
  );
  ref.fornecedor = f!.id;
  txt.fornecedor = f!.doc.replace(/[^0-9A-Z]/gi, '');
  const eans = await q<{ produto_id: number; ean: string }>(
    `select c.produto_id, c.id as ean from codigo_auxiliar c join produto p on p.id = c.produto_id
       left join unidade u on u.id = p.unidade_de_venda_id
      where c.tipo = 'EAN' and c.ativo and p.ativo and c.fator = 1 and not coalesce(u.permite_fracionamento, false)
      order by c.produto_id limit 3`,
  );
  ref.p1 = eans[0]!.produto_id;
  txt.ean1 = eans[0]!.ean;
  ref.p2 = eans[1]!.produto_id;
  txt.ean2 = eans[1]!.ean;
  ref.p3 = eans[2]!.produto_id;
  // the supplier's own code for p3, a box of 6
  await q(
    `insert into produto_fornecedor (produto_id, fornecedor_id, referencia, embalagem) values ($1, $2, 'FX-900', 6)
     on conflict (assinante_id, produto_id, fornecedor_id) do update set referencia = 'FX-900', embalagem = 6`,
    [ref.p3, ref.fornecedor],
  );
});
afterAll(async () => t?.close());

const amostra = (numero: number, extra: Partial<Amostra> = {}): Amostra => ({
  emitente: txt.fornecedor!,
  destinatario: txt.loja!,
  serie: 1,
  numero,
  dhEmi: `${hoje()}T08:30:00-03:00`,
  itens: [
    {
      cProd: 'A1',
      cEAN: txt.ean1,
      xProd: 'Item um',
      qCom: '10.0000',
      vUnCom: '2.5000000000',
      vProd: '25.00',
      vIPI: '1.25',
    },
    { cProd: 'B2', cEAN: txt.ean2, xProd: 'Item dois', qCom: '4', vUnCom: '10.00', vProd: '40.00', vICMSST: '2.00' },
    { cProd: 'FX-900', xProd: 'Caixa com 6', qCom: '2', vUnCom: '30.00', vProd: '60.00' },
  ],
  duplicatas: [
    { nDup: '001', dVenc: '2099-01-30', vDup: '64.25' },
    { nDup: '002', dVenc: '2099-02-28', vDup: '64.00' },
  ],
  ...extra,
});

const enviarXml = (xml: string, query = '', who = elisa) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/compra/notas-fiscais/xml?lojaId=${ref.bv02}${query}`,
    headers: {
      ...who.headers,
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="nfe.xml"',
    },
    payload: Buffer.from(xml, 'utf8'),
  });
const contar = async () => (await q<{ n: number }>(`select count(*)::int as n from nota_fiscal_compra`))[0]!.n;
const movimentosDa = (nota: number) =>
  q<{ produto_id: number; quantidade: string; custo: string; tipo: string }>(
    `select produto_id, trim_scale(quantidade)::text as quantidade, trim_scale(custo_unitario)::text as custo, tipo
       from movimento_estoque where documento_tipo = 'NOTA_FISCAL_COMPRA' and documento_id = $1 order by produto_id`,
    [String(nota)],
  );

describe('nota fiscal de compra pelo XML da NF-e', () => {
  let notaId = 0;
  it('prévia: 200 + Previa, itens casados (GTIN e referência do fornecedor com fator), nada gravado', async () => {
    const antes = await contar();
    const r = await enviarXml(nfeXml(amostra(1001)), '&previa=true');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers.previa).toBe('true');
    const n = r.json();
    expect(n).toMatchObject({
      status: 'DIGITADA',
      origem: 'XML',
      numeroNota: 1001,
      serie: '1',
      valorDoDocumento: '128.25',
    });
    expect(n.chaveDaNfe).toBe(chaveDaAmostra(amostra(1001)));
    expect(n.itens.map((i: { produtoId: number }) => i.produtoId)).toEqual([ref.p1, ref.p2, ref.p3]);
    // the box of 6: 2 boxes are 12 units at (60.00) / 12
    expect(n.itens[2]).toMatchObject({ fator: '6', quantidade: '12', custoUnitario: '5' });
    // IPI in the cost: (25.00 + 1.25) / 10; ICMS-ST too: (40 + 2) / 4
    expect(n.itens[0].custoUnitario).toBe('2.625');
    expect(n.itens[1].custoUnitario).toBe('10.5');
    expect(n.arquivoId).toBeNull();
    expect(await contar()).toBe(antes);
  });

  it('lança: 201 + Location, tributos por item e parcelas das duplicatas', async () => {
    const r = await enviarXml(nfeXml(amostra(1001)));
    expect(r.statusCode, r.body).toBe(201);
    notaId = r.json().id;
    expect(r.headers.location).toBe(`/api/v1/compra/notas-fiscais/${notaId}`);
    // the XML as sent stays with the invoice, bound to it in the upload kit
    const xml = await t.app.inject({ url: `/api/v1/arquivos/${r.json().arquivoId}`, headers: elisa.headers });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(chaveDaAmostra(amostra(1001)));
    const [vinculo] = await q<{ documento: string; expira_em: string | null }>(
      'select documento, expira_em from arquivo_enviado where id = $1',
      [r.json().arquivoId],
    );
    expect(vinculo).toEqual({ documento: `nota-compra:${notaId}`, expira_em: null });
    const g = await t.app.inject({ url: `/api/v1/compra/notas-fiscais?q=numeroNota==1001`, headers: elisa.headers });
    expect(g.statusCode, g.body).toBe(200);
    const nota = g.json().items[0];
    expect(nota).toMatchObject({ lojaId: ref.bv02, fornecedorId: ref.fornecedor, numeroNota: 1001, valorIpi: '1.25' });
    expect(nota.dataEmissao).toBe(`${hoje()}T08:30:00`);
    expect(nota.itens[0]).toMatchObject({
      cstIcms: '10',
      aliquotaIcms: '12',
      cstIpi: '50',
      valorIpi: '1.25',
      cstPis: '01',
    });
    expect(nota.parcelas).toEqual([
      { numero: '001', vencimento: '2099-01-30', valor: '64.25' },
      { numero: '002', vencimento: '2099-02-28', valor: '64.00' },
    ]);
  });

  it('a mesma NF-e de novo: 409 (chave única) com a nota existente', async () => {
    const r = await enviarXml(nfeXml(amostra(1001)));
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toMatch(/já foi lançada/);
    expect(r.headers.location).toBe(`/api/v1/compra/notas-fiscais/${notaId}`);
  });

  it('chave com dígito errado, XML que não é NF-e, fornecedor sem cadastro: 422 em português, nada gravado', async () => {
    const antes = await contar();
    const errada = amostra(1002);
    const r1 = await enviarXml(nfeXml({ ...errada, chave: chaveComDigitoErrado(errada) }));
    expect(r1.statusCode, r1.body).toBe(422);
    expect(r1.json().erros).toEqual([expect.objectContaining({ campo: 'chaveDaNfe' })]);
    const r2 = await enviarXml(NAO_NFE);
    expect(r2.statusCode).toBe(422);
    expect(r2.json().reasons.join(' ')).toMatch(/não é o XML de uma NF-e/);
    const r3 = await enviarXml('isto não é xml <');
    expect(r3.statusCode).toBe(422);
    const r4 = await enviarXml(nfeXml(amostra(1003, { emitente: '11222333000181' })));
    expect(r4.statusCode).toBe(422);
    expect(r4.json().reasons.join(' ')).toMatch(/não está cadastrado/);
    const r5 = await enviarXml(
      nfeXml(
        amostra(1004, { itens: [{ cProd: 'ZZ-1', xProd: 'Desconhecido', qCom: '1', vUnCom: '1', vProd: '1.00' }] }),
      ),
    );
    expect(r5.statusCode).toBe(422);
    expect(r5.json().reasons.join(' ')).toMatch(/ZZ-1 — Desconhecido/);
    expect(await contar()).toBe(antes);
  });

  it('confirma: ENTRADA_NF ao custo de entrada de cada item; confirmar de novo é 409', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/v1/compra/notas-fiscais/${notaId}/confirmar`,
      headers: elisa.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().status).toBe('CONFIRMADA');
    const m = await movimentosDa(notaId);
    expect(m).toEqual(
      expect.arrayContaining([
        { produto_id: ref.p1, quantidade: '10', custo: '2.625', tipo: 'ENTRADA_NF' },
        { produto_id: ref.p3, quantidade: '12', custo: '5', tipo: 'ENTRADA_NF' },
      ]),
    );
    const de2 = await t.app.inject({
      method: 'POST',
      url: `/api/v1/compra/notas-fiscais/${notaId}/confirmar`,
      headers: elisa.headers,
    });
    expect(de2.statusCode).toBe(409);
  });

  it('quem só consulta não lança: 403 antes de ler o arquivo', async () => {
    const gabi = await login(t, 'gabi.consulta');
    expect((await enviarXml(nfeXml(amostra(1005)), '', gabi)).statusCode).toBe(403);
  });
});

describe('nota digitada e conferência', () => {
  let notaId = 0;
  let confId = 0;
  const digitada = (extra: Record<string, unknown> = {}) => ({
    lojaId: ref.bv02,
    fornecedorId: ref.fornecedor,
    serie: '2',
    numeroNota: 2001,
    dataEmissao: `${hoje()}T09:00:00`,
    itens: [
      { produtoId: ref.p1, quantidade: '5', valorTotal: '15.00' },
      { produtoId: ref.p2, quantidade: '3', valorTotal: '30.00', valorIpi: '3.00' },
    ],
    parcelas: [{ numero: '1', vencimento: '2099-03-01', valor: '48.00' }],
    ...extra,
  });
  const post = (url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...elisa.headers, ...headers }, payload: payload as object });

  it('digitada: parcelas que não fecham → 422; certa → 201', async () => {
    const r0 = await post(
      '/api/v1/compra/notas-fiscais',
      digitada({ parcelas: [{ numero: '1', vencimento: '2099-03-01', valor: '40' }] }),
    );
    expect(r0.statusCode, r0.body).toBe(422);
    expect(r0.json().erros[0].campo).toBe('parcelas');
    const r = await post('/api/v1/compra/notas-fiscais', digitada());
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ origem: 'DIGITACAO', valorDoDocumento: '48.00', status: 'DIGITADA' });
    notaId = r.json().id;
  });

  it('abre a conferência: 201, a nota fica EM_CONFERENCIA e não pode ser confirmada direto', async () => {
    const r = await post(`/api/v1/compra/notas-fiscais/${notaId}/conferencia`);
    expect(r.statusCode, r.body).toBe(201);
    confId = r.json().id;
    expect(r.headers.location).toBe(`/api/v1/compra/conferencias/${confId}`);
    expect(r.json().itens).toHaveLength(2);
    const c = await post(`/api/v1/compra/notas-fiscais/${notaId}/confirmar`);
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toMatch(/feche a conferência/);
  });

  it('conta um produto pelo EAN (soma ao já contado); produto fora da nota → 422', async () => {
    const r = await post(`/api/v1/compra/conferencias/${confId}/produtos`, { codigo: txt.ean1, quantidade: '2' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ produtoId: ref.p1, quantidade: '2' });
    const fora = await post(`/api/v1/compra/conferencias/${confId}/produtos`, { produtoId: ref.p3, quantidade: 1 });
    expect(fora.statusCode).toBe(422);
  });

  it('lote do SDK em JSON e em XML (até 50): cada item à parte, ResultParamList', async () => {
    const j = await post(
      `/api/v1/compra/conferencias/${confId}/produtos/lote`,
      {
        items: [
          { locator: '0', entity: { produtoId: ref.p1, quantidade: '2' } },
          { locator: '1', entity: { produtoId: ref.p3, quantidade: '1' } },
        ],
      },
      { 'idempotency-key': 'conf-lote-1' },
    );
    expect(j.statusCode, j.body).toBe(201);
    expect(j.json().successes).toEqual([{ locator: '0', location: `/api/v1/compra/conferencias/${confId}/produtos` }]);
    expect(j.json().errors[0].locator).toBe('1');
    // the same batch again replays: nothing counted twice
    const rep = await post(
      `/api/v1/compra/conferencias/${confId}/produtos/lote`,
      { items: [{ locator: '0', entity: { produtoId: ref.p1, quantidade: '2' } }] },
      { 'idempotency-key': 'conf-lote-1' },
    );
    expect(rep.statusCode).toBe(201);
    const x = await t.app.inject({
      method: 'POST',
      url: `/api/v1/compra/conferencias/${confId}/produtos/lote`,
      headers: { ...elisa.headers, 'content-type': 'application/xml', accept: 'application/xml' },
      payload: `<paramlist><items><item><locator>0</locator><entity><produtoId>${ref.p2}</produtoId><quantidade>2</quantidade></entity></item></items></paramlist>`,
    });
    expect(x.statusCode, x.body).toBe(201);
    expect(x.body).toMatch(/<ResultParamList><successes><success><locator>0<\/locator><location>/);
    const g = await t.app.inject({ url: `/api/v1/compra/conferencias/${confId}`, headers: elisa.headers });
    expect(g.json().itens).toEqual([
      expect.objectContaining({ produtoId: ref.p1, quantidadeNota: '5', quantidadeContada: '4', diferenca: '-1' }),
      expect.objectContaining({ produtoId: ref.p2, quantidadeNota: '3', quantidadeContada: '2', diferenca: '-1' }),
    ]);
  });

  it('fecha: divergências registradas, entrada do que foi contado, a nota CONFIRMADA', async () => {
    const r = await post(`/api/v1/compra/conferencias/${confId}/fechar`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'FECHADA', divergencias: 2 });
    const m = await movimentosDa(notaId);
    expect(m.map((x) => [x.produto_id, x.quantidade])).toEqual(
      [
        [ref.p1, '4'],
        [ref.p2, '2'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // the cost stays the invoice's per unit: (30 + 3) / 3
    expect(m.find((x) => x.produto_id === ref.p2)!.custo).toBe('11');
    const n = await t.app.inject({ url: `/api/v1/compra/notas-fiscais/${notaId}`, headers: elisa.headers });
    expect(n.json().status).toBe('CONFIRMADA');
    expect(n.json().itens.map((i: { quantidadeRecebida: string }) => i.quantidadeRecebida)).toEqual(['4', '2']);
    const l = await t.app.inject({ url: `/api/v1/compra/conferencias?q=status==FECHADA`, headers: elisa.headers });
    expect(l.json().items.map((c: { id: number }) => c.id)).toContain(confId);
    const de2 = await post(`/api/v1/compra/conferencias/${confId}/fechar`);
    expect(de2.statusCode).toBe(409);
  });
});

describe('dados de demonstração', () => {
  it('notas confirmadas (com entrada no estoque), uma digitada e uma em conferência aberta', async () => {
    const r = await t.app.inject({
      url: '/api/v1/compra/notas-fiscais?q=numeroNota=in=(48211,7730,112,48240)',
      headers: elisa.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
    const status = Object.fromEntries(
      r.json().items.map((n: { numeroNota: number; status: string }) => [n.numeroNota, n.status]),
    );
    expect(status).toEqual({ 48211: 'CONFIRMADA', 7730: 'CONFIRMADA', 112: 'DIGITADA', 48240: 'EM_CONFERENCIA' });
    const confirmada = r.json().items.find((n: { numeroNota: number }) => n.numeroNota === 48211);
    expect((await movimentosDa(confirmada.id)).length).toBe(confirmada.itens.length);
    const c = await t.app.inject({ url: '/api/v1/compra/conferencias?q=status==ABERTA', headers: elisa.headers });
    expect(c.json().items[0].itens.some((i: { diferenca: string }) => i.diferenca !== '0')).toBe(true);
  });
});

describe('chamada legada com cookie', () => {
  it('GET /notaFiscalCompra/pesquisa?filtro.notaFiscal.numeroDoDocumento=N responde JSON', async () => {
    const entrar = await t.app.inject({
      method: 'POST',
      url: '/j_spring_security_check',
      headers: { host: 'belavida.localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `j_username=elisa.compras&j_password=${encodeURIComponent(DEMO_SENHA)}`,
    });
    expect(entrar.statusCode, entrar.body).toBe(200);
    const cookie = String(entrar.headers['set-cookie']).split(';')[0]!;
    const r = await t.app.inject({
      url: '/notaFiscalCompra/pesquisa?filtro.notaFiscal.numeroDoDocumento=1001&filtro.skipPagina=0&filtro.pageSize=100&filtro.totalPagina=-1&filtro.ordem=DATADAEMISSAO&filtro.direcao=desc',
      headers: { host: 'belavida.localhost', cookie },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.json().items).toEqual([expect.objectContaining({ numeroNota: 1001, chaveDaNfe: expect.any(String) })]);
    const sem = await t.app.inject({
      url: '/notaFiscalCompra/pesquisa?filtro.notaFiscal.numeroDoDocumento=1001',
      headers: { host: 'belavida.localhost' },
    });
    expect(sem.statusCode).toBe(401);
  });
});
