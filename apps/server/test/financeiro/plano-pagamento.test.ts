/**
 * Planos de pagamento and condições de pagamento da loja through HTTP (domain.md §2.1): the franchise guard
 * (Mercadão's administrator gets 403), the grid's rules (each bad input a Portuguese 422 on its field, nothing
 * saved), the operation fixed once created, 409 on a stale save and on an overlapping condition, store scope,
 * and what a POS may offer today (`/vigentes`).
 */
import { gerarParcelas, hojeNaZona, MSG_TIPO_CLIENTE } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

const PLANOS = '/api/v1/financeiro/planos-pagamento';
const CONDICOES = '/api/v1/financeiro/condicoes-pagamento-loja';

let t: TestApp;
let bea: Record<string, string>;
let marta: Record<string, string>;
let lojas: Record<string, number>;
let cielo: number;
let banco: number;

const get = (url: string, headers = bea) => t.app.inject({ url, headers });
const post = (url: string, payload: object, headers = bea) => t.app.inject({ method: 'POST', url, headers, payload });
const put = (url: string, payload: object, headers = bea) => t.app.inject({ method: 'PUT', url, headers, payload });

const credito3x = (over: Record<string, unknown> = {}) => ({
  operacao: 'VENDA',
  descricao: 'Crédito 3x s/ juros',
  tipoPagamento: 'CARTAO_CREDITO',
  quantidadeParcelas: 3,
  diasPrimeiraParcela: 30,
  intervaloDias: 30,
  parcelas: gerarParcelas({ quantidadeParcelas: 3, diasPrimeiraParcela: 30, intervaloDias: 30 }),
  agenteFinanceiroId: cielo,
  taxaAdministracao: '3.49',
  prazoRecebimentoDias: 30,
  valorMinimoParcela: '30',
  disponivelPdv: true,
  ...over,
});

async function planos(): Promise<number> {
  const r = await adminQuery<{ n: number }>(t.ownerUrl, 'select count(*)::int as n from plano_pagamento');
  return r.rows[0]!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  bea = (await login(t, 'beatriz.fin')).headers;
  marta = (await login(t, 'marta.admin', 'mercadao.localhost')).headers;
  const admin = (await login(t, 'ana.admin')).headers;
  const l = await get('/api/v1/pessoa/lojas?count=10', admin);
  lojas = Object.fromEntries(l.json().items.map((x: { sigla: string; id: number }) => [x.sigla, x.id]));
  const ag = await get(`/api/v1/financeiro/agentes-financeiros?count=50`, admin);
  const agentes = ag.json().items as { id: number; descricao: string }[];
  cielo = agentes.find((a) => a.descricao === 'Cielo')!.id;
  banco = agentes.find((a) => a.descricao === 'Banco do Brasil')!.id;
});
afterAll(() => t.close());

describe('plano de pagamento', () => {
  let id: number;

  it('beatriz.fin creates "Crédito 3x s/ juros": 201 + Location, listed on the Venda tab by RSQL', async () => {
    const r = await post(PLANOS, credito3x());
    expect(r.statusCode, r.body).toBe(201);
    id = r.json().id;
    expect(r.headers.location).toBe(`${PLANOS}/${id}`);
    expect(r.json()).toMatchObject({ versao: 1, operacao: 'VENDA', quantidadeParcelas: 3 });
    expect(r.json().parcelas.map((x: { percentual: string }) => x.percentual)).toEqual(['33.33', '33.33', '33.34']);
    const venda = await get(`${PLANOS}?q=${encodeURIComponent('operacao==VENDA;descricao==*3x s/*')}&sort=-id`);
    expect(venda.json().items.map((x: { id: number }) => x.id)).toEqual([id]);
    const compra = await get(`${PLANOS}?q=${encodeURIComponent('operacao==COMPRA')}`);
    expect(compra.json().items.map((x: { descricao: string }) => x.descricao)).toEqual(
      expect.arrayContaining(['30/60/90 DDL', '28 DDL']),
    );
  });

  it('refuses each bad input with a Portuguese 422 on its field, and saves nothing', async () => {
    const antes = await planos();
    const p = credito3x().parcelas;
    const casos: [Record<string, unknown>, string, RegExp][] = [
      [{ parcelas: p.map((x, i) => (i ? x : { ...x, percentual: '33.333' })) }, 'parcelas[0].percentual', /2 casas/],
      [{ parcelas: p.map((x, i) => (i === 2 ? { ...x, percentual: '33.33' } : x)) }, 'parcelas', /99,99 %.*0,01 %/],
      [{ parcelas: p.map((x, i) => (i === 2 ? { ...x, percentual: '33.35' } : x)) }, 'parcelas', /100,01 %.*0,01 %/],
      [{ quantidadeParcelas: 0 }, 'quantidadeParcelas', /mínimo 1/],
      [{ quantidadeParcelas: 100 }, 'quantidadeParcelas', /máximo 99/],
      [{ diasPrimeiraParcela: -1 }, 'diasPrimeiraParcela', /mínimo 0/],
      [{ parcelas: p.map((x, i) => (i ? x : { ...x, dias: -30 })) }, 'parcelas[0].dias', /mínimo 0/],
      [{ taxaAdministracao: '100.01' }, 'taxaAdministracao', /máximo 100/],
      [{ agenteFinanceiroId: banco }, 'agenteFinanceiroId', /não é uma adquirente/],
      [{ agenteFinanceiroId: null }, 'agenteFinanceiroId', /adquirente/],
      [{ operacao: 'COMPRA', descricao: 'Compra 3x', jurosMensal: '1' }, 'jurosMensal', /venda/],
    ];
    for (const [over, campo, msg] of casos) {
      const r = await post(PLANOS, credito3x({ descricao: 'Plano recusado', ...over }));
      expect(r.statusCode, `${campo}: ${r.body}`).toBe(422);
      const erro = r.json().erros.find((e: { campo: string }) => e.campo === campo);
      expect(erro?.mensagem, `${campo}: ${r.body}`).toMatch(msg);
    }
    expect(await planos()).toBe(antes);
  });

  it('the operation is fixed after creation; a stale versao is a 409', async () => {
    const lido = (await get(`${PLANOS}/${id}`)).json();
    const mudou = await put(`${PLANOS}/${id}`, { ...lido, operacao: 'COMPRA' });
    expect(mudou.statusCode).toBe(422);
    expect(mudou.json().erros[0]).toMatchObject({ campo: 'operacao' });
    const ok = await put(`${PLANOS}/${id}`, { ...lido, valorMinimoOperacao: '90' });
    expect(ok.statusCode, ok.body).toBe(200);
    const velho = await put(`${PLANOS}/${id}`, { ...lido, valorMinimoOperacao: '80' });
    expect(velho.statusCode).toBe(409);
  });

  it('a TODOS tenant (Mercadão administrator) gets 403 from every route, the POS read included', async () => {
    for (const url of [PLANOS, CONDICOES, `${PLANOS}/vigentes?lojaId=1`]) {
      const r = await get(url, marta);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().message).toMatch(/somente para clientes do tipo franquia \(BOTICARIO\)/);
    }
    const r = await post(PLANOS, credito3x({ descricao: 'Plano Mercadão', agenteFinanceiroId: null }), marta);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MSG_TIPO_CLIENTE.somenteFranquia('planos de pagamento'));
  });

  describe('condição da loja and what the POS may offer', () => {
    let condicao: number;
    const hoje = hojeNaZona('America/Sao_Paulo');

    it('enables the plan at BV01; an overlapping vigência is a 409 naming the condition; other stores 403', async () => {
      const r = await post(CONDICOES, { lojaId: lojas.BV01, planoPagamentoId: id, vigenciaInicio: '2026-01-01' });
      expect(r.statusCode, r.body).toBe(201);
      condicao = r.json().id;
      const sobre = await post(CONDICOES, {
        lojaId: lojas.BV01,
        planoPagamentoId: id,
        vigenciaInicio: '2027-01-01',
        vigenciaFim: '2027-12-31',
      });
      expect(sobre.statusCode).toBe(409);
      expect(sobre.json().message).toContain(`condição ${condicao} para a loja BV01`);
      const fora = await post(CONDICOES, { lojaId: lojas.BV03, planoPagamentoId: id, vigenciaInicio: '2026-01-01' });
      expect(fora.statusCode).toBe(403);
      expect(fora.json().erros[0]).toMatchObject({ campo: 'lojaId' });
      const max = await post(CONDICOES, {
        lojaId: lojas.BV02,
        planoPagamentoId: id,
        vigenciaInicio: '2026-01-01',
        maxParcelas: 4,
      });
      expect(max.statusCode).toBe(422);
      expect(max.json().erros[0]).toMatchObject({ campo: 'maxParcelas' });
    });

    it('vigentes: the plans in force at the store on its date, with parcels and fees', async () => {
      const r = await get(`${PLANOS}/vigentes?lojaId=${lojas.BV01}&operacao=VENDA`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ lojaId: lojas.BV01, data: hoje, operacao: 'VENDA' });
      const meu = r.json().items.find((x: { id: number }) => x.id === id);
      expect(meu).toMatchObject({
        tPag: '03',
        maxParcelas: 3,
        taxaAdministracao: '3.4900',
        agenteFinanceiro: { id: cielo, descricao: 'Cielo' },
        condicao: { id: condicao, vigenciaInicio: '2026-01-01', vigenciaFim: null },
      });
      expect(meu.parcelas).toHaveLength(3);
      // the demo plans of the store (crediário only at BV01–BV03); purchase plans are never offered at the POS
      const nomes = r.json().items.map((x: { descricao: string }) => x.descricao);
      expect(nomes).toEqual(expect.arrayContaining(['À vista', 'Débito', 'Crédito 6x', 'Crediário 3x 2 % a.m.']));
      expect(nomes).not.toContain('30/60/90 DDL');
      const bv04 = await t.app.inject({
        url: `${PLANOS}/vigentes?lojaId=${lojas.BV04}`,
        headers: (await login(t, 'ana.admin')).headers,
      });
      expect(bv04.json().items.map((x: { descricao: string }) => x.descricao)).not.toContain('Crediário 3x 2 % a.m.');
      // before the vigência, at a store without the condition, or with the condition inactive: not offered
      const antes = await get(`${PLANOS}/vigentes?lojaId=${lojas.BV01}&data=2025-12-31`);
      expect(antes.json().items).toEqual([]);
      const bv02 = await get(`${PLANOS}/vigentes?lojaId=${lojas.BV02}`);
      expect(bv02.json().items.map((x: { id: number }) => x.id)).not.toContain(id);
      const c = (await get(`${CONDICOES}/${condicao}`)).json();
      expect((await put(`${CONDICOES}/${condicao}`, { ...c, ativo: false })).statusCode).toBe(200);
      const sem = await get(`${PLANOS}/vigentes?lojaId=${lojas.BV01}`);
      expect(sem.json().items.map((x: { id: number }) => x.id)).not.toContain(id);
    });

    it("vigentes: a store outside the caller's scope is 403, a bad query 422 on its field", async () => {
      expect((await get(`${PLANOS}/vigentes?lojaId=${lojas.BV03}`)).statusCode).toBe(403);
      const ruim = await get(`${PLANOS}/vigentes?lojaId=${lojas.BV01}&data=2026-02-30`);
      expect(ruim.statusCode).toBe(422);
      expect(ruim.json().erros[0]).toMatchObject({ campo: 'data' });
      expect((await get(`${PLANOS}/vigentes?lojaId=999999`)).statusCode).toBe(404);
    });
  });
});
