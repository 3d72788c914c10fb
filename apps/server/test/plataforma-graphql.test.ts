/** /api/v1/graphql over the registers: same permission, tenant and limits as REST (spec §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { type LoginResult, login } from './helpers/auth';

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

  it('limites: profundidade e número de campos na raiz', async () => {
    const fundo = await gql(
      ana,
      '{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }',
    );
    expect(fundo.body.errors?.[0]?.message).toBeTruthy();
    const aliases = Array.from({ length: 11 }, (_, i) => `m${i}: marca { total }`).join(' ');
    const caro = await gql(ana, `{ ${aliases} }`);
    expect(caro.body.errors[0].message).toMatch(/no máximo 10 campos/);
  });
});
