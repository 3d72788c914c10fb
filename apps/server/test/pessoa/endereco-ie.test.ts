/**
 * Brazilian address and tax data: the CEP service (local fake here; never a real service in tests),
 * the IBGE município table by UF, and the inscrição estadual checked by the UF's rule on stores,
 * suppliers and customers (422 on the field, masked input accepted and stored as digits).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let semServico: TestApp;

beforeAll(async () => {
  process.env.CEP_URL = 'fake:';
  t = await createTestApp();
  delete process.env.CEP_URL;
  semServico = await createTestApp();
  ana = await login(t, 'ana.admin');
});
afterAll(async () => {
  await t?.close();
  await semServico?.close();
});

const get = (url: string, app = t, who = ana) => app.app.inject({ method: 'GET', url, headers: who.headers });

describe('CEP', () => {
  it('preenche UF, município com o código IBGE, logradouro e bairro', async () => {
    const r = await get('/api/v1/cep/01310-100');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      cep: '01310100',
      uf: 'SP',
      codigoIbge: '3550308',
      municipio: 'São Paulo',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
    });
  });
  it('sem código IBGE do serviço: o da tabela oficial, pela UF e pelo nome', async () => {
    expect((await get('/api/v1/cep/74003010')).json()).toMatchObject({ uf: 'GO', codigoIbge: '5208707' });
  });
  it('404, 503 e 400 em português', async () => {
    const nao = await get('/api/v1/cep/00000000');
    expect(nao.statusCode).toBe(404);
    expect(nao.json().message).toBe('CEP 00000-000 não encontrado.');
    const fora = await get('/api/v1/cep/99999999');
    expect(fora.statusCode).toBe(503);
    expect(fora.json().message).toMatch(/^Serviço de CEP indisponível/);
    expect((await get('/api/v1/cep/123')).statusCode).toBe(400);
    expect((await get('/api/v1/cep/2026-02-30')).statusCode).toBe(400); // a date is not a CEP
    const semUrl = await get('/api/v1/cep/01310100', semServico, await login(semServico, 'ana.admin'));
    expect(semUrl.statusCode).toBe(503);
    expect(semUrl.json().message).toMatch(/escolha a UF e o município na lista/);
  });
  it('exige sessão', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cep/01310100' })).statusCode).toBe(401);
  });
});

describe('municípios (tabela do IBGE)', () => {
  it('os da UF por nome, com o código IBGE; busca sem acento', async () => {
    const r = await get('/api/v1/municipios?uf=go');
    expect(r.statusCode).toBe(200);
    const nomes = r.json().items.map((m: { nome: string }) => m.nome);
    expect(
      r.json().items.every((m: { uf: string; codigoIbge: string }) => m.uf === 'GO' && /^52\d{5}$/.test(m.codigoIbge)),
    ).toBe(true);
    expect(nomes.indexOf('Abadia de Goiás')).toBeLessThan(nomes.indexOf('Goiânia'));
    const busca = await get('/api/v1/municipios?uf=GO&q=goiania');
    expect(busca.json().items).toContainEqual({ codigoIbge: '5208707', nome: 'Goiânia', uf: 'GO' });
    expect((await get('/api/v1/municipios?uf=XX')).statusCode).toBe(400);
    expect((await get('/api/v1/municipios/4106902')).json()).toEqual({
      codigoIbge: '4106902',
      nome: 'Curitiba',
      uf: 'PR',
    });
  });
});

describe('inscrição estadual por UF', () => {
  const fornecedor = (ie: string, uf = 'PR') => ({
    tipoDePessoa: 'J',
    numeroDoDocumento: '11.444.777/0001-61',
    nome: 'Fornecedor IE Ltda',
    fantasia: 'Fornecedor IE',
    inscricaoEstadual: ie,
    endereco: { uf, codigoIbge: uf === 'PR' ? '4106902' : '3550308' },
  });
  it('fornecedor: IE de outra UF ou com dígito errado → 422 no campo; a certa é gravada sem pontuação', async () => {
    const errada = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pessoa/fornecedores',
      headers: ana.headers,
      payload: fornecedor('110.042.490.114'),
    });
    expect(errada.statusCode).toBe(422);
    expect(errada.json().erros[0].campo).toBe('inscricaoEstadual');
    expect(errada.json().reasons[0]).toMatch(/^Inscrição estadual: Inscrição estadual inválida para a UF PR/);
    const certa = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pessoa/fornecedores',
      headers: ana.headers,
      payload: fornecedor('123.45678-50'),
    });
    expect(certa.statusCode, certa.body).toBe(201);
    expect(certa.json().inscricaoEstadual).toBe('1234567850');
  });
  it('cliente ISENTO é aceito', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pessoa/clientes',
      headers: ana.headers,
      payload: {
        tipoDePessoa: 'F',
        numeroDoDocumento: '314.159.265-90',
        nome: 'Cliente isento',
        inscricaoEstadual: 'isento',
        endereco: { uf: 'PR' },
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().inscricaoEstadual).toBe('ISENTO');
  });
  it('loja: IE validada pela UF da loja', async () => {
    const [l] = (
      await adminQuery<{ id: number }>(
        t.ownerUrl,
        `select l.id from loja l join assinante a on a.id = l.assinante_id where a.nome = 'Bela Vida' order by l.id limit 1`,
      )
    ).rows;
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/pessoa/lojas/${l!.id}`, headers: ana.headers, payload });
    const ruim = await put({ uf: 'SP', inscricaoEstadual: '110.042.490.115' });
    expect(ruim.statusCode).toBe(422);
    expect(ruim.json().erros).toEqual([
      { campo: 'inscricaoEstadual', mensagem: expect.stringMatching(/^Inscrição estadual inválida para a UF SP/) },
    ]);
    const boa = await put({ uf: 'SP', inscricaoEstadual: '110.042.490.114' });
    expect(boa.statusCode, boa.body).toBe(200);
    expect(boa.json().inscricaoEstadual).toBe('110042490114');
  });
});
