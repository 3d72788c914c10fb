/**
 * Special rules of the Financeiro, Fiscal, Frente de loja, Estoque and Venda registers through HTTP on
 * a real database (the generic CRUD, denials and hostile input are covered for them by the contract
 * and property tests): bank check digits, store scope, CNJ numbers, SEFAZ justification length,
 * unique keys, defaults per store, demo data.
 */
import { digitoContaEsperado } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { cnjDeTeste } from './financeiro-fiscal.samples';
import { createRegistersApp, headersFor } from './support';

let t: TestApp;
let admin: Record<string, string>;
let lojas: Record<'BV01' | 'BV02' | 'BV03' | 'BV04', number>;
beforeAll(async () => {
  t = await createRegistersApp();
  admin = await headersFor(t, 'ana.admin');
  const r = await t.app.inject({ url: '/api/v1/pessoa/lojas?sort=id', headers: admin });
  lojas = Object.fromEntries(r.json().items.map((l: { sigla: string; id: number }) => [l.sigla, l.id])) as typeof lojas;
});
afterAll(() => t.close());

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const reasons = (r: { json: () => { reasons?: string[] } }) => r.json().reasons ?? [];
/** the machine names of the field errors (reasons name fields by their labels) */
const campos = (r: { json: () => { erros?: { campo: string }[] } }) => (r.json().erros ?? []).map((e) => e.campo);

async function agenteId(descricao: string): Promise<number> {
  const r = await api(
    'GET',
    `/financeiro/agentes-financeiros?q=${encodeURIComponent(`descricao=="${descricao}"`)}`,
    admin,
  );
  return r.json().items[0].id;
}

describe('conta corrente', () => {
  const nova = async (extra: object) => ({
    descricao: 'BB Londrina',
    lojaId: lojas.BV02,
    tipoConta: 'CORRENTE',
    agenteFinanceiroId: await agenteId('Banco do Brasil'),
    agencia: '1234',
    agenciaDigito: '3',
    numeroConta: '77001',
    dataSaldoInicial: '2026-05-01',
    saldoInicial: '-35.90',
    ...extra,
  });

  it('refuses a wrong check digit with the bank algorithm, then accepts the right one', async () => {
    const errada = await api('POST', '/financeiro/contas-correntes', admin, await nova({ numeroContaDigito: '0' }));
    expect(errada.statusCode).toBe(422);
    expect(reasons(errada).join()).toMatch(/Dígito da conta: Dígito da conta não confere \(Banco do Brasil/);
    const certa = await api(
      'POST',
      '/financeiro/contas-correntes',
      admin,
      await nova({ numeroContaDigito: digitoContaEsperado('001', '1234', '77001') }),
    );
    expect(certa.statusCode, certa.body).toBe(201);
    expect(certa.json()).toMatchObject({ saldoInicial: '-35.90', agencia: '1234', utilizaConciliacao: false });
    const dup = await api(
      'POST',
      '/financeiro/contas-correntes',
      admin,
      await nova({ descricao: 'Outra', numeroContaDigito: digitoContaEsperado('001', '1234', '77001') }),
    );
    expect(dup.statusCode).toBe(409);
  });

  it('accepts X as the digit and needs the bank data unless the account is a cash box', async () => {
    const semBanco = await api('POST', '/financeiro/contas-correntes', admin, {
      descricao: 'Sem banco',
      lojaId: lojas.BV01,
      tipoConta: 'CORRENTE',
      dataSaldoInicial: '2026-05-01',
    });
    expect(semBanco.statusCode).toBe(422);
    expect(campos(semBanco)).toContain('agenteFinanceiroId');
    expect(reasons(semBanco).join()).toMatch(/^Agente financeiro \(banco\): /);
    const conta = [
      '56700',
      '56701',
      '56702',
      '56703',
      '56704',
      '56705',
      '56706',
      '56707',
      '56708',
      '56709',
      '56710',
      '56711',
    ].find((c) => digitoContaEsperado('001', '1234', c) === 'X')!;
    const x = await api(
      'POST',
      '/financeiro/contas-correntes',
      admin,
      await nova({ descricao: 'Conta X', numeroConta: conta, numeroContaDigito: 'x' }),
    );
    expect(x.statusCode, x.body).toBe(201);
    expect(x.json().numeroContaDigito).toBe('X');
    const itau = await api('POST', '/financeiro/contas-correntes', admin, {
      descricao: 'Itaú errado',
      lojaId: lojas.BV02,
      agenteFinanceiroId: await agenteId('Itaú Unibanco'),
      agencia: '0457',
      numeroConta: '12346',
      numeroContaDigito: '3',
      dataSaldoInicial: '2026-05-01',
    });
    expect(reasons(itau).join()).toMatch(/Itaú, módulo 10/);
  });

  it("is store-bound: beatriz.fin (BV01, BV02) neither sees nor writes BV03's accounts", async () => {
    const bv03 = await api('POST', '/financeiro/contas-correntes', admin, {
      descricao: 'Caixa Joinville',
      lojaId: lojas.BV03,
      tipoConta: 'CAIXA',
      dataSaldoInicial: '2026-05-01',
    });
    expect(bv03.statusCode, bv03.body).toBe(201);
    const beatriz = await headersFor(t, 'beatriz.fin');
    const lista = await api('GET', '/financeiro/contas-correntes?count=100', beatriz);
    expect(lista.statusCode).toBe(200);
    const vistas = lista.json().items.map((c: { lojaId: number }) => c.lojaId);
    expect(vistas.length).toBeGreaterThan(0);
    expect(vistas.every((l: number) => l === lojas.BV01 || l === lojas.BV02)).toBe(true);
    expect((await api('GET', `/financeiro/contas-correntes/${bv03.json().id}`, beatriz)).statusCode).toBe(404);
    expect(
      (await api('PUT', `/financeiro/contas-correntes/${bv03.json().id}`, beatriz, { descricao: 'x' })).statusCode,
    ).toBe(404);
    const fora = await api('POST', '/financeiro/contas-correntes', beatriz, {
      descricao: 'Caixa fora',
      lojaId: lojas.BV03,
      tipoConta: 'CAIXA',
      dataSaldoInicial: '2026-05-01',
    });
    expect(fora.statusCode).toBe(403);
  });
});

describe('local de estoque', () => {
  it('diego.estoque (BV02 only) sees and creates only BV02 locations', async () => {
    const diego = await headersFor(t, 'diego.estoque');
    const lista = await api('GET', '/estoque/locais-estoque?count=100', diego);
    expect(
      lista
        .json()
        .items.map((l: { tipo: string }) => l.tipo)
        .sort(),
    ).toEqual(['AVARIA', 'DEPOSITO', 'LOJA']);
    expect(lista.json().items.every((l: { lojaId: number }) => l.lojaId === lojas.BV02)).toBe(true);
    expect(
      (await api('POST', '/estoque/locais-estoque', diego, { lojaId: lojas.BV01, descricao: 'Troca', tipo: 'TROCA' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('POST', '/estoque/locais-estoque', diego, { lojaId: lojas.BV02, descricao: 'Troca', tipo: 'TROCA' }))
        .statusCode,
    ).toBe(201);
  });

  it('one default sale location per store, and it must allow sales', async () => {
    const outro = await api('POST', '/estoque/locais-estoque', admin, {
      lojaId: lojas.BV02,
      descricao: 'Vitrine',
      tipo: 'LOJA',
      permiteVenda: true,
      padraoVenda: true,
    });
    expect(outro.statusCode).toBe(409);
    const semVenda = await api('POST', '/estoque/locais-estoque', admin, {
      lojaId: lojas.BV04,
      descricao: 'Quiosque',
      tipo: 'LOJA',
      padraoEntrada: false,
      padraoVenda: true,
    });
    expect(semVenda.statusCode).toBe(422);
    expect(campos(semVenda)).toContain('padraoVenda');
    const mesmoNome = await api('POST', '/estoque/locais-estoque', admin, {
      lojaId: lojas.BV02,
      descricao: 'depósito',
      tipo: 'DEPOSITO',
    });
    expect(mesmoNome.statusCode).toBe(409);
    expect(
      (await api('POST', '/estoque/locais-estoque', admin, { lojaId: lojas.BV01, descricao: 'Vitrine', tipo: 'LOJA' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('processo judicial', () => {
  const processo = (extra: object) => ({
    tipo: 'JUDICIAL',
    origem: '2',
    tributos: ['ICMS'],
    indicadorSuspensao: 'LIMINAR_MS',
    descricaoDecisao: 'Liminar: ICMS-ST',
    dataDecisao: '2025-02-10',
    vigenciaInicio: '2025-02-10',
    lojas: [lojas.BV01],
    ...extra,
  });

  it('checks the CNJ digits (mod 97) and stores the masked number', async () => {
    const carlos = await headersFor(t, 'carlos.fiscal');
    const errado = await api(
      'POST',
      '/fiscal/processos-judiciais',
      carlos,
      processo({ numeroProcesso: '5000101-00.2024.4.04.7000' }),
    );
    expect(errado.statusCode).toBe(422);
    expect(reasons(errado).join()).toMatch(/Número do processo: Número CNJ inválido/);
    const certo = await api(
      'POST',
      '/fiscal/processos-judiciais',
      carlos,
      processo({ numeroProcesso: cnjDeTeste(101).replace(/\D/g, '') }),
    );
    expect(certo.statusCode, certo.body).toBe(201);
    expect(certo.json().numeroProcesso).toBe(cnjDeTeste(101));
    const dup = await api('POST', '/fiscal/processos-judiciais', carlos, processo({ numeroProcesso: cnjDeTeste(101) }));
    expect(dup.statusCode).toBe(409);
  });

  it('takes any number for an administrative process; checks period, UF of the vara and the stores', async () => {
    const adm = await api(
      'POST',
      '/fiscal/processos-judiciais',
      admin,
      processo({ tipo: 'ADMINISTRATIVO', origem: '0', numeroProcesso: 'SEFA-PR 17.123.456-7' }),
    );
    expect(adm.statusCode, adm.body).toBe(201);
    const r = await api(
      'POST',
      '/fiscal/processos-judiciais',
      admin,
      processo({
        numeroProcesso: cnjDeTeste(102),
        vigenciaFim: '2024-01-01',
        ufVara: 'SC',
        municipioVara: '4106902',
        lojas: [lojas.BV01, 99999],
      }),
    );
    expect(r.statusCode).toBe(422);
    expect(reasons(r).join('|')).toMatch(/Lojas: Loja\(s\) não encontrada\(s\): 99999/);
    expect(campos(r)).toEqual(expect.arrayContaining(['vigenciaFim', 'municipioVara', 'lojas']));
  });

  it('filters by tributo and loja (array membership) and by "vigente em"', async () => {
    const q = (f: string) => api('GET', `/fiscal/processos-judiciais?count=100&q=${encodeURIComponent(f)}`, admin);
    const pis = await q(`tributos==PIS;lojas==${lojas.BV02}`);
    expect(pis.statusCode, pis.body).toBe(200);
    expect(pis.json().total).toBeGreaterThan(0);
    for (const p of pis.json().items) expect(p.tributos.includes('PIS') && p.lojas.includes(lojas.BV02)).toBe(true);
    expect((await q(`lojas==${lojas.BV04}`)).json().total).toBe(0);
    expect((await q('tributos=in=(IPI,ISS)')).json().total).toBe(0);
    const vigente = await q('vigenciaInicio=le=2026-11-22;(vigenciaFim=ge=2026-11-22,vigenciaFim==null)');
    expect(vigente.json().total).toBeGreaterThan(0);
    expect((await q('tributos==XYZ')).statusCode).toBe(400);
    expect((await q('tributos=gt=PIS')).statusCode).toBe(400);
    expect((await q('lojas==1.5')).statusCode).toBe(400);
    expect((await q('lojas==99999999999')).statusCode).toBe(400);
  });

  it('lists the demo process of Tema 69 under the filter by tax and period', async () => {
    const r = await api(
      'GET',
      `/fiscal/processos-judiciais?q=${encodeURIComponent('vigenciaInicio=le=2026-01-01;origem==1')}`,
      admin,
    );
    expect(r.json().items.some((p: { descricaoDecisao: string }) => p.descricaoDecisao.includes('Tema 69'))).toBe(true);
  });
});

describe('motivo do cancelamento', () => {
  it('needs 15 characters when it justifies an NFC-e or NF-e cancellation', async () => {
    const curto = await api('POST', '/financeiro/motivos-cancelamento', admin, {
      descricao: 'Desistiu',
      aplicacao: ['CUPOM_NFCE'],
    });
    expect(curto.statusCode).toBe(422);
    expect(reasons(curto).join()).toMatch(/ao menos 15 caracteres/);
    const titulo = await api('POST', '/financeiro/motivos-cancelamento', admin, {
      descricao: 'Desistiu',
      aplicacao: ['TITULO'],
    });
    expect(titulo.statusCode).toBe(201);
    const put = await api('PUT', `/financeiro/motivos-cancelamento/${titulo.json().id}`, admin, {
      aplicacao: ['TITULO', 'NFE'],
    });
    expect(put.statusCode).toBe(422);
  });
});

describe('unique keys and defaults', () => {
  it('espécie de documento: the sigla is unique (upper-cased)', async () => {
    const r = await api('POST', '/financeiro/especies-documentos', admin, {
      sigla: 'dm',
      descricao: 'Duplicata repetida',
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/sigla/);
  });

  it('agente financeiro: a bank needs a COMPE code from the official table; the ISPB comes from it', async () => {
    expect(
      (await api('POST', '/financeiro/agentes-financeiros', admin, { descricao: 'Banco sem código', tipo: 'BANCO' }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await api('POST', '/financeiro/agentes-financeiros', admin, {
          descricao: 'Banco 998',
          tipo: 'BANCO',
          codigoBanco: '998',
        })
      ).statusCode,
    ).toBe(422);
    const inter = await api('POST', '/financeiro/agentes-financeiros', admin, {
      descricao: 'Banco Inter',
      tipo: 'BANCO',
      codigoBanco: '077',
    });
    expect(inter.statusCode, inter.body).toBe(201);
    expect(inter.json().ispb).toMatch(/^\d{8}$/);
  });

  it('tipo de ajuste: one active default for surplus, and it must be an entry', async () => {
    const dup = await api('POST', '/estoque/tipos-ajuste', admin, {
      descricao: 'Outra sobra',
      tipo: 'ENTRADA',
      usoInventario: 'SOBRA',
    });
    expect(dup.statusCode).toBe(409);
    const saida = await api('POST', '/estoque/tipos-ajuste', admin, {
      descricao: 'Sobra errada',
      tipo: 'SAIDA',
      usoInventario: 'SOBRA',
    });
    expect(saida.statusCode).toBe(422);
    const cfop = await api('POST', '/estoque/tipos-ajuste', admin, {
      descricao: 'Entrada com CFOP de saída',
      tipo: 'ENTRADA',
      cfop: '5927',
    });
    expect(reasons(cfop).join()).toMatch(/CFOP: Um ajuste de entrada/);
  });

  it('formas de pagamento: change only in cash, xPag for tPag 99', async () => {
    const troco = await api('POST', '/financeiro/formas-pagamento', admin, {
      descricao: 'Crédito com troco',
      tipoPagamento: '03',
      permiteTroco: true,
    });
    expect(campos(troco)).toContain('permiteTroco');
    const outros = await api('POST', '/financeiro/formas-pagamento', admin, {
      descricao: 'Outros',
      tipoPagamento: '99',
    });
    expect(campos(outros)).toContain('descricaoPagamento');
  });

  it('mensagens promocionais: 5 lines of 48 columns; fabio.gerente sees BV02 messages', async () => {
    const base = { titulo: 'Longa', lojas: [lojas.BV02], vigenciaInicio: '2026-11-01' };
    expect(
      reasons(await api('POST', '/pdv/mensagens-promocionais', admin, { ...base, texto: 'a\nb\nc\nd\ne\nf' })).join(),
    ).toMatch(/5 linhas/);
    expect(
      reasons(await api('POST', '/pdv/mensagens-promocionais', admin, { ...base, texto: 'x'.repeat(49) })).join(),
    ).toMatch(/48 colunas/);
    const fabio = await headersFor(t, 'fabio.gerente');
    const r = await api('GET', '/pdv/mensagens-promocionais', fabio);
    expect(r.statusCode).toBe(200);
    expect(r.json().items.every((m: { lojas: number[] }) => m.lojas.includes(lojas.BV02))).toBe(true);
  });
});

describe('demo data', () => {
  it.each([
    ['localhost', 'ana.admin'],
    ['mercadao.localhost', 'marta.admin'],
  ])('%s has the seed lists', async (host, user) => {
    const h = await headersFor(t, user, host);
    const total = async (url: string) => (await api('GET', url, h)).json().total;
    expect(await total('/financeiro/especies-documentos')).toBeGreaterThanOrEqual(15);
    expect(await total('/financeiro/motivos-cancelamento')).toBeGreaterThanOrEqual(3);
    expect(await total('/financeiro/historicos-padrao')).toBeGreaterThanOrEqual(4);
    expect(await total('/financeiro/agentes-financeiros')).toBeGreaterThanOrEqual(13);
    expect(await total('/fiscal/ramos-atuacao')).toBeGreaterThanOrEqual(7);
    expect(await total('/estoque/tipos-ajuste')).toBeGreaterThanOrEqual(6);
    expect(await total('/compra/tipos-acordo')).toBeGreaterThanOrEqual(8);
    const contas = (await api('GET', '/financeiro/contas-correntes?q=utilizaConciliacao==true', h)).json();
    expect(contas.total).toBe(2);
  });
});

describe('required lists', () => {
  it('an empty list is not a filled-in required field (lojas, tributos)', async () => {
    const r = await api('POST', '/fiscal/processos-judiciais', admin, {
      numeroProcesso: cnjDeTeste(103),
      origem: '1',
      tributos: [],
      indicadorSuspensao: 'LIMINAR_MS',
      descricaoDecisao: 'x',
      dataDecisao: '2025-01-01',
      vigenciaInicio: '2025-01-01',
      lojas: [],
    });
    expect(r.statusCode).toBe(422);
    expect(reasons(r)).toEqual(expect.arrayContaining(['Tributos: Campo obrigatório.', 'Lojas: Campo obrigatório.']));
  });
});

describe('references', () => {
  it('a referenced espécie is inactivated, never deleted (409)', async () => {
    const cc = (await api('GET', `/financeiro/especies-documentos?q=sigla==CC`, admin)).json().items[0];
    const del = await api('DELETE', `/financeiro/especies-documentos/${cc.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/Inative o registro/);
  });

  it("setor de produção: the locations belong to the sector's stores", async () => {
    const marta = await headersFor(t, 'marta.admin', 'mercadao.localhost');
    const locais = (await api('GET', '/estoque/locais-estoque?count=100&sort=id', marta)).json().items as {
      id: number;
      lojaId: number;
    }[];
    const [mb1, mb2] = [...new Set(locais.map((l) => l.lojaId))];
    const local = locais.find((l) => l.lojaId === mb2)!;
    const r = await api('POST', '/estoque/setores-producao', marta, {
      descricao: 'Confeitaria',
      lojas: [mb1],
      localEstoqueId: local.id,
    });
    expect(r.statusCode).toBe(422);
    expect(reasons(r).join()).toMatch(/Local do produto acabado: O local pertence à loja/);
    const ok = await api('POST', '/estoque/setores-producao', marta, {
      descricao: 'Confeitaria',
      lojas: [mb1, mb2],
      localEstoqueId: local.id,
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
