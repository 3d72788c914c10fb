import { folhasMenu, type MenuEntry } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function token(username: string, host = 'localhost'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host },
    payload: { username, password: 'Demo@1234' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().accessToken as string;
}

async function get(url: string, tk: string, host = 'localhost') {
  return t.app.inject({ method: 'GET', url, headers: { host, authorization: `Bearer ${tk}` } });
}

const rotas = (menu: MenuEntry[]) => folhasMenu(menu).map((f) => f.entry.rota);

describe('GET /api/v1/menu', () => {
  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/menu', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(401);
  });

  it("lists only the caller's screens, as descricao/rota/submenu", async () => {
    const menu = (await get('/api/v1/menu', await token('beatriz.fin'))).json() as MenuEntry[];
    const r = rotas(menu);
    expect(r).toContain('/planoPagamento');
    expect(r).toContain('/conciliacaoContaCorrente');
    expect(r).not.toContain('/genero');
    expect(r).not.toContain('/atualizacao');
    expect(menu.find((e) => e.descricao === 'Financeiro')?.submenu?.map((s) => s.descricao)).toEqual([
      'Cadastro',
      'Tesouraria',
    ]);
  });

  it('hides franchise-only screens in the other tenant and shows admin screens to administrators', async () => {
    const host = 'mercadao.localhost';
    const r = rotas((await get('/api/v1/menu', await token('marta.admin', host), host)).json());
    expect(r).not.toContain('/planoPagamento');
    expect(r).toContain('/atualizacao');
    expect(r).toContain('/genero');
  });
});

describe('histórico de demonstração no menu (#27.16)', () => {
  it('só para administradores de um assinante de demonstração', async () => {
    expect(rotas((await get('/api/v1/menu', await token('ana.admin'))).json())).toContain('/historicoDemonstracao');
    expect(rotas((await get('/api/v1/menu', await token('beatriz.fin'))).json())).not.toContain(
      '/historicoDemonstracao',
    );
    // Mercadão answered only at a host of its own: a real chain as far as the product can tell
    await adminQuery(
      t.ownerUrl,
      `update assinante set hosts = '{mercado-real.localhost}' where 'mercadao.localhost' = any (hosts)`,
    );
    try {
      const host = 'mercado-real.localhost';
      const r = rotas((await get('/api/v1/menu', await token('marta.admin', host), host)).json());
      expect(r).toContain('/chavesIntegracao');
      expect(r).not.toContain('/historicoDemonstracao');
    } finally {
      await adminQuery(
        t.ownerUrl,
        `update assinante set hosts = '{mercadao.localhost}' where 'mercado-real.localhost' = any (hosts)`,
      );
    }
  });
});

describe('meu menu', () => {
  it('saves in order, drops duplicates and screens the user cannot open', async () => {
    const tk = await token('beatriz.fin');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/meu-menu',
      headers: { host: 'localhost', authorization: `Bearer ${tk}` },
      payload: [
        { rota: '/motivoDesconto' },
        { rota: '/genero' },
        { rota: '/historicoPadrao' },
        { rota: '/motivoDesconto' },
      ],
    });
    expect(put.statusCode).toBe(200);
    const lido = (await get('/api/v1/meu-menu', tk)).json() as MenuEntry[];
    expect(lido).toEqual([
      { id: '/motivoDesconto', descricao: 'Motivo de desconto', rota: '/motivoDesconto' },
      { id: '/historicoPadrao', descricao: 'Histórico padrão', rota: '/historicoPadrao' },
    ]);
    // another user of the same tenant has their own
    expect((await get('/api/v1/meu-menu', await token('ana.admin'))).json()).toEqual([]);
  });

  it('rejects a body that is not a list of entries', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/meu-menu',
      headers: { host: 'localhost', authorization: `Bearer ${await token('ana.admin')}` },
      payload: { rota: '/genero' },
    });
    expect(res.statusCode).toBe(422);
  });
});
