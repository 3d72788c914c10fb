/**
 * The NFC-e monitor's reads through HTTP, over the demo's ~300 notes (demo-nfce.ts): the spec's default
 * screen, the cards under the same filter, rejection reasons, the "faixa" gaps and voided range of BV02,
 * informações do cupom (items with taxes, payments, events), XML and DANFE, the store-local day (a Manaus
 * store's day is its own), bad input (chave check digit, period), permission and store scope; and the upload
 * normalising the POS's status with an EMISSAO event.
 */
import { hojeNaZona, montarChaveAcesso, somarDias, ZONA_PADRAO } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INUTILIZADA_DEMO, LACUNA_DEMO, REJEICOES_DEMO } from '../../db/seed/demo-nfce';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { cupom, enviar, prepararPdv, q, ref } from '../venda/pdv-vendas.support';

let t: TestApp;
let carlos: LoginResult; // fiscal, every store
let gabi: LoginResult; // every *_ACESSO, BV01 only
let diego: LoginResult; // stock, no monitor permission

beforeAll(async () => {
  t = await createTestApp();
  [carlos, gabi, diego] = await Promise.all([
    login(t, 'carlos.fiscal'),
    login(t, 'gabi.consulta'),
    login(t, 'diego.estoque'),
  ]);
  await prepararPdv(t);
});
afterAll(async () => t?.close());

const get = (who: LoginResult, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const hoje = () => hojeNaZona(ZONA_PADRAO);
const mes = () => `dataInicio=${somarDias(hoje(), -29)}&dataFim=${hoje()}`;

describe('NFC-e monitor reads', () => {
  it('the default screen: rejected notes of the last 7 days in every store, newest first', async () => {
    const r = await get(carlos, '/api/v1/fiscal/nfce/documentos?status=REJEITADA');
    expect(r.statusCode, r.body).toBe(200);
    const { items, total } = r.json();
    const [rej] = await q<{ n: number }>(
      `select count(*)::int as n from documento_nfce where status = 'REJEITADA' and data between $1::date - 6 and $1::date`,
      [hoje()],
    );
    expect(total).toBe(rej!.n);
    for (const d of items) {
      expect(d.status).toBe('REJEITADA');
      expect(d.dataEmissao.slice(0, 10) >= somarDias(hoje(), -6)).toBe(true);
    }
    const datas = items.map((d: { dataEmissao: string }) => d.dataEmissao);
    expect([...datas].sort().reverse()).toEqual(datas);
  });

  it('the demo mix over 30 days, and the cards count under the same filter as the grid', async () => {
    const r = await get(carlos, `/api/v1/fiscal/nfce/cartoes?${mes()}`);
    expect(r.statusCode, r.body).toBe(200);
    const cartoes = Object.fromEntries(
      r.json().items.map((c: { status: string; quantidade: number }) => [c.status, c.quantidade]),
    );
    const total = Object.values(cartoes as Record<string, number>).reduce((s, n) => s + n, 0);
    expect(total).toBeGreaterThanOrEqual(295);
    expect(cartoes.AUTORIZADA / total).toBeGreaterThan(0.88);
    for (const s of ['CANCELADA', 'REJEITADA', 'CONTINGENCIA', 'DENEGADA']) expect(cartoes[s]).toBeGreaterThan(0);
    expect(r.json().items).toHaveLength(7);
    // a card's count is the grid's total with that status (card dates as the spec sends them)
    const cartao = `dataInicial=${somarDias(hoje(), -29)}T00:00:00Z&dataFinal=${hoje()}T23:59:59Z`;
    for (const s of ['REJEITADA', 'CANCELADA']) {
      const g = await get(carlos, `/api/v1/fiscal/nfce/documentos?${cartao}&status=${s}&count=1`);
      expect(g.json().total).toBe(cartoes[s]);
    }
  });

  it('rejection reasons present are the demo codes; filtering by one narrows the rejected notes', async () => {
    const r = await get(carlos, `/api/v1/fiscal/nfce/motivos-rejeicao?${mes()}`);
    expect(r.statusCode, r.body).toBe(200);
    const codigos = r.json().items.map((m: { codigo: number }) => m.codigo);
    expect(codigos.length).toBeGreaterThan(1);
    for (const c of codigos) expect(REJEICOES_DEMO.map(([n]) => n)).toContain(c);
    const alvo = codigos[0];
    const g = await get(carlos, `/api/v1/fiscal/nfce/documentos?${mes()}&status=REJEITADA&motivosRejeicao=${alvo}`);
    expect(g.json().total).toBe(r.json().items[0].quantidade);
    for (const d of g.json().items) expect(d.cStat).toBe(alvo);
  });

  it('faixa: BV02 série 1 shows the gap 130–131 to void and the voided 120–125 as such', async () => {
    const r = await get(carlos, `/api/v1/fiscal/nfce/faixas?${mes()}&lojas=${ref.BV02}`);
    expect(r.statusCode, r.body).toBe(200);
    const { items, series } = r.json();
    expect(items).toContainEqual(
      expect.objectContaining({
        serie: LACUNA_DEMO.serie,
        numeroInicial: LACUNA_DEMO.inicial,
        numeroFinal: LACUNA_DEMO.final,
        quantidade: 2,
        situacao: 'LACUNA',
        numeroCaixa: 21,
      }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({
        numeroInicial: INUTILIZADA_DEMO.inicial,
        numeroFinal: INUTILIZADA_DEMO.final,
        situacao: 'INUTILIZADA',
      }),
    );
    expect(items.filter((i: { situacao: string }) => i.situacao === 'LACUNA')).toHaveLength(1);
    expect(series[0]).toMatchObject({ loja: 'BV02', serie: 1, lacunas: 2, inutilizados: 6 });
    // an explicit range: the numbers before the first used are gaps too; a range without gaps has none
    const faixa = await get(
      carlos,
      `/api/v1/fiscal/nfce/faixas?${mes()}&lojas=${ref.BV02}&numeroDocumentoMinimo=126&numeroDocumentoMaximo=140`,
    );
    expect(
      faixa.json().items.map((i: { numeroInicial: number; numeroFinal: number }) => [i.numeroInicial, i.numeroFinal]),
    ).toEqual([[130, 131]]);
  });

  it('informações do cupom: header, items with NCM/CFOP/CST and rates, payments, events, QR code; XML and DANFE', async () => {
    const lista = await get(carlos, `/api/v1/fiscal/nfce/documentos?${mes()}&status=CANCELADA&count=1`);
    const chave = lista.json().items[0].chave;
    const r = await get(carlos, `/api/v1/fiscal/nfce/documentos/${chave}`);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json();
    expect(d.documento).toMatchObject({ chave, status: 'CANCELADA', modelo: '65', serie: 1, cStat: 135 });
    expect(d.documento.qrCodeUrl).toContain(chave);
    expect(d.itens.length).toBeGreaterThan(0);
    for (const i of d.itens) {
      expect(i.ncm).toMatch(/^\d{8}$/);
      expect(i.cfop).toMatch(/^5\d{3}$/);
      expect(i.cst ?? i.csosn).toBeTruthy();
    }
    expect(d.pagamentos.length).toBeGreaterThan(0);
    expect(d.eventos.map((e: { tipo: string }) => e.tipo)).toEqual(['EMISSAO', 'CANCELAMENTO']);
    const xml = await get(carlos, `/api/v1/fiscal/nfce/documentos/${chave}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain(chave);
    const danfe = await get(carlos, `/api/v1/fiscal/nfce/documentos/${chave}/danfe`);
    expect(danfe.statusCode).toBe(200);
    expect(danfe.headers['content-type']).toBe('application/pdf');
    expect(danfe.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // a rejected note has no XML from the POS: a Portuguese 404
    const rej = (await get(carlos, `/api/v1/fiscal/nfce/documentos?${mes()}&status=REJEITADA&count=1`)).json().items[0];
    const semXml = await get(carlos, `/api/v1/fiscal/nfce/documentos/${rej.chave}/xml`);
    expect(semXml.statusCode).toBe(404);
    expect(semXml.json().message).toMatch(/XML/);
  });

  it('a store-local day: a Manaus note at 23:30 belongs to its own day, whatever the Z says', async () => {
    const dia = somarDias(hoje(), -40);
    const [bv03] = await q<{ id: number; cnpj: string }>(
      `select id, numero_do_documento as cnpj from loja where sigla = 'BV03'`,
    );
    await q(`update loja set uf = 'AM', codigo_ibge = '1302603' where id = $1`, [bv03!.id]);
    const chave = montarChaveAcesso({
      cUF: '13',
      aamm: `${dia.slice(2, 4)}${dia.slice(5, 7)}`,
      cnpj: bv03!.cnpj,
      modelo: '65',
      serie: 9,
      numero: 1,
      tpEmis: 1,
      cNF: '12345678',
    });
    await q(
      `insert into documento_nfce (chave, cupom_id, data, loja_id, serie, numero, tp_emis, status, c_stat, x_motivo,
         emissao_local, numero_caixa, valor) values ($1, 0, $2::date, $3, 9, 1, 1, 'REJEITADA', 778, 'NCM inexistente',
         ($2 || ' 23:30:00')::timestamp, 1, 10)`,
      [chave, dia, bv03!.id],
    );
    const noDia = await get(
      carlos,
      `/api/v1/fiscal/nfce/documentos?lojas=${bv03!.id}&dataInicial=${dia}T00:00:00Z&dataFinal=${dia}T23:59:59Z&status=REJEITADA`,
    );
    expect(noDia.json().items.map((d: { chave: string }) => d.chave)).toEqual([chave]);
    const seguinte = await get(
      carlos,
      `/api/v1/fiscal/nfce/documentos?lojas=${bv03!.id}&dataInicial=${somarDias(dia, 1)}T00:00:00Z&dataFinal=${somarDias(dia, 1)}T23:59:59Z`,
    );
    expect(seguinte.json().total).toBe(0);
    // the whole chave finds it on any day
    const porChave = await get(carlos, `/api/v1/fiscal/nfce/documentos?chaveNfce=${chave}`);
    expect(porChave.json().total).toBe(1);
  });

  it('bad input: a chave with a wrong check digit, a period upside down, an unknown status → Portuguese 4xx', async () => {
    const chave = (await get(carlos, `/api/v1/fiscal/nfce/documentos?${mes()}&count=1`)).json().items[0]
      .chave as string;
    const errada = `${chave.slice(0, 43)}${(Number(chave[43]) + 1) % 10}`;
    const d = await get(carlos, `/api/v1/fiscal/nfce/documentos/${errada}`);
    expect(d.statusCode).toBe(422);
    expect(d.json().reasons.join(' ')).toMatch(/dígito verificador/);
    const f = await get(carlos, `/api/v1/fiscal/nfce/documentos?chaveNfce=${errada}`);
    expect(f.statusCode).toBe(422);
    expect(f.json().erros).toContainEqual(expect.objectContaining({ campo: 'chaveNfce' }));
    const p = await get(carlos, `/api/v1/fiscal/nfce/cartoes?dataInicio=${hoje()}&dataFim=${somarDias(hoje(), -3)}`);
    expect(p.statusCode).toBe(422);
    expect(p.json().reasons.join(' ')).toMatch(/data final/i);
    expect((await get(carlos, '/api/v1/fiscal/nfce/documentos?status=XPTO')).statusCode).toBe(400);
  });

  it('permission and store scope: BV01 only sees BV01; another store is 403 by name, its note 404', async () => {
    expect((await get(diego, '/api/v1/fiscal/nfce/documentos')).statusCode).toBe(403);
    const r = await get(gabi, `/api/v1/fiscal/nfce/documentos?${mes()}&count=500`);
    expect(r.statusCode).toBe(200);
    expect(r.json().total).toBeGreaterThan(0);
    for (const d of r.json().items) expect(d.lojaId).toBe(ref.BV01);
    const fora = await get(gabi, `/api/v1/fiscal/nfce/cartoes?lojas=${ref.BV02}`);
    expect(fora.statusCode).toBe(403);
    expect(fora.json().message).toContain('BV02');
    const dela = (await get(carlos, `/api/v1/fiscal/nfce/documentos?${mes()}&lojas=${ref.BV02}&count=1`)).json()
      .items[0];
    expect((await get(gabi, `/api/v1/fiscal/nfce/documentos/${dela.chave}`)).statusCode).toBe(404);
    const faixa = await get(gabi, `/api/v1/fiscal/nfce/faixas?${mes()}`);
    for (const s of faixa.json().series) expect(s.lojaId).toBe(ref.BV01);
    const total = await get(gabi, '/api/v1/fiscal/nfce/rejeitadas');
    const [n] = await q<{ n: number }>(
      `select count(*)::int as n from documento_nfce where status = 'REJEITADA' and loja_id = $1`,
      [ref.BV01],
    );
    expect(total.json()).toEqual({ total: n!.n });
  });

  it('export: the grid under the filter as XLSX and PDF through the report engine; a bad sort is 400', async () => {
    for (const formato of ['xlsx', 'pdf']) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/v1/fiscal/nfce/documentos/relatorio?${mes()}&status=REJEITADA&sort=numero&formato=${formato}`,
        headers: carlos.headers,
      });
      expect(r.statusCode, r.body).toBe(202);
      const id = r.json().id as string;
      let status = 'PROCESSANDO';
      for (let i = 0; i < 300 && status === 'PROCESSANDO'; i++) {
        const b = (await get(carlos, `/api/v1/relatorios/${id}`)).json();
        status = b.status;
        if (status === 'ERRO') throw new Error(b.mensagemErro);
        if (status === 'PROCESSANDO') await new Promise((ok) => setTimeout(ok, 100));
      }
      expect(status).toBe('PRONTO');
      const arquivo = await get(carlos, `/api/v1/relatorios/${id}/arquivo`);
      expect(arquivo.statusCode).toBe(200);
      expect(arquivo.rawPayload.subarray(0, 2).toString()).toBe(formato === 'pdf' ? '%P' : 'PK');
    }
    const ruim = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fiscal/nfce/documentos/relatorio?sort=chave;drop',
      headers: carlos.headers,
    });
    expect(ruim.statusCode).toBe(400);
    // another store's is 403, as on the grid
    const fora = await t.app.inject({
      method: 'POST',
      url: `/api/v1/fiscal/nfce/documentos/relatorio?lojas=${ref.BV02}`,
      headers: gabi.headers,
    });
    expect(fora.statusCode).toBe(403);
  });

  it('the upload normalises the POS status by the cStat and starts the timeline with EMISSAO', async () => {
    const dia = '2026-11-20';
    const chave = montarChaveAcesso({
      cUF: '41',
      aamm: '2611',
      cnpj: '41553872000164',
      modelo: '65',
      serie: 3,
      numero: 77,
      tpEmis: 1,
      cNF: '87654321',
    });
    const r = await enviar(await login(t, 'ana.admin'), [
      {
        ...cupom(),
        nfce: { serie: 3, numero: 77, chave, status: 'pendente', cStat: 100, protocolo: '141260000000777' },
      },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const [doc] = await q<{ status: string; data: string }>(
      `select status, to_char(data, 'YYYY-MM-DD') as data from documento_nfce where chave = $1`,
      [chave],
    );
    expect(doc).toEqual({ status: 'AUTORIZADA', data: dia });
    const eventos = await q<{ tipo: string; status: string }>(`select tipo, status from evento_nfce where chave = $1`, [
      chave,
    ]);
    expect(eventos).toEqual([{ tipo: 'EMISSAO', status: 'AUTORIZADA' }]);
  });
});
