/** 'Histórico de alterações' on screen: GET {register path}/{id}/historico answers the audit trail as data. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let elisa: LoginResult;
let gabi: LoginResult;
let carlos: LoginResult;
let marta: LoginResult;
let marcaId: number;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as never });

beforeAll(async () => {
  t = await createTestApp();
  elisa = await login(t, 'elisa.compras');
  gabi = await login(t, 'gabi.consulta');
  carlos = await login(t, 'carlos.fiscal');
  marta = await login(t, 'marta.admin', 'mercadao.localhost');
  const criada = await inject('POST', '/api/v1/produto/marcas', elisa.headers, { descricao: 'Histórico Tela' });
  expect(criada.statusCode).toBe(201);
  marcaId = criada.json().id;
  const alterada = await inject('PUT', `/api/v1/produto/marcas/${marcaId}`, elisa.headers, {
    ...(criada.json() as object),
    descricao: 'Histórico Tela 2',
  });
  expect(alterada.statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('histórico de alterações na tela', () => {
  it('who, when, field, before → after, newest first', async () => {
    const res = await inject('GET', `/api/v1/produto/marcas/${marcaId}/historico`, gabi.headers);
    expect(res.statusCode).toBe(200);
    const h = res.json();
    expect(h.registro).toBe(`${marcaId} - Histórico Tela 2`);
    expect(h.limitado).toBe(false);
    expect(h.items.map((e: { acao: string }) => e.acao)).toEqual(['Alteração', 'Inclusão']);
    const [alteracao, inclusao] = h.items;
    expect(alteracao.usuario).toMatch(/\(elisa\.compras\)$/);
    expect(alteracao.em).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(alteracao.campos).toEqual([
      { campo: 'descricao', rotulo: 'Descrição', antes: 'Histórico Tela', depois: 'Histórico Tela 2' },
    ]);
    // creation: the filled fields, no "before"; bookkeeping (versão, alterado em) is not news
    expect(inclusao.campos).toContainEqual({
      campo: 'descricao',
      rotulo: 'Descrição',
      antes: null,
      depois: 'Histórico Tela',
    });
    expect(inclusao.campos.some((c: { campo: string }) => c.campo === 'versao')).toBe(false);
  });

  it('the register read permission, the tenant and the record decide', async () => {
    expect((await inject('GET', `/api/v1/produto/marcas/${marcaId}/historico`, carlos.headers)).statusCode).toBe(403);
    expect((await inject('GET', `/api/v1/produto/marcas/${marcaId}/historico`, marta.headers)).statusCode).toBe(404);
    const ausente = await inject('GET', '/api/v1/produto/marcas/999999/historico', gabi.headers);
    expect(ausente.statusCode).toBe(404);
    expect(ausente.json().message).toBe('Marca não encontrada.');
  });
});
