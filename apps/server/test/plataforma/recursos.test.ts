/** Learning resources (spec §3, §4, §7 GET /api/v1/recurso-aprendizagem/menus). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let beatriz: LoginResult;
let carlos: LoginResult;
beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  beatriz = await login(t, 'beatriz.fin');
  carlos = await login(t, 'carlos.fiscal');
});
afterAll(async () => t?.close());

const menus = async (u: LoginResult) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/recurso-aprendizagem/menus', headers: u.headers })).json();

describe('recursos de aprendizagem', () => {
  it('demo: /planoPagamento tem um recurso, visível a quem abre a tela', async () => {
    const lista = await menus(beatriz);
    expect(lista).toEqual([expect.objectContaining({ menuId: '/planoPagamento', titulo: expect.any(String) })]);
    // carlos has no PERM_PLANO_PAGAMENTO_ACESSO: the screen is not his, neither is the resource
    expect(await menus(carlos)).toEqual([]);
    const marta = await login(t, 'marta.admin', 'mercadao.localhost');
    expect(await menus(marta)).toEqual([]);
  });

  it('dispensar tira o recurso da lista daquele usuário só', async () => {
    const [r] = await menus(beatriz);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recurso-aprendizagem/${r.id}/dispensar`,
      headers: beatriz.headers,
    });
    expect(res.json()).toEqual({ id: r.id, dispensado: true });
    expect(await menus(beatriz)).toEqual([]);
    expect(await menus(ana)).toHaveLength(1);
  });

  it('administradores mantêm o cadastro; menuId precisa ser uma tela do menu', async () => {
    const novo = {
      menuId: '/historicoPadrao',
      titulo: 'Histórico padrão',
      conteudo: 'Use históricos para os lançamentos.',
    };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/recurso-aprendizagem',
          headers: beatriz.headers,
          payload: novo,
        })
      ).statusCode,
    ).toBe(403);
    const ruim = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recurso-aprendizagem',
      headers: ana.headers,
      payload: { ...novo, menuId: '/naoExiste', conteudo: '' },
    });
    expect(ruim.statusCode).toBe(422);
    expect(ruim.json().reasons).toHaveLength(2);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recurso-aprendizagem',
      headers: ana.headers,
      payload: novo,
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().id;
    expect(ok.headers.location).toBe(`/api/v1/recurso-aprendizagem/${id}`);
    expect(await menus(beatriz)).toEqual([expect.objectContaining({ menuId: '/historicoPadrao' })]);
    const antigo = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/recurso-aprendizagem/${id}`,
      headers: ana.headers,
      payload: { ...novo, versao: 99 },
    });
    expect(antigo.statusCode).toBe(409);
    const inativo = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/recurso-aprendizagem/${id}`,
      headers: ana.headers,
      payload: { ...novo, ativo: false, versao: 1 },
    });
    expect(inativo.json()).toMatchObject({ ativo: false, versao: 2 });
    expect(await menus(beatriz)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/recurso-aprendizagem/${id}`, headers: ana.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/recurso-aprendizagem/${id}`, headers: ana.headers }))
        .statusCode,
    ).toBe(404);
  });
});
