/**
 * Grupos and subgrupos of a seção as its form edits them: listed under their seção, added, renamed and
 * deleted through the nested paths, with the Seção register's permissions, a duplicate name within the
 * parent refused by field, and a delete refused with where the grupo is used — its subgrupos go with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
});
afterAll(async () => t?.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = ana.headers) =>
  t.app.inject({ method, url, headers, payload });

async function novaSecao(descricao: string) {
  const r = await req('POST', '/api/v1/produto/secoes', { descricao });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}

describe('grupos and subgrupos of a seção', () => {
  it('adds, lists by name, renames and deletes under the seção; a grupo with subgrupos goes with them', async () => {
    const s = await novaSecao('Seção de grupos');
    const base = `/api/v1/produto/secoes/${s}/grupos`;
    const g = (await req('POST', base, { descricao: 'Unhas' })).json();
    await req('POST', base, { descricao: 'Acessórios' });
    const lista = (await req('GET', `${base}?sort=descricao&count=500`)).json();
    expect(lista.items.map((i: { descricao: string }) => i.descricao)).toEqual(['Acessórios', 'Unhas']);

    const subs = `${base}/${g.id}/subgrupos`;
    const sg = await req('POST', subs, { descricao: 'Esmaltes' });
    expect(sg.statusCode, sg.body).toBe(201);
    expect(sg.json()).toMatchObject({ secaoId: s, grupoId: g.id, descricao: 'Esmaltes', nome: 'Esmaltes' });
    await req('POST', subs, { descricao: 'Lixas' });

    const renomeado = await req('PUT', `${base}/${g.id}`, { ...g, descricao: 'Unhas e mãos' });
    expect(renomeado.statusCode, renomeado.body).toBe(200);
    expect(renomeado.json()).toMatchObject({ descricao: 'Unhas e mãos', versao: g.versao + 1, ativo: true });
    // the form always sends the versão it read: a stale one is a conflict, not a silent overwrite
    const velho = await req('PUT', `${base}/${g.id}`, { ...g, descricao: 'Outro nome' });
    expect(velho.statusCode).toBe(409);

    const del = await req('DELETE', `${base}/${g.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await req('GET', `${subs}?count=500`)).json().total).toBe(0);
    const { rows } = await adminQuery(
      t.ownerUrl,
      `select entidade, operacao from auditoria where entidade = 'subgrupo' and operacao = 'EXCLUSAO'`,
    );
    expect(rows).toHaveLength(2);
  });

  it('a grupo of another seção is not found through this seção', async () => {
    const a = await novaSecao('Seção A');
    const b = await novaSecao('Seção B');
    const g = (await req('POST', `/api/v1/produto/secoes/${a}/grupos`, { descricao: 'Só da A' })).json();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const r = await req(method, `/api/v1/produto/secoes/${b}/grupos/${g.id}`, method === 'PUT' ? g : undefined);
      expect(r.statusCode, method).toBe(404);
      expect(r.json().message).toBe('Grupo não encontrado.');
    }
  });

  it('a name taken within the seção (any case) is refused on the field; the same name in another seção is fine', async () => {
    const s = await novaSecao('Seção duplicados');
    const base = `/api/v1/produto/secoes/${s}/grupos`;
    const g = (await req('POST', base, { descricao: 'Batons' })).json();
    const dup = await req('POST', base, { descricao: '  batons ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      message: 'Já existe um grupo com este(a) descrição.',
      reasons: ['Descrição: Valor já cadastrado.'],
      erros: [{ campo: 'descricao', mensagem: 'Valor já cadastrado.' }],
    });
    const outra = await novaSecao('Outra seção duplicados');
    expect((await req('POST', `/api/v1/produto/secoes/${outra}/grupos`, { descricao: 'Batons' })).statusCode).toBe(201);

    const subs = `${base}/${g.id}/subgrupos`;
    const sg = (await req('POST', subs, { descricao: 'Matte' })).json();
    await req('POST', subs, { descricao: 'Cremoso' });
    const ren = await req('PUT', `${subs}/${sg.id}`, { ...sg, descricao: 'CREMOSO' });
    expect(ren.statusCode).toBe(409);
    expect(ren.json().erros).toEqual([{ campo: 'descricao', mensagem: 'Valor já cadastrado.' }]);
    const vazio = await req('POST', subs, { descricao: '' });
    expect(vazio.statusCode).toBe(422);
    expect(vazio.json().erros.map((e: { campo: string }) => e.campo)).toEqual(['descricao']);
  });

  it('a grupo or subgrupo used by a demo product: 409 naming products, and nothing is deleted', async () => {
    const { rows } = await adminQuery<{ secao: number; grupo: number; subgrupo: number }>(
      t.ownerUrl,
      `select p.secao_id as secao, p.grupo_id as grupo, p.subgrupo_id as subgrupo
         from produto p join assinante a on a.id = p.assinante_id
        where a.nome = 'Bela Vida' and p.subgrupo_id is not null order by p.id limit 1`,
    );
    const { secao, grupo, subgrupo } = rows[0]!;
    const emUso = 'Não é possível excluir: o grupo está em uso. Inative o registro em vez de excluí-lo.';
    const g = await req('DELETE', `/api/v1/produto/secoes/${secao}/grupos/${grupo}`);
    expect(g.statusCode, g.body).toBe(409);
    expect(g.json()).toMatchObject({ message: emUso, reasons: ['Referenciado em produtos.'] });
    const sg = await req('DELETE', `/api/v1/produto/secoes/${secao}/grupos/${grupo}/subgrupos/${subgrupo}`);
    expect(sg.statusCode).toBe(409);
    expect(sg.json().reasons).toEqual(['Referenciado em produtos.']);
    const ainda = await req('GET', `/api/v1/produto/secoes/${secao}/grupos/${grupo}/subgrupos/${subgrupo}`);
    expect(ainda.statusCode).toBe(200);
  });

  it("the Seção register's permissions rule the grupo and subgrupo routes", async () => {
    const s = await novaSecao('Seção permissões');
    const base = `/api/v1/produto/secoes/${s}/grupos`;
    const g = (await req('POST', base, { descricao: 'Protegido' })).json();
    const sg = (await req('POST', `${base}/${g.id}/subgrupos`, { descricao: 'Sub protegido' })).json();
    // gabi.consulta holds PERM_SECAO_ACESSO only; elisa.compras holds no Seção permission
    const gabi = await login(t, 'gabi.consulta');
    expect((await req('GET', `${base}/${g.id}/subgrupos`, undefined, gabi.headers)).statusCode).toBe(200);
    for (const [url, corpo] of [
      [base, g],
      [`${base}/${g.id}/subgrupos`, sg],
    ] as const) {
      const negado = [
        await req('POST', url, { descricao: 'Novo' }, gabi.headers),
        await req('PUT', `${url}/${corpo.id}`, { ...corpo, descricao: 'Renomeado' }, gabi.headers),
        await req('DELETE', `${url}/${corpo.id}`, undefined, gabi.headers),
      ];
      for (const r of negado) {
        expect(r.statusCode, r.body).toBe(403);
        expect(r.json().message).toMatch(/^Você não tem permissão/);
      }
    }
    const elisa = await login(t, 'elisa.compras');
    expect((await req('GET', base, undefined, elisa.headers)).statusCode).toBe(403);
  });
});
