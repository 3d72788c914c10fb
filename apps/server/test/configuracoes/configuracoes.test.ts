/**
 * The settings API (issue #25.6) through the real app: declared defaults, the tenant's value and a store's
 * own, validation by the declaration (422 in Portuguese), permission (403), store scope (403), a stale
 * versao (409), the audit, and the stock parameters' old face reading the kit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let gabi: LoginResult;
let elisa: LoginResult;
let carlos: LoginResult;
const loja: Record<string, number> = {};

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  const lojas = await q<{ id: number; sigla: string }>(
    `select l.id, l.sigla from loja l join assinante a on a.id = l.assinante_id
      where a.nome = 'Bela Vida' and l.sigla in ('BV01', 'BV02')`,
  );
  for (const l of lojas) loja[l.sigla] = l.id;
  // carlos keeps the fiscal permissions but only BV01 (store scope of a store-level write)
  await q(
    `delete from usuario_loja where loja_id = $1 and usuario_id = (select id from usuario where username = 'carlos.fiscal')`,
    [loja.BV02],
  );
  ana = await login(t, 'ana.admin');
  gabi = await login(t, 'gabi.consulta'); // every *_ACESSO, BV01 only
  elisa = await login(t, 'elisa.compras'); // purchasing: no stock, financial or fiscal permission
  carlos = await login(t, 'carlos.fiscal');
});
afterAll(() => t?.close());

const ler = (area: string, quem: LoginResult, lojaId?: number) =>
  t.app.inject({
    url: `/api/v1/configuracoes?area=${area}${lojaId ? `&lojaId=${lojaId}` : ''}`,
    headers: quem.headers,
  });
const gravar = (chave: string, payload: object, quem: LoginResult = ana, lojaId?: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/configuracoes/${chave}${lojaId ? `/lojas/${lojaId}` : ''}`,
    headers: quem.headers,
    payload,
  });
const item = (r: { json(): { items: { chave: string }[] } }, chave: string) =>
  r.json().items.find((i) => i.chave === chave) as Record<string, unknown> | undefined;

describe('configurações: leitura', () => {
  it('lista os parâmetros declarados da área com os padrões (sem linha gravada: versao 0)', async () => {
    const r = await ler('estoque', ana);
    expect(r.statusCode, r.body).toBe(200);
    expect(item(r, 'estoque.inventarioHabilitado')).toMatchObject({
      escopo: 'assinante',
      tipo: 'booleano',
      rotulo: 'Inventário habilitado',
      padrao: true,
      valor: true,
      origem: 'padrao',
      versao: 0,
      podeAlterar: true,
    });
    expect(item(r, 'estoque.permiteSaldoNegativo')).toMatchObject({ escopo: 'loja', valor: true, origem: 'padrao' });
    const fiscal = await ler('fiscal', ana);
    expect(item(fiscal, 'fiscal.prazoCancelamentoNfce')).toMatchObject({ tipo: 'minutos', valor: 30 });
    expect(item(fiscal, 'fiscal.prazoContingenciaNfce')).toMatchObject({ tipo: 'horas', valor: 24 });
    expect((await ler('nada', ana)).statusCode).toBe(404);
  });

  it('quem só consulta lê, mas não pode alterar; quem não tem a permissão da área recebe 403', async () => {
    const r = await ler('estoque', gabi);
    expect(r.statusCode).toBe(200);
    expect(item(r, 'estoque.permiteSaldoNegativo')).toMatchObject({ podeAlterar: false });
    const negado = await ler('financeiro', elisa);
    expect(negado.statusCode).toBe(403);
    expect(negado.json().message).toBe('Você não tem permissão para acessar ou alterar configurações.');
  });

  it('as flags de rota chegam a qualquer usuário conectado', async () => {
    const r = await t.app.inject({ url: '/api/v1/configuracoes/flags', headers: elisa.headers });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ flags: { inventario: true } });
  });
});

describe('configurações: empresa e loja', () => {
  it('o valor da empresa vale para as lojas; o da loja vale só para ela; null volta ao herdado', async () => {
    const empresa = await gravar('estoque.permiteSaldoNegativo', { valor: false, versao: 0 });
    expect(empresa.statusCode, empresa.body).toBe(200);
    expect(empresa.json()).toMatchObject({ valor: false, origem: 'assinante', versao: 1 });
    const daLoja = await gravar('estoque.permiteSaldoNegativo', { valor: true, versao: 0 }, ana, loja.BV02);
    expect(daLoja.statusCode, daLoja.body).toBe(200);
    expect(daLoja.json()).toMatchObject({ valor: true, origem: 'loja', valorDaEmpresa: false, versao: 1 });

    expect(item(await ler('estoque', ana, loja.BV01), 'estoque.permiteSaldoNegativo')).toMatchObject({
      valor: false,
      origem: 'assinante',
      versao: 0,
    });
    expect(item(await ler('estoque', ana, loja.BV02), 'estoque.permiteSaldoNegativo')).toMatchObject({
      valor: true,
      origem: 'loja',
      versao: 1,
    });
    // the stock parameters' old face and the postings read the kit
    const antiga = await t.app.inject({ url: `/api/v1/estoque/lojas/${loja.BV01}/configuracao`, headers: ana.headers });
    expect(antiga.json()).toMatchObject({ permiteSaldoNegativo: false });
    const auditoria = await q(
      `select entidade_id, antes, depois from auditoria where entidade = 'configuracao' order by id`,
    );
    expect(auditoria).toEqual([
      { entidade_id: 'estoque.permiteSaldoNegativo', antes: { valor: null }, depois: { valor: false } },
      { entidade_id: `estoque.permiteSaldoNegativo@${loja.BV02}`, antes: { valor: null }, depois: { valor: true } },
    ]);

    const volta = await gravar('estoque.permiteSaldoNegativo', { valor: null, versao: 1 }, ana, loja.BV02);
    expect(volta.json()).toMatchObject({ valor: false, origem: 'assinante', versao: 0 });
    expect((await gravar('estoque.permiteSaldoNegativo', { valor: null })).json()).toMatchObject({
      valor: true,
      origem: 'padrao',
    });
  });

  it('versao desatualizada: 409 em português; sem versao, a última gravação vale', async () => {
    const a = await gravar('financeiro.conciliacaoJanelaDias', { valor: 5, versao: 0 });
    expect(a.statusCode, a.body).toBe(200);
    const velho = await gravar('financeiro.conciliacaoJanelaDias', { valor: 7, versao: 0 });
    expect(velho.statusCode).toBe(409);
    expect(velho.json().message).toBe(
      'Este registro foi alterado por outro usuário. Recarregue os dados e tente novamente.',
    );
    const livre = await gravar('financeiro.conciliacaoJanelaDias', { valor: 7 });
    expect(livre.json()).toMatchObject({ valor: 7, versao: 2 });
  });
});

describe('configurações: recusas', () => {
  it('valida pela declaração (422 com o campo e a mensagem em português)', async () => {
    const fora = await gravar('financeiro.conciliacaoJanelaDias', { valor: 40 });
    expect(fora.statusCode).toBe(422);
    expect(fora.json().erros).toEqual([
      expect.objectContaining({ campo: 'valor', mensagem: 'Informe um número inteiro entre 0 e 31.' }),
    ]);
    const bool = await gravar('estoque.inventarioHabilitado', { valor: 'talvez' });
    expect(bool.statusCode).toBe(422);
    expect(bool.json().erros[0].mensagem).toBe('Informe verdadeiro ou falso.');
    const minutos = await gravar('fiscal.prazoCancelamentoNfce', { valor: 1.5 });
    expect(minutos.json().erros[0].mensagem).toBe(
      'Informe um número inteiro de minutos entre 1 minuto e 1440 minutos.',
    );
    const porLoja = await gravar('estoque.inventarioHabilitado', { valor: false }, ana, loja.BV02);
    expect(porLoja.statusCode).toBe(422);
    expect(porLoja.json().reasons.join(' ')).toMatch(/vale para a empresa toda/);
    expect((await gravar('estoque.naoExiste', { valor: 1 })).statusCode).toBe(404);
    expect((await gravar('estoque.inventarioHabilitado', {})).statusCode).toBe(422);
  });

  it('sem a permissão de alterar: 403; nada é gravado', async () => {
    const r = await gravar('estoque.permiteSaldoNegativo', { valor: false }, gabi, loja.BV01);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Você não tem permissão para acessar ou alterar configurações.');
    expect((await gravar('estoque.inventarioHabilitado', { valor: false }, carlos)).statusCode).toBe(403);
    expect(await q(`select 1 from configuracao_parametro where chave = 'estoque.inventarioHabilitado'`)).toEqual([]);
  });

  it('escopo de loja: ler ou gravar uma loja fora das do usuário é 403; loja inexistente 404', async () => {
    expect((await ler('estoque', gabi, loja.BV02)).statusCode).toBe(403);
    const fora = await gravar('fiscal.prazoCancelamentoNfce', { valor: 20 }, carlos, loja.BV02);
    expect(fora.statusCode).toBe(403);
    expect(fora.json().message).toBe('Você não tem acesso à loja BV02 - Londrina.');
    const dentro = await gravar('fiscal.prazoCancelamentoNfce', { valor: 20 }, carlos, loja.BV01);
    expect(dentro.statusCode, dentro.body).toBe(200);
    expect((await gravar('fiscal.prazoCancelamentoNfce', { valor: 20 }, ana, 999_999)).statusCode).toBe(404);
    // the tenant's value of a store-scoped parameter reaches BV02 too: not for a user without it
    const daEmpresa = await gravar('fiscal.prazoCancelamentoNfce', { valor: 20 }, carlos);
    expect(daEmpresa.statusCode).toBe(403);
    expect(daEmpresa.json().message).toContain('BV02');
  });
});

describe('configurações: as flags chegam ao guarda pelo usuário atual', () => {
  it('"Inventário habilitado" desligado: GET /eumesmo traz flags.inventario false; null volta ao padrão', async () => {
    const antes = await t.app.inject({ url: '/api/v1/eumesmo', headers: elisa.headers });
    expect(antes.json().flags).toEqual({ inventario: true });
    expect((await gravar('estoque.inventarioHabilitado', { valor: false })).statusCode).toBe(200);
    const depois = await t.app.inject({ url: '/api/v1/eumesmo', headers: elisa.headers });
    expect(depois.statusCode, depois.body).toBe(200);
    expect(depois.json().flags).toEqual({ inventario: false });
    expect((await gravar('estoque.inventarioHabilitado', { valor: null })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/eumesmo', headers: elisa.headers })).json().flags).toEqual({
      inventario: true,
    });
  });
});
