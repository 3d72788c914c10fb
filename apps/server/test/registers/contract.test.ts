/**
 * The contract every register honours, run for each declared register through HTTP:
 * create → read → list (filter, sort, page) → update → stale update 409 → delete, plus denials.
 */
import { REGISTERS, type RegisterDef } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, codigosAcimaDe, type TestApp } from '../helpers/app';
import { EDIT_ONLY, SAMPLES } from './samples';
import { createRegistersApp, fixtures, headersFor, resolve } from './support';

let t: TestApp;
let admin: Record<string, string>;
let fx: Record<string, string>;
beforeAll(async () => {
  t = await createRegistersApp();
  admin = await headersFor(t, 'ana.admin');
  // codes are per tenant: the rows created here in Bela Vida hold codes Mercadão has no record under
  const bela = await adminQuery<{ id: number }>(t.ownerUrl, `select id from assinante where nome = 'Bela Vida'`);
  await codigosAcimaDe(t.ownerUrl, bela.rows[0]!.id, 100_000);
  fx = await fixtures(t, admin);
  // a signed-in user without any permission (same password as the demo users, store BV01)
  await adminQuery(
    t.ownerUrl,
    `with u as (insert into usuario (assinante_id, nome, username, email, cpf, senha_hash, ativo, administrador, tipo_cliente)
       select assinante_id, 'Sem permissão', 'sem.permissao', null, null, senha_hash, true, false, tipo_cliente from usuario where username = 'gabi.consulta'
       returning id, assinante_id)
     insert into usuario_loja (assinante_id, usuario_id, loja_id, principal)
       select u.assinante_id, u.id, ul.loja_id, true from u, usuario g join usuario_loja ul on ul.usuario_id = g.id where g.username = 'gabi.consulta'`,
  );
});
afterAll(() => t.close());

/** The first writable path, with parent params filled from the sample's `nested` ids. */
function basePath(def: RegisterDef, nested: Record<string, string> = {}): string {
  const p = def.paths.find((x) => !x.readOnly && !x.bare && !x.itemsOnly) ?? def.paths[0]!;
  return `/api${p.path.replace(/:(\w+)/g, (_, k: string) => String(resolve(nested[k] ?? '1', fx)))}`;
}

it('every declared register has a contract sample', () => {
  expect(REGISTERS.map((r) => r.key).filter((k) => !SAMPLES[k] && !EDIT_ONLY[k])).toEqual([]);
});

describe.each(REGISTERS.filter((r) => r.canCreate === false).map((r) => [r.key, r] as const))(
  '%s (somente edição)',
  (_key, def) => {
    it('read → list → update → stale update; no create, no delete', async () => {
      const { id, update } = EDIT_ONLY[def.key]!;
      const url = `${basePath(def)}/${id}`;
      const got = await t.app.inject({ url, headers: admin });
      expect(got.statusCode, got.body).toBe(200);
      const list = await t.app.inject({ url: `${basePath(def)}?q=id==${id}`, headers: admin });
      expect(list.json()).toMatchObject({ count: 1, total: 1 });
      const put = await t.app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: { ...(got.json() as object), ...update },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ ...update, versao: got.json().versao + 1 });
      const stale = await t.app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: { ...(got.json() as object), ...update },
      });
      expect(stale.statusCode).toBe(409);
      const post = await t.app.inject({ method: 'POST', url: basePath(def), headers: admin, payload: update });
      expect(post.statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url, headers: admin });
      expect(del.statusCode).toBe(404);
    });
  },
);

describe.each(REGISTERS.filter((r) => r.canCreate !== false).map((r) => [r.key, r] as const))('%s', (_key, def) => {
  const sample = SAMPLES[def.key]!;
  const base = () => basePath(def, sample.nested);

  it('create → read → list → update → stale update → delete', async () => {
    const created = [];
    for (const n of [1, 2, 3]) {
      const res = await t.app.inject({
        method: 'POST',
        url: base(),
        headers: admin,
        payload: resolve(sample.create(n), fx),
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.headers.location!.split('/').pop()!;
      expect(String(res.json().id)).toBe(decodeURIComponent(id));
      created.push(res.json());
    }
    const one = created[0]!;
    const got = await t.app.inject({ url: `${base()}/${encodeURIComponent(one.id)}`, headers: admin });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: one.id, versao: 1, ativo: true });
    for (const k of ['criadoEm', 'alteradoEm']) expect(got.json()[k]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    // page arithmetic: count = items returned, total exact
    const ids = created.map((c) => c.id);
    const q = `id=in=(${ids.join(',')})`;
    const p1 = await t.app.inject({
      url: `${base()}?q=${encodeURIComponent(q)}&sort=-id&start=0&count=2`,
      headers: admin,
    });
    expect(p1.statusCode, p1.body).toBe(200);
    expect(p1.json()).toMatchObject({ start: 0, count: 2, total: 3 });
    const p2 = await t.app.inject({
      url: `${base()}?q=${encodeURIComponent(q)}&sort=-id&start=2&count=2`,
      headers: admin,
    });
    expect(p2.json()).toMatchObject({ start: 2, count: 1, total: 3 });
    const order = [...p1.json().items, ...p2.json().items].map((i: { id: unknown }) => i.id);
    expect(order).toEqual([...ids].sort((a, b) => (a < b ? 1 : -1)));
    const bad = await t.app.inject({ url: `${base()}?sort=naoExiste`, headers: admin });
    expect(bad.statusCode).toBe(400);
    const badQ = await t.app.inject({ url: `${base()}?q=naoExiste==1`, headers: admin });
    expect(badQ.statusCode).toBe(400);

    // PUT the object as read, changed; versao moves on; a stale versao is refused
    const put = await t.app.inject({
      method: 'PUT',
      url: `${base()}/${encodeURIComponent(one.id)}`,
      headers: admin,
      payload: { ...(got.json() as object), ...sample.update },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ ...sample.update, versao: 2 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: `${base()}/${encodeURIComponent(one.id)}`,
      headers: admin,
      payload: { ...(got.json() as object), ...sample.update },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/alterado por outro usuário/);
    const lww = await t.app.inject({
      method: 'PUT',
      url: `${base()}/${encodeURIComponent(one.id)}`,
      headers: admin,
      payload: { ...sample.update },
    });
    expect(lww.statusCode, lww.body).toBe(200);

    const invalid = await t.app.inject({
      method: 'POST',
      url: base(),
      headers: admin,
      payload: { ...resolve(sample.create(9), fx), versao: 'x', ativo: 'talvez' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().erros.some((e: { campo: string }) => e.campo === 'ativo')).toBe(true);

    if (def.canDelete !== false) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `${base()}/${encodeURIComponent(one.id)}`,
        headers: admin,
      });
      expect(del.statusCode, del.body).toBe(200);
      const gone = await t.app.inject({ url: `${base()}/${encodeURIComponent(one.id)}`, headers: admin });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBeTypeOf('string');
    }
  });

  it('denies without a token, without ACESSO/INCLUIR/EDITAR/EXCLUIR and across tenants', async () => {
    const noToken = await t.app.inject({ url: base() });
    expect(noToken.statusCode).toBe(401);
    // stores are readable by any session; everything else needs its ACESSO
    const semPermissao = await headersFor(t, 'sem.permissao');
    const denied = await t.app.inject({ url: base(), headers: semPermissao });
    expect(denied.statusCode).toBe(def.acesso?.leitura === 'sessao' ? 200 : 403);
    if (denied.statusCode === 403) expect(denied.json().message).toMatch(/Você não tem permissão/);
    // gabi.consulta: ACESSO only (a register only administrators read refuses her)
    const consulta = await headersFor(t, 'gabi.consulta');
    const lido = await t.app.inject({ url: base(), headers: consulta });
    expect(lido.statusCode).toBe(def.acesso?.leitura === 'admin' ? 403 : 200);
    const post = await t.app.inject({
      method: 'POST',
      url: base(),
      headers: consulta,
      payload: resolve(sample.create(50), fx),
    });
    expect(post.statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: base(),
      headers: admin,
      payload: resolve(sample.create(4), fx),
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `${base()}/${encodeURIComponent(created.json().id)}`;
    expect((await t.app.inject({ method: 'PUT', url, headers: consulta, payload: sample.update })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'DELETE', url, headers: consulta })).statusCode).toBe(403);
    // another tenant finds nothing; a franchise-only register refuses a TODOS tenant outright
    const marta = await headersFor(t, 'marta.admin', 'mercadao.localhost');
    const outro = def.tipoCliente ? 403 : 404;
    expect((await t.app.inject({ url, headers: marta })).statusCode).toBe(outro);
    expect((await t.app.inject({ method: 'PUT', url, headers: marta, payload: sample.update })).statusCode).toBe(outro);
    expect((await t.app.inject({ method: 'DELETE', url, headers: marta })).statusCode).toBe(outro);
    // a token of one tenant is not accepted on another tenant's host
    const cruzado = await t.app.inject({ url, headers: { ...admin, host: 'mercadao.localhost' } });
    expect([401, 403, 404]).toContain(cruzado.statusCode);
  });
});
