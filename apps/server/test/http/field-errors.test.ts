/**
 * Errors as data: every field error travels twice, as the reason string clients read
 * (`Rótulo: Mensagem.` — never the internal name — or the sentence alone) and in `erros: [{campo, mensagem}]`
 * for the forms (`campo` the machine name);
 * the vendor SDK's XML ErrorResponse keeps {message, reasons}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let admin: Record<string, string>;
let loja: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t, 'ana.admin')).headers;
  loja = (await adminQuery(t.ownerUrl, `select id from loja order by id limit 1`)).rows[0]!.id;
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

interface Corpo {
  message: string;
  reasons: string[];
  erros?: { campo: string; mensagem: string }[];
}

/** Each field error is one of the reasons, with or without the field's label, never its machine name. */
function razoesCobrem(c: Corpo) {
  for (const e of c.erros ?? []) {
    expect(c.reasons.some((r) => r === e.mensagem || r.endsWith(`: ${e.mensagem}`))).toBe(true);
    expect(c.reasons.some((r) => r.startsWith(`${e.campo}:`) || r.startsWith(`${e.campo} (`))).toBe(false);
  }
  for (const r of c.reasons) expect(r).toMatch(/^\p{Lu}/u);
}

describe('register writes', () => {
  it('a POST that fails validation answers 422 with the labelled reasons and the same errors as erros', async () => {
    const res = await req('POST', '/api/v1/produto/marcas', { descricao: '' });
    expect(res.statusCode).toBe(422);
    const c = res.json() as Corpo;
    expect(c.reasons[0]).toMatch(/^Descrição: \p{Lu}.*\.$/u);
    expect(c.erros).toEqual([{ campo: 'descricao', mensagem: c.reasons[0]!.replace('Descrição: ', '') }]);
  });

  it('a PUT that fails validation answers 422 with erros; a taken unique value answers 409 naming the field', async () => {
    const criar = async (descricao: string) =>
      (await req('POST', '/api/v1/produto/marcas', { descricao })).headers.location!.split('/').pop()!;
    const id = await criar('Marca erros A');
    await criar('Marca erros B');
    const longa = await req('PUT', `/api/v1/produto/marcas/${id}`, { descricao: 'x'.repeat(5000) });
    expect(longa.statusCode).toBe(422);
    expect((longa.json() as Corpo).erros?.map((e) => e.campo)).toEqual(['descricao']);
    razoesCobrem(longa.json());
    const dup = await req('PUT', `/api/v1/produto/marcas/${id}`, { descricao: 'Marca erros B' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      reasons: ['Descrição: Valor já cadastrado.'],
      erros: [{ campo: 'descricao', mensagem: 'Valor já cadastrado.' }],
    });
  });
});

describe('labels, never internal names', () => {
  it('origem da mercadoria is one of the official 0–8 codes: another value is its field error, by its label', async () => {
    for (const origem of ['9', '10', 'X']) {
      const res = await req('POST', '/api/v1/produto/produtos', { descricao: 'Origem errada', origem });
      expect(res.statusCode).toBe(422);
      const c = res.json() as Corpo;
      expect(c.erros?.map((e) => e.campo)).toEqual(['origem']);
      expect(c.reasons).toEqual([
        expect.stringMatching(/^Origem da mercadoria: Valor inválido\. Use um de: 0, 1, .*8\.$/),
      ]);
    }
    const ok = await req('POST', '/api/v1/produto/produtos', { descricao: 'Origem certa', origem: 2 });
    expect(ok.statusCode).toBe(201);
  });

  it('a hook error without a label gets its field label from the register (no `campo:` prefix)', async () => {
    const res = await req('POST', '/api/v1/produto/produtos', { descricao: 'Cest sem NCM', cest: '0100100' });
    expect(res.statusCode).toBe(422);
    const c = res.json() as Corpo;
    expect(c.erros?.map((e) => e.campo)).toContain('cest');
    expect(c.reasons).toContain('CEST: Informe o NCM do produto.');
    razoesCobrem(c);
    for (const r of c.reasons) expect(r).not.toMatch(/^(registro|id|cest|descricao):/);
  });
});

describe('users endpoint', () => {
  const usuario = (over: Record<string, unknown>) => ({
    nome: 'Erros Teste',
    username: 'erros.teste',
    senha: 'Erros#2026x',
    lojasUsuario: [{ lojaId: loja, principal: true }],
    ...over,
  });

  it('a body that fails the schema answers 422 with one field error per reason', async () => {
    const res = await req('POST', '/api/v1/usuarios', { nome: '', username: 'x', lojasUsuario: [] });
    expect(res.statusCode).toBe(422);
    const c = res.json() as Corpo;
    expect(c.erros?.map((e) => e.campo)).toEqual(expect.arrayContaining(['nome', 'username', 'lojasUsuario']));
    expect(c.erros).toHaveLength(c.reasons.length);
    razoesCobrem(c);
  });

  it('the password policy and a taken username are field errors with the reasons clients read', async () => {
    const fraca = await req('POST', '/api/v1/usuarios', usuario({ senha: '123' }));
    expect(fraca.statusCode).toBe(422);
    expect(fraca.json()).toMatchObject({
      reasons: ['Senha: Deve ter pelo menos 8 caracteres.'],
      erros: [{ campo: 'senha', mensagem: 'Deve ter pelo menos 8 caracteres.' }],
    });
    const dup = await req('POST', '/api/v1/usuarios', usuario({ username: 'ana.admin' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      reasons: ['Nome de usuário: Já está em uso.'],
      erros: [{ campo: 'username', mensagem: 'Já está em uso.' }],
    });
  });

  it('a reason of no field has no erros; a query error stays a 400 without erros', async () => {
    const res = await req('PUT', '/api/v1/usuarios/1/nova-senha', { id: 2, senha: 'Qualquer#2026' });
    expect(res.statusCode).toBe(422);
    expect(res.json().erros).toEqual([{ campo: 'id', mensagem: 'Difere do usuário da URL.' }]);
    expect(res.json().reasons).toEqual(['Código: Difere do usuário da URL.']);
    const q = await req('GET', '/api/v1/pessoa/usuarios?count=abc');
    expect(q.statusCode).toBe(400);
    expect(q.json().erros).toBeUndefined();
  });

  it('the XML ErrorResponse of the vendor SDK keeps message and reasons only', async () => {
    const res = await req('POST', '/api/v1/usuarios', usuario({ senha: '123' }), {
      ...admin,
      accept: 'application/xml',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('<reasons><reason>Senha: Deve ter pelo menos 8 caracteres.</reason></reasons>');
    expect(res.body).not.toContain('erros');
  });

  it('answers by the domain contract: the OpenAPI document describes the user record', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ok = doc.paths['/api/v1/pessoa/usuarios/{id}'].get.responses['200'];
    expect(JSON.stringify(ok)).toContain('lojasUsuario');
  });
});
