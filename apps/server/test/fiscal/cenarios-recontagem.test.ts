/**
 * The scenario coverage behind the counters (domain.md §3.7): the demo's product without a tax scenario comes
 * from the coverage itself; a scenario saved or deleted through the API recounts the products of its NCM in a
 * job (SEM_CENARIO_FISCAL appears and disappears); an NFC-e operation rule with a CFOP outside the list is
 * refused on save, while one the official table stops allowing is found (CFOP_NAO_PERMITIDO_NFCE) by the
 * recount the table change marks, and leaves once the table allows it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { varrerRecontagens } from '../../src/modules/fiscal/cenario-recontagem';
import { adminQuery, type TestApp } from '../helpers/app';
import { createRegistersApp, headersFor } from '../registers/support';

let t: TestApp;
let ana: Record<string, string>;
let carlos: Record<string, string>;
let assinante: number;
let lojas: number;

const NCM = '/api/v1/fiscal/cenarios-fiscais/ncm';
const OPERACAO = '/api/v1/fiscal/cenarios-fiscais/operacao';
const TRIBUTACAO = '/api/v1/produto/inconsistencias-tributacao';

const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
}

async function criar(url: string, payload: object, headers = carlos): Promise<number> {
  const r = await call('POST', url, headers, payload);
  if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.json().id;
}

/** open rows of a type for a product: [loja_id (null = every store), valor_atual] */
const linhas = (produtoId: number, tipo: string) =>
  q<{ loja: number | null; valor: string | null; detalhe: string }>(
    `select loja_id as loja, valor_atual as valor, detalhe from inconsistencia_produto
      where produto_id = $1 and tipo = $2 and resolvida_em is null order by loja_id nulls first`,
    [produtoId, tipo],
  );
const tributacao = async () => (await call('GET', TRIBUTACAO, carlos)).json().total as number;
const porTipo = async (tipo: string) =>
  (
    (await call('GET', '/api/v1/produto/inconsistencias-produto', carlos)).json().items as {
      tipoInconsistencia: string;
      quantidade: number;
    }[]
  ).find((i) => i.tipoInconsistencia === tipo)?.quantidade ?? 0;
const POLL = { timeout: 20_000, interval: 200 };

beforeAll(async () => {
  t = await createRegistersApp();
  ana = await headersFor(t, 'ana.admin');
  carlos = await headersFor(t, 'carlos.fiscal');
  const [a] = await q<{ id: number }>(`select id from assinante where nome = 'Bela Vida'`);
  assinante = a!.id;
  const [l] = await q<{ n: number }>(`select count(*)::int as n from loja where assinante_id = $1 and ativo`, [
    assinante,
  ]);
  lojas = l!.n;
});
afterAll(() => t.close());

describe('the demo numbers come from the coverage', () => {
  it('the imported kit (origem 2, no scenario for it) is the one product without a tax scenario, in every store', async () => {
    const [kit] = await q<{ id: number }>(
      `select id from produto where assinante_id = $1 and descricao = 'Kit Presente Brisa Floral'`,
      [assinante],
    );
    expect(await linhas(kit!.id, 'SEM_CENARIO_FISCAL')).toEqual([
      expect.objectContaining({ loja: null, valor: null, detalhe: expect.stringMatching(/^Em todas as lojas: /) }),
    ]);
    expect(await tributacao()).toBe(1);
    // nothing the seed wrote by hand: the recount of everything finds the same
    const job = await call('POST', '/api/v1/fiscal/inconsistencias/recalculo', carlos);
    expect(job.statusCode, job.body).toBe(202);
    await expect
      .poll(async () => (await call('GET', `/api/v1/tarefas/${job.json().tarefaId}`, carlos)).json().status, POLL)
      .toBe('CONCLUIDO');
    expect(await linhas(kit!.id, 'SEM_CENARIO_FISCAL')).toHaveLength(1);
    expect(await tributacao()).toBe(1);
  });
});

describe('a scenario saved or deleted recounts its products in a job', () => {
  it('SEM_CENARIO_FISCAL of a new product leaves once an NCM scenario covers it, and comes back when it is deleted', async () => {
    const produto = await criar(
      '/api/v1/produto/produtos',
      { descricao: 'Tônico recontagem', ncmId: '33059000', origem: '0' },
      ana,
    );
    // a new product is marked; the periodic sweep enqueues its tenant's recount
    expect(
      await q(`select 1 from fiscal_recontagem_pendente where assinante_id = $1 and ncm = '33059000'`, [assinante]),
    ).toHaveLength(1);
    await varrerRecontagens(t.db);
    await expect.poll(async () => (await linhas(produto, 'SEM_CENARIO_FISCAL')).length, POLL).toBe(1);
    expect(await tributacao()).toBe(2);

    const regra = await criar(NCM, {
      descricao: 'Capilares',
      ncm: '3305.90.00',
      ufOrigem: 'TODAS',
      ufDestino: 'TODAS',
      origem: '0',
      cst: '00',
      csosn: '102',
      aliquota: '19.5',
      pisCofinsCstSaida: '01',
      pisCofinsCstEntrada: '50',
      vigenciaInicio: '2024-01-01',
    });
    // the save enqueued the job by itself (no sweep): the product resolves now in every store
    await expect.poll(async () => (await linhas(produto, 'SEM_CENARIO_FISCAL')).length, POLL).toBe(0);
    expect(await tributacao()).toBe(1);
    const [tarefa] = await q<{ status: string }>(
      `select status from tarefa where assinante_id = $1 and tipo = 'fiscal.cenarios.recontagem' order by criado_em desc limit 1`,
      [assinante],
    );
    expect(tarefa?.status).toBe('CONCLUIDO');

    // a rule for the regime normal only: the Simples store lacks its CSOSN, one row for that store alone
    const lida = (await call('GET', `${NCM}/${regra}`, carlos)).json();
    const r = await call('PUT', `${NCM}/${regra}`, carlos, { ...lida, crt: 3, csosn: null });
    expect(r.statusCode, r.body).toBe(200);
    await expect.poll(async () => (await linhas(produto, 'SEM_CENARIO_FISCAL')).length, POLL).toBe(1);
    const [simples] = await q<{ id: number }>(`select id from loja where assinante_id = $1 and crt <> 3`, [assinante]);
    expect(await linhas(produto, 'SEM_CENARIO_FISCAL')).toEqual([
      expect.objectContaining({ loja: simples!.id, detalhe: expect.stringContaining('nenhum cenário por NCM') }),
    ]);
    expect(lojas).toBeGreaterThan(1);

    expect((await call('DELETE', `${NCM}/${regra}`, carlos)).statusCode).toBe(200);
    await expect
      .poll(async () => (await linhas(produto, 'SEM_CENARIO_FISCAL')).map((x) => x.loja), POLL)
      .toEqual([null]);
    expect(await tributacao()).toBe(2);
  });
});

describe('CFOP not allowed on the NFC-e', () => {
  it('an NFC-e operation rule with a CFOP outside the list cannot be saved', async () => {
    const r = await call('POST', OPERACAO, carlos, {
      tipoOperacao: 'VENDA',
      modelo: '65',
      finalidade: '3',
      abrangencia: 'ESTADUAL',
      cfop: '5949',
      naturezaOperacao: 'Outra saída no PDV',
      vigenciaInicio: '2032-01-01',
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().erros.map((e: { campo: string }) => e.campo)).toContain('cfop');
  });

  it('a CFOP the official table stops allowing is found by the recount the change marks, and leaves with it', async () => {
    const [colonia] = await q<{ id: number }>(
      `select id from produto where assinante_id = $1 and descricao = 'Colônia Brisa Floral 75 ml'`,
      [assinante],
    );
    expect(await linhas(colonia!.id, 'CFOP_NAO_PERMITIDO_NFCE')).toEqual([]);
    const antes = await tributacao();
    // the demo's ST sale on NFC-e gives 5405 (CFOP com ST); an official update makes it unusable
    await q(`update cfop_oficial set utilizavel = false where codigo = '5405'`);
    expect(
      await q(`select 1 from fiscal_recontagem_pendente where assinante_id = $1 and ncm = ''`, [assinante]),
    ).toHaveLength(1);
    await varrerRecontagens(t.db);
    await expect.poll(async () => (await linhas(colonia!.id, 'CFOP_NAO_PERMITIDO_NFCE')).length, POLL).toBe(1);
    expect(await linhas(colonia!.id, 'CFOP_NAO_PERMITIDO_NFCE')).toEqual([
      expect.objectContaining({ loja: null, valor: '5405', detalhe: expect.stringContaining('CFOP 5405') }),
    ]);
    expect(await porTipo('CFOP_NAO_PERMITIDO_NFCE')).toBeGreaterThanOrEqual(1);
    // a product inconsistency, not a missing scenario: the tax counter does not move
    expect(await tributacao()).toBe(antes);
    const cobertura = await call('GET', '/api/v1/fiscal/cenarios-fiscais/cobertura?count=1000', carlos);
    expect(
      cobertura
        .json()
        .items.some(
          (i: { ncm: string; faltando: string[] }) =>
            i.ncm === '33030020' && i.faltando.some((f) => f.includes('CFOP 5405')),
        ),
    ).toBe(true);

    await q(`update cfop_oficial set utilizavel = true where codigo = '5405'`);
    await varrerRecontagens(t.db);
    await expect.poll(async () => (await linhas(colonia!.id, 'CFOP_NAO_PERMITIDO_NFCE')).length, POLL).toBe(0);
    expect(await porTipo('CFOP_NAO_PERMITIDO_NFCE')).toBe(0);
  });

  it('a product edit keeps the coverage rows the product detection does not write', async () => {
    await q(`update cfop_oficial set utilizavel = false where codigo = '5405'`);
    await varrerRecontagens(t.db);
    const [colonia] = await q<{ id: number }>(
      `select id from produto where assinante_id = $1 and descricao = 'Colônia Brisa Floral 75 ml'`,
      [assinante],
    );
    await expect.poll(async () => (await linhas(colonia!.id, 'CFOP_NAO_PERMITIDO_NFCE')).length, POLL).toBe(1);
    await q(`update produto set descricao_reduzida = 'Colônia Brisa' where id = $1`, [colonia!.id]);
    expect(await linhas(colonia!.id, 'CFOP_NAO_PERMITIDO_NFCE')).toHaveLength(1);
    await q(`update cfop_oficial set utilizavel = true where codigo = '5405'`);
  });
});

describe('what changes without a scenario save also marks the recount', () => {
  const marcas = () =>
    q<{ ncm: string; detectar: boolean }>(
      `select ncm, detectar from fiscal_recontagem_pendente where assinante_id = $1 order by ncm, detectar`,
      [assinante],
    );

  it('a store whose CRT changes is resolved again for every product', async () => {
    const [loja] = await q<{ id: number; crt: number }>(
      `select id, crt from loja where assinante_id = $1 and crt = 3 order by id limit 1`,
      [assinante],
    );
    await q(`delete from fiscal_recontagem_pendente where assinante_id = $1`, [assinante]);
    await q(`update loja set fantasia = fantasia where id = $1`, [loja!.id]);
    expect(await marcas()).toEqual([]);
    await q(`update loja set crt = 1 where id = $1`, [loja!.id]);
    expect(await marcas()).toEqual([{ ncm: '', detectar: false }]);
    await q(`update loja set crt = 3 where id = $1`, [loja!.id]);
    await q(`delete from fiscal_recontagem_pendente where assinante_id = $1`, [assinante]);
  });

  it('the day a rule enters its vigência its NCM is marked, once', async () => {
    const [{ hoje }] = (await q<{ hoje: string }>(
      `select ((now() at time zone 'America/Rio_Branco')::date)::text as hoje`,
    )) as [{ hoje: string }];
    await criar(NCM, {
      descricao: 'Ondulação a partir de hoje',
      ncm: '3305.20.00',
      ufOrigem: 'TODAS',
      ufDestino: 'TODAS',
      cst: '00',
      csosn: '102',
      vigenciaInicio: hoje,
    });
    // the save's own job drains its mark
    await expect.poll(async () => (await marcas()).length, POLL).toBe(0);
    await q(`update fiscal_recontagem_rodada set virada_em = null where assinante_id = $1`, [assinante]);
    await q(`select app_recontagem_virada_do_dia()`);
    expect(await marcas()).toContainEqual({ ncm: '33052000', detectar: false });
    await q(`delete from fiscal_recontagem_pendente where assinante_id = $1`, [assinante]);
    await q(`select app_recontagem_virada_do_dia()`);
    expect(await marcas()).toEqual([]);
  });
});
