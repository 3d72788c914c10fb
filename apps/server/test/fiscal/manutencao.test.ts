/**
 * Fiscal table maintenance: administrators add codes missing from the incomplete official tables
 * (CFOP, CEST), NCM local attributes (CEST links of the NCM, group), and the product's per-store
 * state regime (regimesDoProduto).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, type TestApp } from '../helpers/app';
import { createRegistersApp, headersFor } from '../registers/support';

let t: TestApp;
let ana: Record<string, string>;
let carlos: Record<string, string>;
beforeAll(async () => {
  t = await createRegistersApp();
  ana = await headersFor(t, 'ana.admin');
  carlos = await headersFor(t, 'carlos.fiscal');
});
afterAll(() => t.close());

const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('codes missing from the official tables', () => {
  it('every user reads the notices; only an administrator adds a CFOP, once, audited', async () => {
    const info = (await call('GET', '/api/v1/fiscal/tabelas-oficiais', carlos)).json();
    expect(info.items.map((i: { tabela: string }) => i.tabela)).toEqual(['cfop', 'cest', 'cstat']);
    expect(info.items[0].aviso).toMatch(/CFOP de cerca de 2010/);
    expect(info.items[0].versao).toMatch(/cfop\.csv@/);
    const antes = info.items[0].incluidosManualmente;

    const body = { codigo: '1.131', descricao: 'Entrada de mercadoria com previsão de posterior ajuste' };
    expect((await call('POST', '/api/v1/fiscal/tabelas-oficiais/cfop', carlos, body)).statusCode).toBe(403);
    const r = await call('POST', '/api/v1/fiscal/tabelas-oficiais/cfop', ana, body);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().codigo).toBe('1131');
    const again = await call('POST', '/api/v1/fiscal/tabelas-oficiais/cfop', ana, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('O CFOP 1131 já existe na tabela.');
    // an official code is never overwritten
    const oficial = await call('POST', '/api/v1/fiscal/tabelas-oficiais/cfop', ana, {
      codigo: '5102',
      descricao: 'Outra',
    });
    expect(oficial.statusCode).toBe(409);
    const bad = await call('POST', '/api/v1/fiscal/tabelas-oficiais/cfop', ana, { codigo: '4102', descricao: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().reasons.join(' ')).toMatch(/CFOP inválido/);

    const { rows } = await adminQuery(
      t.ownerUrl,
      `select c.descricao, c.incluido_manualmente, c.fluxo, c.incluido_por_assinante,
              (select count(*)::int from auditoria a where a.entidade = 'cfopOficial' and a.entidade_id = '1131') as auditorias,
              (select descricao from cfop_oficial where codigo = '5102') as oficial
         from cfop_oficial c where c.codigo = '1131'`,
    );
    expect(rows[0]).toMatchObject({ incluido_manualmente: true, fluxo: 'entrada', auditorias: 1 });
    expect(rows[0]!.oficial).not.toBe('Outra');
    const depois = (await call('GET', '/api/v1/fiscal/tabelas-oficiais', carlos)).json();
    expect(depois.items[0].incluidosManualmente).toBe(antes + 1);
  });

  it('the NF-e cStat table (2019) is loaded and takes a missing code from an administrator', async () => {
    const info = (await call('GET', '/api/v1/fiscal/tabelas-oficiais', carlos)).json();
    const cstat = info.items.find((i: { tabela: string }) => i.tabela === 'cstat');
    expect(cstat.versao).toMatch(/nfe_cstat\.csv@/);
    expect(cstat.aviso).toMatch(/dezembro de 2019/);
    const body = { codigo: '880', descricao: 'Rejeição incluída por Nota Técnica posterior', tipo: 'rejeicao' };
    expect((await call('POST', '/api/v1/fiscal/tabelas-oficiais/cstat', carlos, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/fiscal/tabelas-oficiais/cstat', ana, body)).statusCode).toBe(201);
    const existente = await call('POST', '/api/v1/fiscal/tabelas-oficiais/cstat', ana, { ...body, codigo: '100' });
    expect(existente.statusCode).toBe(409);
    expect(existente.json().message).toBe('O cStat 100 já existe na tabela.');
    const bad = await call('POST', '/api/v1/fiscal/tabelas-oficiais/cstat', ana, { ...body, codigo: '88', tipo: 'x' });
    expect(bad.statusCode).toBe(422);
    const { rows } = await adminQuery(
      t.ownerUrl,
      `select (select count(*)::int from nfe_cstat) as total, (select descricao from nfe_cstat where codigo = '100') as oficial,
              (select incluido_manualmente from nfe_cstat where codigo = '880') as manual`,
    );
    expect(rows[0]).toMatchObject({ total: 528, oficial: 'Autorizado o uso da NF-e', manual: true });
  });

  it('a CEST is added for an existing NCM code or prefix, then an NCM can link it', async () => {
    const semNcm = await call('POST', '/api/v1/fiscal/tabelas-oficiais/cest', ana, {
      codigo: '2899901',
      ncm: '999999',
      segmento: 'Teste',
      descricao: 'Item novo',
    });
    expect(semNcm.statusCode).toBe(422);
    const r = await call('POST', '/api/v1/fiscal/tabelas-oficiais/cest', ana, {
      codigo: '28.999.01',
      ncm: '3303',
      segmento: 'Venda porta a porta',
      descricao: 'Item incluído depois de 2020',
    });
    expect(r.statusCode, r.body).toBe(201);
    const put = await call('PUT', '/api/v1/fiscal/ncms/33030010', carlos, { cests: [{ cest: '2899901' }] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().cests).toEqual([expect.objectContaining({ cest: '2899901' })]);
  });
});

describe('NCM local attributes', () => {
  it('CEST links must list the NCM in the official table; the official text never changes', async () => {
    const before = (await call('GET', '/api/v1/fiscal/ncms/33030020', carlos)).json();
    const ok = await call('PUT', '/api/v1/fiscal/ncms/33030020', carlos, {
      ...before,
      descricao: 'Texto mudado',
      observacao: 'Conferir ST',
      cests: [{ cest: '2000800' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      descricao: before.descricao,
      observacao: 'Conferir ST',
      cests: [{ cest: '2000800' }],
    });
    const wrong = await call('PUT', '/api/v1/fiscal/ncms/33030020', carlos, {
      cests: [{ cest: '2000700' }, { cest: '2000800' }, { cest: '2000800' }],
    });
    expect(wrong.statusCode).toBe(422);
    const reasons = wrong.json().reasons.join(' | ');
    expect(reasons).toMatch(/CEST 2000700 não lista o NCM 33030020/);
    expect(reasons).toMatch(/CEST 2000800 foi informado mais de uma vez/);
    const removed = await call('PUT', '/api/v1/fiscal/ncms/33030020', carlos, { cests: [] });
    expect(removed.json().cests).toEqual([]);
    // another tenant sees none of it
    const marta = await headersFor(t, 'marta.admin', 'mercadao.localhost');
    const other = (await call('GET', '/api/v1/fiscal/ncms/33030010', marta)).json();
    expect(other.cests).toEqual([]);
  });

  it('an NCM is in at most one group: set, move, clear; a prefix membership is the group’s to change', async () => {
    const mk = async (descricao: string, ncms: string[]) =>
      (
        await call('POST', '/api/v1/fiscal/grupos-ncm', carlos, { descricao, ncms: ncms.map((ncm) => ({ ncm })) })
      ).json().id as number;
    const a = await mk('Perfumes teste', []);
    const b = await mk('Colônias teste', []);
    const c = await mk('Maquiagem teste', ['3304']);
    const set = await call('PUT', '/api/v1/fiscal/ncms/33030010', carlos, { grupoNcmId: a });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().grupoNcmId).toBe(a);
    const moved = await call('PUT', '/api/v1/fiscal/ncms/33030010', carlos, { grupoNcmId: b });
    expect(moved.json().grupoNcmId).toBe(b);
    const ga = (await call('GET', `/api/v1/fiscal/grupos-ncm/${a}`, carlos)).json();
    const gb = (await call('GET', `/api/v1/fiscal/grupos-ncm/${b}`, carlos)).json();
    expect(ga.ncms).toEqual([]);
    expect(gb.ncms.map((x: { ncm: string }) => x.ncm)).toEqual(['33030010']);
    expect((await call('GET', '/api/v1/fiscal/ncms?q=grupoNcmId==' + b, carlos)).json().total).toBe(1);
    const cleared = await call('PUT', '/api/v1/fiscal/ncms/33030010', carlos, { grupoNcmId: null });
    expect(cleared.json().grupoNcmId).toBeNull();

    expect((await call('GET', '/api/v1/fiscal/ncms/33041000', carlos)).json().grupoNcmId).toBe(c);
    const byPrefix = await call('PUT', '/api/v1/fiscal/ncms/33041000', carlos, { grupoNcmId: a });
    expect(byPrefix.statusCode).toBe(422);
    expect(byPrefix.json().reasons[0]).toMatch(/grupo "Maquiagem teste" pelo código 3304/);
    const missing = await call('PUT', '/api/v1/fiscal/ncms/33030020', carlos, { grupoNcmId: 999999 });
    expect(missing.statusCode).toBe(422);
  });
});

describe('produto: regimesDoProduto', () => {
  it('one regime per store, of the store’s UF; kept and read back with the product', async () => {
    const lojas = (await call('GET', '/api/v1/pessoa/lojas?sort=id', ana)).json().items as { id: number; uf: string }[];
    const situacao = (await call('GET', '/api/v1/fiscal/situacoes?count=1', ana)).json().items[0].id;
    const regime = async (uf: string) =>
      (
        await call('POST', '/api/v1/fiscal/regimes-tributarios', ana, {
          descricao: `TRIBUTADO TESTE ${uf}`,
          uf,
          situacaoFiscalSaidaId: situacao,
          aliquotaIcms: '19.5',
        })
      ).json().id as number;
    const loja = lojas[0]!;
    const daLoja = await regime(loja.uf);
    const outraUf = await regime(loja.uf === 'SP' ? 'RJ' : 'SP');
    const ok = await call('POST', '/api/v1/produto/produtos', ana, {
      descricao: 'Produto com regime',
      regimesDoProduto: [{ lojaId: loja.id, regimeEstadualId: daLoja }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().regimesDoProduto).toEqual([
      expect.objectContaining({ lojaId: loja.id, regimeEstadualId: daLoja }),
    ]);
    const bad = await call('PUT', `/api/v1/produto/produtos/${ok.json().id}`, ana, {
      regimesDoProduto: [
        { lojaId: loja.id, regimeEstadualId: outraUf },
        { lojaId: loja.id, regimeEstadualId: daLoja },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const reasons = bad.json().reasons.join(' | ');
    expect(reasons).toMatch(/loja \d+ aparece mais de uma vez/);
    expect(reasons).toMatch(/regime é da UF (SP|RJ), mas a loja é da UF/);
    // the regime in use cannot be deleted
    expect((await call('DELETE', `/api/v1/fiscal/regimes-tributarios/${daLoja}`, ana)).statusCode).toBe(409);
  });
});

describe('SPED natureza da receita tables', () => {
  const arquivo = [
    '|4.3.10|Produtos sujeitos à incidência monofásica|',
    '|201|Medicamentos|3003, 3004|01012009||',
    '|202|Produtos de perfumaria, de toucador ou de higiene pessoal|3303 a 3307|01012009||',
    '|203|Código encerrado|3401|01012009|31122015|',
    '',
  ].join('\r\n');
  const natureza = (id: string, cstSaida: string, naturezaReceita: string) => ({
    id,
    descricao: `Natureza ${id}`,
    tipoImposto: 'PIS',
    cstSaida,
    naturezaReceita,
  });

  it('missing tables are said so and codes go unchecked; an administrator loads a validated, versioned file', async () => {
    const vazio = (await call('GET', '/api/v1/fiscal/naturezas-receita', carlos)).json();
    expect(vazio.tabelas).toHaveLength(7);
    expect(vazio.tabelas.every((t: { versao: unknown }) => t.versao === null)).toBe(true);
    expect(vazio.items).toEqual([]);
    expect(
      (await call('POST', '/api/v1/fiscal/impostos-federais', carlos, natureza('N1', '04', '999'))).statusCode,
    ).toBe(201);

    const corpo = { tabela: '4.3.10', arquivo: 'tabela_4.3.10.txt', conteudo: arquivo };
    expect((await call('POST', '/api/v1/fiscal/naturezas-receita/tabelas', carlos, corpo)).statusCode).toBe(403);
    const ruim = await call('POST', '/api/v1/fiscal/naturezas-receita/tabelas', ana, {
      ...corpo,
      conteudo:
        '|201|Medicamentos||01012009||\n|20A|Sem código||01012009||\n|202|Data ruim||31022009||\n|201|Medicamentos||01012009||',
    });
    expect(ruim.statusCode).toBe(422);
    expect(ruim.json().reasons).toEqual([
      'linha 2: código "20A" inválido: use 3 dígitos.',
      'linha 3: data inválida (use ddmmaaaa).',
      'linha 4: o código 201 aparece mais de uma vez com o mesmo início de vigência.',
    ]);
    const ok = await call('POST', '/api/v1/fiscal/naturezas-receita/tabelas', ana, corpo);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ tabela: '4.3.10', linhas: 3 });

    const lista = (await call('GET', '/api/v1/fiscal/naturezas-receita?cst=04', carlos)).json();
    expect(lista.items.map((i: { codigo: string }) => i.codigo)).toEqual(['201', '202']);
    expect(lista.tabelas[0].versao).toMatchObject({ arquivo: 'tabela_4.3.10.txt', linhas: 3 });
    expect((await call('GET', '/api/v1/fiscal/naturezas-receita?cst=06', carlos)).json().items).toEqual([]);
    const marta = await headersFor(t, 'marta.admin', 'mercadao.localhost');
    expect((await call('GET', '/api/v1/fiscal/naturezas-receita', marta)).json().items).toEqual([]);
  });

  it('once loaded, a natureza PIS/COFINS takes only a code in force for its exit CST; a new version replaces the old', async () => {
    expect(
      (await call('POST', '/api/v1/fiscal/impostos-federais', carlos, natureza('N2', '04', '202'))).statusCode,
    ).toBe(201);
    const vencido = await call('POST', '/api/v1/fiscal/impostos-federais', carlos, natureza('N3', '04', '203'));
    expect(vencido.statusCode).toBe(422);
    expect(vencido.json().reasons[0]).toBe(
      'Natureza da receita: O código 203 não está em vigor nas tabelas da natureza da receita que servem ao CST 04.',
    );
    expect(
      (await call('POST', '/api/v1/fiscal/impostos-federais', carlos, natureza('N4', '06', '202'))).statusCode,
    ).toBe(422);

    const nova = await call('POST', '/api/v1/fiscal/naturezas-receita/tabelas', ana, {
      tabela: '4.3.10',
      arquivo: 'tabela_4.3.10_v2.txt',
      conteudo: '201|Medicamentos|3003|01012009|\n',
    });
    expect(nova.statusCode).toBe(201);
    const lista = (await call('GET', '/api/v1/fiscal/naturezas-receita?cst=04', carlos)).json();
    expect(lista.items.map((i: { codigo: string }) => i.codigo)).toEqual(['201']);
    const { rows } = await adminQuery(
      t.ownerUrl,
      `select count(*)::int as n from natureza_receita_versao v join assinante a on a.id = v.assinante_id`,
    );
    expect(rows[0]!.n).toBe(2);
  });
});
