/** /api/v1/graphql over the registers: same permission, tenant and limits as REST (spec §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
});
afterAll(async () => t?.close());

async function gql(u: LoginResult | null, query: string, variables?: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/graphql',
    headers: u?.headers ?? {},
    payload: { query, variables },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('graphql', () => {
  it('exige login', async () => {
    expect((await gql(null, '{ eumesmo { username } }')).status).toBe(401);
  });

  it('usuário atual e um cadastro paginado, com o mesmo total da API REST', async () => {
    const { status, body } = await gql(
      ana,
      'query($n: Int) { eumesmo { username administrador } marca(count: $n, sort: "descricao") { total count items { id descricao } } }',
      { n: 2 },
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.eumesmo).toEqual({ username: 'ana.admin', administrador: true });
    const rest = (
      await t.app.inject({ method: 'GET', url: '/api/v1/produto/marcas?count=1000', headers: ana.headers })
    ).json();
    expect(body.data.marca.total).toBe(rest.total);
    expect(body.data.marca.count).toBe(Math.min(2, rest.total));
    const um = await gql(ana, `{ marcaPorId(id: "${body.data.marca.items[0].id}") { descricao } }`);
    expect(um.body.data.marcaPorId.descricao).toBe(body.data.marca.items[0].descricao);
  });

  it('filtro RSQL e assinante: cada um vê só as próprias marcas', async () => {
    const marta = await login(t, 'marta.admin', 'mercadao.localhost');
    const bela = await gql(ana, '{ marca(q: "descricao==Aurora") { total items { descricao } } }');
    expect(bela.body.data.marca).toEqual({ total: 1, items: [{ descricao: 'Aurora' }] });
    const mercadao = await gql(marta, '{ marca(q: "descricao==Aurora") { total } }');
    expect(mercadao.body.data.marca.total).toBe(0);
  });

  it('sem a permissão do cadastro: erro com a mensagem da API, sem dados', async () => {
    const diego = await login(t, 'diego.estoque');
    const { body } = await gql(diego, '{ marca { total } }');
    expect(body.data).toBeNull();
    expect(body.errors[0].message).toMatch(/^Você não tem permissão para acessar ou alterar/);
  });

  it('limites: número de consultas ao banco na raiz, com apelidos', async () => {
    const aliases = Array.from({ length: 11 }, (_, i) => `m${i}: marca { total }`).join(' ');
    const caro = await gql(ana, `{ ${aliases} }`);
    expect(caro.status).toBe(400);
    expect(caro.body.message).toMatch(/no máximo 10 consultas/);
  });

  it('fragmentos não escondem campos: 10 000 consultas num fragmento em linha são recusadas antes de executar', async () => {
    const campos = Array.from({ length: 10_000 }, (_, i) => `m${i}: marca { total }`).join(' ');
    const inicio = Date.now();
    const res = await gql(ana, `{ ...on Query { ${campos} } }`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Consulta GraphQL/);
    expect(Date.now() - inicio).toBeLessThan(5_000);
    const nomeado = Array.from({ length: 11 }, (_, i) => `n${i}: marca { total }`).join(' ');
    const viaNomeado = await gql(ana, `query { ...F } fragment F on Query { ${nomeado} }`);
    expect(viaNomeado.status).toBe(400);
    expect(viaNomeado.body.message).toMatch(/no máximo 10 consultas/);
  });

  it('o custo conta linhas × campos: apelidos dentro de items de uma página de 100', async () => {
    const campos = Array.from({ length: 600 }, (_, i) => `d${i}: descricao`).join(' ');
    const res = await gql(ana, `query($n: Int) { marca(count: $n) { items { ${campos} } } }`, { n: 100 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/custo/);
    // the same selection on a page of 10 fits the budget
    const ok = await gql(ana, `query($n: Int) { marca(count: $n) { items { ${campos} } } }`, { n: 10 });
    expect(ok.status).toBe(200);
    expect(ok.body.errors).toBeUndefined();
  });

  it('introspecção desligada sem configuração; __typename continua', async () => {
    const res = await gql(ana, '{ __schema { types { name } } }');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/introspecção/i);
    const tipo = await gql(ana, '{ __typename eumesmo { username } }');
    expect(tipo.status).toBe(200);
    expect(tipo.body.data.__typename).toBe('Query');
  });

  it('variáveis malformadas: 400, não 500', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/v1/graphql?query=${encodeURIComponent('query($n: Int) { marca(count: $n) { total } }')}&variables=%7Bnao-json`,
      headers: ana.headers,
    });
    expect(get.statusCode).toBe(400);
    expect(get.json().message).toMatch(/variáveis/);
    for (const variables of ['{"n":', 5, [1, 2], 'null-ish']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/graphql',
        headers: ana.headers,
        payload: { query: 'query($n: Int) { marca(count: $n) { total } }', variables },
      });
      expect(res.statusCode, JSON.stringify(variables)).toBe(400);
    }
    const tipoErrado = await gql(ana, 'query($n: Int) { marca(count: $n) { total } }', { n: 'muitos' });
    expect(tipoErrado.status).toBe(400);
  });

  it('por usuário: consultas simultâneas além do limite recebem 429, as demais respondem', async () => {
    const dez = Array.from({ length: 10 }, (_, i) => `m${i}: marca(count: 100) { total items { id descricao } }`);
    const respostas = await Promise.all(Array.from({ length: 12 }, () => gql(ana, `{ ${dez.join(' ')} }`)));
    const codigos = respostas.map((r) => r.status);
    expect(codigos.filter((c) => c === 429).length).toBeGreaterThan(0);
    for (const r of respostas.filter((x) => x.status === 200)) expect(r.body.data.m9.total).toBeGreaterThan(0);
    // another user of the same tenant is not held back by ana's burst
    expect((await gql(await login(t, 'carlos.fiscal'), '{ eumesmo { username } }')).status).toBe(200);
  });
});
