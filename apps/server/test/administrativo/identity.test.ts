import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let admin: Record<string, string>;
let lojas: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t, 'ana.admin')).headers;
  const { rows } = await adminQuery(t.ownerUrl, `select sigla, id from loja`);
  lojas = Object.fromEntries(rows.map((r) => [r.sigla, r.id]));
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const novoUsuario = (over: Record<string, unknown> = {}) => ({
  nome: 'Joana Teste',
  username: 'joana.teste',
  email: 'joana@exemplo.com.br',
  senha: 'Joana#2026x',
  ativo: true,
  administrador: false,
  contatos: [{ tipo: 'CELULAR', valor: '(41) 99999-0000' }],
  lojasUsuario: [
    { lojaId: lojas.BV01, principal: true },
    { lojaId: lojas.BV02, principal: false },
  ],
  ...over,
});

describe('users', () => {
  let id: number;

  it('creates a user: 201 + Location, no password in the answer, audited', async () => {
    const res = await req('POST', '/api/v1/usuarios', novoUsuario());
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(res.headers.location).toBe(`/api/v1/pessoa/usuarios/${id}`);
    expect(res.json()).toMatchObject({
      username: 'joana.teste',
      contatos: [{ tipo: 'CELULAR', valor: '(41) 99999-0000' }],
      tipoCliente: 'BOTICARIO',
    });
    expect(res.json().senha).toBeUndefined();
    expect(res.json().senhaHash).toBeUndefined();
    const { rows } = await adminQuery(
      t.ownerUrl,
      `select depois from auditoria where entidade = 'usuario' and entidade_id = $1`,
      [String(id)],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]!.depois)).not.toMatch(/argon2|Joana#2026x/);
    expect((await login(t, 'joana.teste', 'localhost', 'Joana#2026x')).body.id).toBe(id);
  });

  it('refuses a duplicate username (any case) with 409 naming the field', async () => {
    const res = await req('POST', '/api/v1/usuarios', novoUsuario({ username: 'JOANA.teste' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().reasons[0]).toMatch(/^Nome de usuário: /);
    expect(res.json().erros[0].campo).toBe('username');
  });

  it('validates with 422, one reason per field', async () => {
    const res = await req('POST', '/api/v1/usuarios', { nome: '', username: 'x', lojasUsuario: [] });
    expect(res.statusCode).toBe(422);
    const fields = res.json().erros.map((e: { campo: string }) => e.campo);
    expect(fields).toEqual(expect.arrayContaining(['nome', 'username', 'lojasUsuario']));
    const rotulos = res.json().reasons.map((r: string) => r.split(':')[0]);
    expect(rotulos).toEqual(expect.arrayContaining(['Nome', 'Nome de usuário', 'Lojas']));
    const twoMain = await req(
      'POST',
      '/api/v1/usuarios',
      novoUsuario({
        username: 'dois.principais',
        lojasUsuario: [
          { lojaId: lojas.BV01, principal: true },
          { lojaId: lojas.BV02, principal: true },
        ],
      }),
    );
    expect(twoMain.statusCode).toBe(422);
    const weak = await req('POST', '/api/v1/usuarios', novoUsuario({ username: 'senha.fraca', senha: '12345678' }));
    expect(weak.statusCode).toBe(422);
    const noPass = await req('POST', '/api/v1/usuarios', novoUsuario({ username: 'sem.senha', senha: '' }));
    expect(noPass.statusCode).toBe(422);
  });

  it('refuses a store of another tenant', async () => {
    const res = await req(
      'POST',
      '/api/v1/usuarios',
      novoUsuario({ username: 'loja.alheia', lojasUsuario: [{ lojaId: lojas.MB01, principal: true }] }),
    );
    expect(res.statusCode).toBe(422);
  });

  it('lists with start/count/total, filters with RSQL, sorts', async () => {
    const res = await req('GET', '/api/v1/pessoa/usuarios?start=0&count=3&sort=-id');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ start: 0, count: 3 });
    expect(body.items).toHaveLength(3);
    expect(body.total).toBe(10);
    expect(body.items[0].id).toBeGreaterThan(body.items[1].id);
    expect(body.items[0].senhaHash).toBeUndefined();
    const all = (await req('GET', '/api/v1/pessoa/usuarios?count=0')).json();
    expect(all.count).toBe(10); // count 0 → default page, never an empty one
    expect(all.items.some((u: { ativo: boolean }) => !u.ativo)).toBe(true); // active and inactive by default
    const q = await req('GET', `/api/v1/pessoa/usuarios?q=${encodeURIComponent('nome==*joana*;ativo==true')}`);
    expect(q.json().items.map((u: { username: string }) => u.username)).toEqual(['joana.teste']);
    const page2 = (await req('GET', '/api/v1/pessoa/usuarios?start=8&count=5')).json();
    expect(page2).toMatchObject({ start: 8, count: 2, total: 10 });
  });

  it('updates: password only when filled, 200 with the record, stale versao → 409', async () => {
    const before = (await req('GET', `/api/v1/pessoa/usuarios/${id}`)).json();
    const res = await req(
      'PUT',
      `/api/v1/usuarios/${id}`,
      novoUsuario({ nome: 'Joana Alterada', senha: '', versao: before.versao }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().nome).toBe('Joana Alterada');
    await login(t, 'joana.teste', 'localhost', 'Joana#2026x'); // password kept
    const stale = await req('PUT', `/api/v1/usuarios/${id}`, novoUsuario({ versao: before.versao }));
    expect(stale.statusCode).toBe(409);
    // the create's cross-field rules hold on the update too
    const doisPrincipais = await req(
      'PUT',
      `/api/v1/usuarios/${id}`,
      novoUsuario({
        lojasUsuario: [
          { lojaId: lojas.BV01, principal: true },
          { lojaId: lojas.BV02, principal: true },
        ],
      }),
    );
    expect(doisPrincipais.statusCode).toBe(422);
    expect(doisPrincipais.json().erros[0].campo).toBe('lojasUsuario');
  });

  it('a user editing their own record changes personal fields only', async () => {
    const own = await login(t, 'joana.teste', 'localhost', 'Joana#2026x');
    const res = await req(
      'PUT',
      `/api/v1/usuarios/${id}`,
      novoUsuario({
        nome: 'Joana Por Ela',
        administrador: true,
        lojasUsuario: [{ lojaId: lojas.BV04, principal: true }],
      }),
      own.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nome: 'Joana Por Ela', administrador: false });
    expect(res.json().lojasUsuario.map((l: { sigla: string }) => l.sigla)).toEqual(['BV01', 'BV02']);
  });

  it('deactivating a user ends all their sessions', async () => {
    const s = await login(t, 'joana.teste', 'localhost', 'Joana#2026x');
    const res = await req('PUT', `/api/v1/usuarios/${id}`, novoUsuario({ nome: 'Joana Por Ela', ativo: false }));
    expect(res.statusCode).toBe(200);
    expect((await req('GET', '/api/v1/eumesmo', undefined, s.headers)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { username: 'joana.teste', password: 'Joana#2026x' },
    });
    expect(again.statusCode).toBe(403);
  });

  it('keeps at least one active administrator', async () => {
    const me = (await req('GET', '/api/v1/eumesmo')).json();
    const detail = (await req('GET', `/api/v1/pessoa/usuarios/${me.id}`)).json();
    const res = await req('PUT', `/api/v1/usuarios/${me.id}`, {
      ...detail,
      administrador: false,
      email: detail.email,
      cpf: detail.cpf,
      lojasUsuario: detail.lojasUsuario.map((l: { id: number; principal: boolean }) => ({
        lojaId: l.id,
        principal: l.principal,
      })),
      grupos: detail.grupos,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/administrador ativo/);
  });

  it('reads and sets the groups of a user', async () => {
    const grupos = (await req('GET', '/api/v1/grupo-usuario?count=100')).json().items;
    const fiscal = grupos.find((g: { nome: string }) => g.nome === 'Fiscal').id;
    const set = await req('POST', `/api/v1/usuarios/${id}/grupos`, { id, grupos: [fiscal] });
    expect(set.statusCode).toBe(200);
    expect(set.json().grupos.map((g: { nome: string }) => g.nome)).toEqual(['Fiscal']);
    expect((await req('GET', `/api/v1/usuarios/${id}/grupos`)).json().grupos).toHaveLength(1);
    expect((await req('POST', `/api/v1/usuarios/${id}/grupos`, [999999])).statusCode).toBe(422);
  });
});

describe('groups', () => {
  let id: number;

  it('creates a group with permissions and members: 201 + Location with the new id', async () => {
    const gabi = (await adminQuery(t.ownerUrl, `select id from usuario where username = 'gabi.consulta'`)).rows[0]!.id;
    const res = await req('POST', '/api/v1/grupo-usuario', {
      nome: 'Estoquistas',
      permissoes: ['PERM_GENERO_INCLUIR', 'PERM_NCM_ACESSO'],
      membros: [gabi],
    });
    expect(res.statusCode).toBe(201);
    id = Number(res.headers.location!.toString().split('/').pop());
    expect(res.json()).toMatchObject({
      id,
      nome: 'Estoquistas',
      statusDeAtivacao: 'ATIVO',
      permissoes: ['PERM_GENERO_INCLUIR', 'PERM_NCM_ACESSO'],
    });
    expect(res.json().membros.map((m: { username: string }) => m.username)).toEqual(['gabi.consulta']);
    const g = await login(t, 'gabi.consulta');
    expect((await req('GET', '/api/v1/eumesmo', undefined, g.headers)).json().permissoes).toContain(
      'PERM_GENERO_INCLUIR',
    );
  });

  it('refuses a duplicate name (any case) with 409 and an unknown permission with 422', async () => {
    const dup = await req('POST', '/api/v1/grupo-usuario', { nome: 'estoquistas' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().reasons[0]).toMatch(/^Nome: /);
    const bad = await req('POST', '/api/v1/grupo-usuario', { nome: 'Outro', permissoes: ['PERM_INVENTADA_ACESSO'] });
    expect(bad.statusCode).toBe(422);
  });

  it('lists with the spec filter (zero-based start, default sort nome)', async () => {
    const all = (await req('GET', '/api/v1/grupo-usuario')).json();
    const nomes = all.items.map((g: { nome: string }) => g.nome);
    expect(nomes).toEqual([...nomes].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
    expect(all.total).toBe(9);
    const q = `id==${id};nome==*toquis*;statusDeAtivacao==ATIVO`;
    const res = await req('GET', `/api/v1/grupo-usuario?q=${encodeURIComponent(q)}&start=0&count=10`);
    expect(res.json()).toMatchObject({ total: 1, items: [{ id, nome: 'Estoquistas' }] });
    const accents = await req('GET', `/api/v1/grupo-usuario?q=${encodeURIComponent('nome==*GERENCIA*')}`);
    expect(accents.json().items.map((g: { nome: string }) => g.nome)).toEqual(['Gerência de loja']);
    const raw = await req('GET', '/api/v1/grupo-usuario?q=id =gt= 0;statusDeAtivacao=in=(ATIVO,INATIVO)&count=1');
    expect(raw.json()).toMatchObject({ count: 1, total: 9 });
  });

  it('refuses RSQL injection attempts with 400, never 500', async () => {
    for (const q of [
      "nome=='x' or 1=1 --",
      'nome==x);drop table grupo;--',
      'senhaHash==*a*',
      'id==1 or 1=1',
      'id=gt=abc',
      "statusDeAtivacao==ATIVO' OR '1'='1",
      'criadoEm=gt=ontem',
      'id==*',
      '(((((',
      'nome==%27',
      `nome==${'a'.repeat(5000)}`,
    ]) {
      const res = await req('GET', `/api/v1/grupo-usuario?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await req('GET', '/api/v1/grupo-usuario?sort=senha')).statusCode).toBe(400);
    expect((await adminQuery(t.ownerUrl, 'select count(*)::int as n from grupo')).rows[0]!.n).toBeGreaterThan(0);
  });

  it('updates (200), sets members, and deletes only an empty group (200)', async () => {
    const upd = await req('PUT', `/api/v1/grupo-usuario/${id}`, { nome: 'Estoquistas', statusDeAtivacao: 'INATIVO' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      statusDeAtivacao: 'INATIVO',
      permissoes: ['PERM_GENERO_INCLUIR', 'PERM_NCM_ACESSO'],
    });
    const g = await login(t, 'gabi.consulta');
    expect((await req('GET', '/api/v1/eumesmo', undefined, g.headers)).json().permissoes).not.toContain(
      'PERM_GENERO_INCLUIR',
    );
    expect((await req('DELETE', `/api/v1/grupo-usuario/${id}`)).statusCode).toBe(409);
    const m = await req('POST', `/api/v1/grupo-usuario/${id}/membros`, { id, membros: [] });
    expect(m.statusCode).toBe(200);
    expect((await req('GET', `/api/v1/grupo-usuario/${id}/membros`)).json()).toEqual({ id, membros: [] });
    expect((await req('DELETE', `/api/v1/grupo-usuario/${id}`)).statusCode).toBe(200);
    expect((await req('GET', `/api/v1/grupo-usuario/${id}`)).statusCode).toBe(404);
  });

  it('denies group administration to a non-admin holding the permission, and across tenants', async () => {
    const marta = await login(t, 'marta.admin', 'mercadao.localhost');
    const bela = (await req('GET', '/api/v1/grupo-usuario')).json().items[0].id;
    expect((await req('GET', `/api/v1/grupo-usuario/${bela}`, undefined, marta.headers)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/v1/grupo-usuario/${bela}`, undefined, marta.headers)).statusCode).toBe(404);
    const fabio = await login(t, 'fabio.gerente');
    expect((await req('POST', '/api/v1/grupo-usuario', { nome: 'X' }, fabio.headers)).statusCode).toBe(403);
  });
});
