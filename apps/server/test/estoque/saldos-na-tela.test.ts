/**
 * The Saldo de estoque screen's reads (#27.9): GET /api/v1/estoque/saldos carries the names the table shows
 * (product code and description, unit and its decimals, store, location) and filters by section;
 * GET /api/v1/estoque/saldos/totais sums per store what the same filters select, in the caller's stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let diego: LoginResult;

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  diego = await login(t, 'diego.estoque');
});
afterAll(async () => t?.close());

const get = (quem: LoginResult, url: string) => t.app.inject({ method: 'GET', url, headers: quem.headers });

describe('saldos na tela', () => {
  it('os itens trazem os nomes e as casas da unidade; a seção filtra', async () => {
    const r = await get(ana, '/api/v1/estoque/saldos?count=50');
    expect(r.statusCode, r.body).toBe(200);
    const corpo = r.json();
    expect(corpo.total).toBeGreaterThan(0);
    const item = corpo.items[0];
    expect(item.produtoDescricao).toEqual(expect.any(String));
    expect(item.produtoCodigo).toEqual(expect.any(String));
    expect(item.lojaSigla).toMatch(/^BV/);
    expect(item.localDescricao).toEqual(expect.any(String));
    expect(item.casasDecimais).toEqual(expect.any(Number));
    const secao = item.secaoId as number;
    const porSecao = await get(ana, `/api/v1/estoque/saldos?count=1000&q=secaoId==${secao}`);
    expect(porSecao.statusCode, porSecao.body).toBe(200);
    expect(porSecao.json().items.every((i: { secaoId: number }) => i.secaoId === secao)).toBe(true);
    const ontem = await get(ana, `/api/v1/estoque/saldos?count=5&q=secaoId==${secao}&data=2026-01-01`);
    expect(ontem.statusCode, ontem.body).toBe(200);
  });

  it('totais por loja: somam o que os filtros selecionam, nas lojas do usuário', async () => {
    const lista = (await get(ana, '/api/v1/estoque/saldos?count=1')).json();
    const r = await get(ana, '/api/v1/estoque/saldos/totais');
    expect(r.statusCode, r.body).toBe(200);
    const totais = r.json().items as { lojaId: number; lojaSigla: string; itens: number; valorTotal: string }[];
    expect(totais.length).toBeGreaterThan(1);
    expect(totais.reduce((s, x) => s + x.itens, 0)).toBe(lista.total);
    const uma = totais[0]!;
    const daLoja = (await get(ana, `/api/v1/estoque/saldos?count=1000&q=lojaId==${uma.lojaId}`)).json();
    expect(daLoja.total).toBe(uma.itens);
    const soma = daLoja.items.reduce(
      (s: number, i: { valorTotal: string }) => s + Math.round(Number(i.valorTotal) * 100),
      0,
    );
    if (daLoja.total <= 1000) expect(Math.round(Number(uma.valorTotal) * 100)).toBe(soma);
    const deDiego = (await get(diego, '/api/v1/estoque/saldos/totais')).json().items as { lojaSigla: string }[];
    expect(deDiego.length).toBeGreaterThan(0);
    expect(deDiego.length).toBeLessThan(totais.length);
    expect((await get(ana, '/api/v1/estoque/saldos/totais?q=nome==x')).statusCode).toBe(400);
  });
});
