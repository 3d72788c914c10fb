/**
 * Inputs bounded before they are used (issue 26, findings 1, 3 and 5), through HTTP:
 * - a 200 000-digit decimal is a 422 at once, and another tenant is served meanwhile at its usual speed
 *   (2 000 000 digits froze the tax simulator, and every tenant, for 11–18 s);
 * - more than 30 places, and malformed dates in the report and scenario contracts, are 4xx (were 500);
 * - business dates from 2000 on, no impossible time; more than a year back asks for `confirmarDataAntiga`.
 */
import { hojeNaZona, umAnoAntes, zonaDaLoja } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let gabi: Record<string, string>; // read-only, Bela Vida
let ana: Record<string, string>; // administrator, Bela Vida
let marta: Record<string, string>; // administrator, Mercadão (another tenant)
const ref: Record<string, number> = {};
let hojeBv02 = '';

const SIMULAR = '/api/v1/fiscal/cenarios-fiscais/simular';

beforeAll(async () => {
  t = await createTestApp();
  gabi = (await login(t, 'gabi.consulta')).headers;
  ana = (await login(t, 'ana.admin')).headers;
  marta = (await login(t, 'marta.admin', 'mercadao.localhost')).headers;
  const [bv02] = (
    await adminQuery<{ id: number; assinante_id: number; uf: string; codigo_ibge: string | null }>(
      t.ownerUrl,
      `select l.id, l.assinante_id, l.uf, l.codigo_ibge from loja l join assinante a on a.id = l.assinante_id
        where l.sigla = 'BV02' and a.nome = 'Bela Vida'`,
    )
  ).rows;
  ref.bv02 = bv02!.id;
  ref.assinante = bv02!.assinante_id;
  // a store the read-only user holds: the simulator reaches its engine
  const [daGabi] = (
    await adminQuery<{ loja_id: number }>(
      t.ownerUrl,
      `select ul.loja_id from usuario_loja ul join usuario u on u.id = ul.usuario_id and u.assinante_id = ul.assinante_id
        where u.username = 'gabi.consulta' order by ul.loja_id limit 1`,
    )
  ).rows;
  ref.lojaGabi = daGabi!.loja_id;
  hojeBv02 = hojeNaZona(zonaDaLoja({ uf: bv02!.uf, codigoIbge: bv02!.codigo_ibge }));
  const q = async (text: string) => (await tenantQuery<{ id: number }>(t.ownerUrl, ref.assinante!, text)).rows[0]!.id;
  ref.local = await q(`select id from local_estoque where loja_id = ${ref.bv02} and tipo = 'LOJA' limit 1`);
  ref.entrada = await q(`select id from tipo_ajuste where tipo = 'ENTRADA' and not exige_observacao limit 1`);
  ref.produto = await q(`select p.id from produto p join unidade u on u.id = p.unidade_de_venda_id
    where p.ativo and not u.permite_fracionamento order by p.id limit 1`);
}, 120_000);
afterAll(async () => t?.close());

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

const simulacao = (over: Record<string, unknown>) => ({
  produtoId: ref.produto,
  lojaId: ref.bv02,
  tipoOperacao: 'VENDA',
  modelo: '65',
  ufDestino: 'PR',
  ...over,
});

const ajuste = (over: Record<string, unknown>) => ({
  lojaId: ref.bv02,
  localId: ref.local,
  tipoDeOperacao: 'ENTRADA',
  tipoDeAjusteId: ref.entrada,
  dataDaMovimentacao: hojeBv02,
  itens: [{ produtoId: ref.produto, quantidade: '1' }],
  ...over,
});

/** The reasons of a 4xx in the error shape, checked to be Portuguese sentences. */
function razoes(r: { statusCode: number; body: string; json: () => { message?: string; reasons?: string[] } }) {
  const b = r.json();
  expect(typeof b.message, r.body).toBe('string');
  return (b.reasons ?? []).join(' | ');
}

describe('bounded decimals (finding 1)', () => {
  it('a 200 000-digit value → 422 in well under a second; another tenant is served meanwhile', async () => {
    const lista = () => t.app.inject({ url: '/api/v1/produto/marcas?count=50', headers: marta });
    const antes = performance.now();
    expect((await lista()).statusCode).toBe(200);
    const usual = performance.now() - antes;

    const digitos = '9'.repeat(200_000);
    // the other tenant asks again and again while the big request runs: its slowest answer is the wait
    let fim = false;
    const tempos: number[] = [];
    const t0 = performance.now();
    const [grande, outros] = await Promise.all([
      post(SIMULAR, gabi, simulacao({ lojaId: ref.lojaGabi, valor: digitos, quantidade: digitos })).then((r) => {
        fim = true;
        return Object.assign(r, { ms: performance.now() - t0 });
      }),
      (async () => {
        const status: number[] = [];
        do {
          const t1 = performance.now();
          status.push((await lista()).statusCode);
          tempos.push(performance.now() - t1);
        } while (!fim);
        return status;
      })(),
    ]);
    const pior = Math.max(...tempos);
    console.log(
      `[limites] 200 000 dígitos → ${grande.statusCode} em ${grande.ms.toFixed(0)} ms; outro assinante: ${tempos.length} respostas, a mais lenta em ${pior.toFixed(0)} ms (sozinho: ${usual.toFixed(0)} ms)`,
    );
    expect(grande.statusCode, grande.body.slice(0, 300)).toBe(422);
    expect(razoes(grande)).toContain('No máximo 13 dígitos antes da vírgula.');
    expect(razoes(grande)).toContain('No máximo 12 dígitos antes da vírgula.');
    expect(grande.ms).toBeLessThan(1000);
    expect(new Set(outros)).toEqual(new Set([200]));
    expect(pior).toBeLessThan(1000);
  });

  it('a stock adjustment of 200 000 digits → 422 at once (blocked 3.3 s before)', async () => {
    const t0 = performance.now();
    const r = await post(
      '/api/v1/estoque/ajustes',
      ana,
      ajuste({ itens: [{ produtoId: 1, quantidade: '9'.repeat(200_000) }] }),
    );
    expect(r.statusCode).toBe(422);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe('no 500 from validation (finding 3)', () => {
  const muitasCasas = `1.${'1'.repeat(31)}`;
  it.each([
    ['/api/v1/estoque/ajustes', () => ajuste({ itens: [{ produtoId: 1, quantidade: muitasCasas }] })],
    [
      '/api/v1/estoque/ajustes',
      () => ajuste({ itens: [{ produtoId: 1, quantidade: '1', custoUnitario: muitasCasas }] }),
    ],
    [
      '/api/v1/estoque/transferencias',
      () => ({
        lojaOrigemId: 1,
        localOrigemId: 1,
        lojaDestinoId: 2,
        localDestinoId: 2,
        data: '2026-01-02',
        itens: [{ produtoId: 1, quantidade: muitasCasas }],
      }),
    ],
    [
      '/api/v1/estoque/transferencias/1/receber',
      () => ({ itens: [{ produtoId: 1, quantidadeRecebida: muitasCasas }] }),
    ],
    [SIMULAR, () => simulacao({ valor: muitasCasas })],
  ])('more than 30 places to %s → 422', async (url, corpo) => {
    const r = await post(url, ana, corpo());
    expect(r.statusCode, r.body).toBe(422);
    expect(razoes(r)).toMatch(/No máximo \d casas decimais/);
  });

  it.each(['x', '', '\u0000', 'NaN', '99999-01-01', '2026-02-30'])('report date %j → 422', async (data) => {
    for (const [url, corpo] of [
      ['/api/v1/estoque/saldo-estoque/relatorio', { data }],
      ['/api/v1/estoque/extrato-movimentacoes/relatorio', { de: data, ate: '2026-01-31' }],
      ['/api/v1/estoque/extrato-movimentacoes/relatorio', { de: '2026-01-01', ate: data }],
    ] as const) {
      const r = await post(url, ana, corpo);
      expect(r.statusCode, `${url} ${r.body}`).toBe(422);
      razoes(r);
    }
  });

  it('scenario dates: simular {"data":"x"} → 422, cobertura?data=99999-01-01 → 400', async () => {
    const r = await post(SIMULAR, ana, simulacao({ data: 'x' }));
    expect(r.statusCode, r.body).toBe(422);
    const c = await t.app.inject({
      url: `/api/v1/fiscal/cenarios-fiscais/cobertura?lojaId=${ref.bv02}&data=99999-01-01`,
      headers: ana,
    });
    expect(c.statusCode, c.body).toBe(400);
    expect(razoes(c)).toContain('data');
  });
});

describe('business dates bounded (finding 5)', () => {
  it.each([
    ['0001-01-01', 'a partir de 01/01/2000'],
    ['1900-01-01', 'a partir de 01/01/2000'],
    ['2026-11-27T99:00', 'Hora inexistente'],
    ['2026-02-30', 'Data inexistente'],
  ])('an adjustment dated %s → 422', async (data, razao) => {
    const r = await post(
      '/api/v1/estoque/ajustes',
      ana,
      ajuste({ dataDaMovimentacao: data, confirmarDataAntiga: true }),
    );
    expect(r.statusCode, r.body).toBe(422);
    expect(razoes(r)).toContain(razao);
  });

  it('a store does not close until 0001-01-01', async () => {
    const r = await post(`/api/v1/estoque/lojas/${ref.bv02}/fechamento`, ana, { fechadoAte: '0001-01-01' });
    expect(r.statusCode, r.body).toBe(422);
    expect(razoes(r)).toContain('a partir de 01/01/2000');
  });

  it('more than a year back asks for confirmation; confirmed, it posts', async () => {
    const antiga = `${umAnoAntes(hojeBv02).slice(0, 8)}01`;
    const data = antiga < umAnoAntes(hojeBv02) ? antiga : `${+antiga.slice(0, 4) - 1}${antiga.slice(4)}`;
    const r = await post('/api/v1/estoque/ajustes', ana, ajuste({ dataDaMovimentacao: data }));
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().erros).toEqual([
      { campo: 'dataDaMovimentacao', mensagem: expect.stringContaining('confirmarDataAntiga: true') },
    ]);
    expect(razoes(r)).toContain('mais de um ano atrás');
    const fechar = await post(`/api/v1/estoque/lojas/${ref.bv02}/fechamento`, ana, { fechadoAte: data });
    expect(fechar.statusCode, fechar.body).toBe(422);
    const ok = await post(
      '/api/v1/estoque/ajustes',
      ana,
      ajuste({ dataDaMovimentacao: data, confirmarDataAntiga: true }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const recente = await post('/api/v1/estoque/ajustes', ana, ajuste({ dataDaMovimentacao: umAnoAntes(hojeBv02) }));
    expect(recente.statusCode, recente.body).toBe(201);
  });
});
