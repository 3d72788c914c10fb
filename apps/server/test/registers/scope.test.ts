/** Store scope of store-bound registers: a user sees and writes only rows of his stores (or of no store). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, type TestApp } from '../helpers/app';
import { createRegistersApp, headersFor } from './support';

let t: TestApp;
let admin: Record<string, string>;
let fabio: Record<string, string>;
let bv01: number;
let bv02: number;
beforeAll(async () => {
  t = await createRegistersApp();
  // fabio.gerente works at BV02 only; give his group the setor, produto and funcionário verbs
  await adminQuery(
    t.ownerUrl,
    `insert into grupo_permissao (assinante_id, grupo_id, permissao)
     select distinct g.assinante_id, g.id, p.codigo from usuario u join grupo_membro gm on gm.usuario_id = u.id join grupo g on g.id = gm.grupo_id
       cross join permissao p where u.username = 'fabio.gerente' and (p.codigo like 'PERM_SETOR\\_%' or p.codigo like 'PERM_PRODUTO\\_%' or p.codigo like 'PERM_FUNCIONARIO\\_%')
     on conflict do nothing`,
  );
  admin = await headersFor(t, 'ana.admin');
  fabio = await headersFor(t, 'fabio.gerente');
  const { rows } = await adminQuery<{ sigla: string; id: number }>(
    t.ownerUrl,
    `select sigla, id from loja where sigla in ('BV01', 'BV02')`,
  );
  bv01 = rows.find((r) => r.sigla === 'BV01')!.id;
  bv02 = rows.find((r) => r.sigla === 'BV02')!.id;
});
afterAll(() => t.close());

describe('store scope', () => {
  it('setores: other store invisible and unwritable; no-store rows shared', async () => {
    const outra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pessoa/setores',
      headers: admin,
      payload: { descricao: 'Setor BV01', lojaId: bv01 },
    });
    expect(outra.statusCode).toBe(201);
    const list = (await t.app.inject({ url: '/api/v1/pessoa/setores?count=100', headers: fabio })).json();
    expect(list.items.map((s: { id: number }) => s.id)).not.toContain(outra.json().id);
    expect(list.items.some((s: { lojaId: number | null }) => s.lojaId === null)).toBe(true);
    expect((await t.app.inject({ url: `/api/v1/pessoa/setores/${outra.json().id}`, headers: fabio })).statusCode).toBe(
      404,
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/pessoa/setores/${outra.json().id}`,
      headers: fabio,
      payload: { descricao: 'Tomado' },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/pessoa/setores/${outra.json().id}`,
      headers: fabio,
    });
    expect(del.statusCode).toBe(404);
    const negado = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pessoa/setores',
      headers: fabio,
      payload: { descricao: 'Setor invasor', lojaId: bv01 },
    });
    expect(negado.statusCode).toBe(403);
    const meu = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pessoa/setores',
      headers: fabio,
      payload: { descricao: 'Setor BV02', lojaId: bv02 },
    });
    expect(meu.statusCode).toBe(201);
    const mover = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/pessoa/setores/${meu.json().id}`,
      headers: fabio,
      payload: { lojaId: bv01 },
    });
    expect(mover.statusCode).toBe(403);
  });

  it('preços: only the user store prices, in lists and bare arrays', async () => {
    const p = (await t.app.inject({ url: '/api/v1/produto/produtos?q=codigoInterno==1001', headers: fabio })).json()
      .items[0];
    const bare = (await t.app.inject({ url: `/api/v1/produto/produtos/${p.id}/precos`, headers: fabio })).json();
    expect(bare.map((x: { lojaId: number }) => x.lojaId)).toEqual([bv02]);
    const all = (await t.app.inject({ url: `/api/v1/produto/produtos/${p.id}/precos`, headers: admin })).json();
    expect(all.length).toBe(4);
    const list = (await t.app.inject({ url: `/api/v1/produto/precos?q=lojaId==${bv01}`, headers: fabio })).json();
    expect(list.total).toBe(0);
  });

  it('lojas: read by any session, written by administrators only', async () => {
    const gabi = await headersFor(t, 'gabi.consulta');
    const r = await t.app.inject({ url: '/api/v1/pessoa/lojas?start=0&count=500', headers: gabi });
    expect(r.statusCode).toBe(200);
    expect(r.json().items[0]).toHaveProperty('nome');
    const l = r.json().items[0];
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/pessoa/lojas/${l.id}`,
      headers: fabio,
      payload: { fantasia: 'X' },
    });
    expect(put.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/pessoa/lojas/${l.id}`,
      headers: admin,
      payload: { fantasia: 'Shopping Curitiba' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
