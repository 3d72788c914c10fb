/**
 * Store scope of records shared by several stores (engine, registers/store-scope.ts): a user who is
 * not an administrator changes a multi-store record only within their stores — no removing stores
 * they do not hold, no widening to other stores or to "every store" (empty), no changing or deleting
 * a record that reaches other stores. An administrator may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, type TestApp } from '../helpers/app';
import { createRegistersApp, headersFor } from '../registers/support';

let t: TestApp;
let admin: Record<string, string>;
let fabio: Record<string, string>;
let diego: Record<string, string>;
let lojas: Record<string, number>;
const MSGS = '/api/v1/pdv/mensagens-promocionais';
const SETORES = '/api/v1/estoque/setores-producao';

beforeAll(async () => {
  t = await createRegistersApp();
  // fabio.gerente (BV02) manages promotional messages; diego.estoque (BV02) production sectors
  await adminQuery(
    t.ownerUrl,
    `insert into grupo_permissao (assinante_id, grupo_id, permissao)
     select distinct g.assinante_id, g.id, p.codigo from usuario u join grupo_membro gm on gm.usuario_id = u.id
       join grupo g on g.id = gm.grupo_id cross join permissao p
      where (u.username = 'fabio.gerente' and p.codigo like 'PERM_MENSAGENS_PROMOCIONAIS\\_%')
         or (u.username = 'diego.estoque' and p.codigo like 'PERM_SETOR_PRODUCAO\\_%')
     on conflict do nothing`,
  );
  admin = await headersFor(t, 'ana.admin');
  fabio = await headersFor(t, 'fabio.gerente');
  diego = await headersFor(t, 'diego.estoque');
  const { rows } = await adminQuery(t.ownerUrl, `select sigla, id from loja where sigla like 'BV%'`);
  lojas = Object.fromEntries(rows.map((r) => [r.sigla, r.id]));
});
afterAll(() => t.close());

const todas = () => [lojas.BV01!, lojas.BV02!, lojas.BV03!, lojas.BV04!];
const msg = (over: Record<string, unknown> = {}) => ({
  titulo: 'Promoção de rede',
  texto: 'Leve 3 pague 2.',
  local: 'RODAPE_CUPOM',
  lojas: todas(),
  vigenciaInicio: '2026-11-01',
  prioridade: 1,
  ...over,
});
const put = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers, payload });

async function lojasDe(url: string): Promise<number[]> {
  return ((await t.app.inject({ url, headers: admin })).json().lojas as number[]).sort((a, b) => a - b);
}

describe('store scope of multi-store records', () => {
  let url: string;
  beforeAll(async () => {
    const r = await t.app.inject({ method: 'POST', url: MSGS, headers: admin, payload: msg() });
    expect(r.statusCode, r.body).toBe(201);
    url = `${MSGS}/${r.json().id}`;
  });

  it('the BV02 manager cannot remove stores 1, 3 and 4 from a message of stores 1-4', async () => {
    const r = await put(url, fabio, msg({ lojas: [lojas.BV02], texto: 'Só na BV02' }));
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(
      'Você não pode remover as lojas BV01, BV03, BV04: elas não estão entre as suas lojas.',
    );
    expect(r.json().erros[0].campo).toBe('lojas');
    expect(await lojasDe(url)).toEqual(todas().sort((a, b) => a - b));
  });

  it('the shared message is read-only for the manager, even keeping the other stores (architecture §7.12)', async () => {
    const r = await put(url, fabio, msg({ texto: 'Leve 4 pague 3.' }));
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json().message).toBe(
      'Você não pode alterar este registro: ele vale também para as lojas BV01, BV03, BV04, que não estão entre as suas lojas.',
    );
    expect((await t.app.inject({ url, headers: admin })).json().texto).toBe('Leve 3 pague 2.');
  });

  it('the manager cannot set "no store" (every store) nor add a store he does not hold', async () => {
    const vazio = await put(url, fabio, msg({ lojas: [] }));
    // a required store list refuses [] as a field error before the scope check
    expect([403, 422]).toContain(vazio.statusCode);
    const r = await t.app.inject({
      method: 'POST',
      url: MSGS,
      headers: fabio,
      payload: msg({ lojas: [lojas.BV02, lojas.BV03] }),
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Você não pode incluir a loja BV03: ela não está entre as suas lojas.');
    expect(await lojasDe(url)).toEqual(todas().sort((a, b) => a - b));
  });

  it('the manager cannot delete a message that reaches other stores; his own he can', async () => {
    const r = await t.app.inject({ method: 'DELETE', url, headers: fabio });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(
      'Você não pode excluir este registro: ele vale também para as lojas BV01, BV03, BV04, que não estão entre as suas lojas.',
    );
    expect((await t.app.inject({ url, headers: admin })).statusCode).toBe(200);
    const minha = await t.app.inject({
      method: 'POST',
      url: MSGS,
      headers: fabio,
      payload: msg({ lojas: [lojas.BV02] }),
    });
    expect(minha.statusCode, minha.body).toBe(201);
    const del = await t.app.inject({ method: 'DELETE', url: `${MSGS}/${minha.json().id}`, headers: fabio });
    expect(del.statusCode).toBe(200);
  });

  it('an administrator with every store removes stores and deletes', async () => {
    const r = await put(url, admin, msg({ lojas: [lojas.BV02] }));
    expect(r.statusCode, r.body).toBe(200);
    expect(await lojasDe(url)).toEqual([lojas.BV02]);
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(200);
  });

  it('a stock user cannot turn a production sector into "no store", nor delete an all-store one', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: SETORES,
      headers: diego,
      payload: { descricao: 'Confeitaria BV02', lojas: [lojas.BV02] },
    });
    expect(r.statusCode, r.body).toBe(201);
    const setor = `${SETORES}/${r.json().id}`;
    const vazio = await put(setor, diego, { descricao: 'Confeitaria', lojas: [] });
    expect(vazio.statusCode).toBe(403);
    expect(vazio.json().message).toBe(
      'Você não pode deixar o campo Lojas vazio: vazio vale para todas as lojas, e nem todas estão entre as suas lojas.',
    );
    expect(await lojasDe(setor)).toEqual([lojas.BV02]);
    const criarTodas = await t.app.inject({
      method: 'POST',
      url: SETORES,
      headers: diego,
      payload: { descricao: 'Setor de todas', lojas: [] },
    });
    expect(criarTodas.statusCode).toBe(403);
    const deTodas = await t.app.inject({
      method: 'POST',
      url: SETORES,
      headers: admin,
      payload: { descricao: 'Setor de todas', lojas: [] },
    });
    expect(deTodas.statusCode, deTodas.body).toBe(201);
    const del = await t.app.inject({ method: 'DELETE', url: `${SETORES}/${deTodas.json().id}`, headers: diego });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(
      'Você não pode excluir este registro: ele vale para todas as lojas, e nem todas estão entre as suas lojas.',
    );
    // narrowing an every-store sector to his store would remove the others
    const estreitar = await put(`${SETORES}/${deTodas.json().id}`, diego, { descricao: 'Setor', lojas: [lojas.BV02] });
    expect(estreitar.statusCode).toBe(403);
    expect(estreitar.json().message).toBe(
      'Você não pode remover as lojas BV01, BV03, BV04: elas não estão entre as suas lojas.',
    );
  });
});
