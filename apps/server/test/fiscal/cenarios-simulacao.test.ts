/**
 * Simulador and cobertura of the cenários fiscais through the API: the engine's result for a product of
 * this test (its own NCM, so the demo scenarios do not decide for it), the rules that applied and why the
 * others lost, the store scope and the errors; the cobertura lists a class without rules in every store and
 * drops it once a rule covers it. Arithmetic is the engine's (packages/domain/.../motor.casos.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, type TestApp } from '../helpers/app';
import { createRegistersApp, headersFor } from '../registers/support';

let t: TestApp;
let carlos: Record<string, string>;
let gabi: Record<string, string>;
let diego: Record<string, string>;
let ana: Record<string, string>;
const loja: Record<string, number> = {};
let produto: number;
let semRegra: number;

const SIMULAR = '/api/v1/fiscal/cenarios-fiscais/simular';
const COBERTURA = '/api/v1/fiscal/cenarios-fiscais/cobertura';
const NCM = '/api/v1/fiscal/cenarios-fiscais/ncm';

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function criar(url: string, payload: object, headers = carlos): Promise<number> {
  const r = await call('POST', url, headers, payload);
  if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.json().id;
}

const regra = (over: Record<string, unknown>) => ({
  descricao: 'Maquiagem',
  ncm: '3304.99.90',
  ufOrigem: 'TODAS',
  ufDestino: 'TODAS',
  origem: '0',
  cst: '00',
  csosn: '102',
  aliquota: '19.5',
  pisCofinsCstSaida: '01',
  pisCofinsCstEntrada: '50',
  vigenciaInicio: '2026-01-01',
  ...over,
});

beforeAll(async () => {
  t = await createRegistersApp();
  carlos = await headersFor(t, 'carlos.fiscal');
  gabi = await headersFor(t, 'gabi.consulta');
  diego = await headersFor(t, 'diego.estoque');
  ana = await headersFor(t, 'ana.admin');
  const lojas = await adminQuery<{ id: number; sigla: string }>(t.ownerUrl, 'select id, sigla from loja');
  for (const l of lojas.rows) loja[l.sigla] = l.id;
  produto = await criar(
    '/api/v1/produto/produtos',
    {
      descricao: 'Base líquida simulação',
      ncmId: '33049990',
      cest: '2001500',
      origem: '0',
    },
    ana,
  );
  semRegra = await criar(
    '/api/v1/produto/produtos',
    {
      descricao: 'Tônico capilar sem cenário',
      ncmId: '33059000',
      origem: '0',
    },
    ana,
  );
  // the general rule, a more specific one for PR → SC with ST, and one out of vigência
  await criar(NCM, regra({ descricao: 'Maquiagem geral' }));
  await criar(
    NCM,
    regra({
      descricao: 'Maquiagem PR → SC com ST',
      ufOrigem: 'PR',
      ufDestino: 'SC',
      crt: 3,
      csosn: null,
      cst: '10',
      aliquota: '12',
      modBCST: '4',
      mva: '40',
      aliquotaSt: '17',
    }),
  );
  await criar(
    NCM,
    regra({ descricao: 'Maquiagem 2025', ufDestino: 'PR', vigenciaInicio: '2025-01-01', vigenciaFim: '2025-12-31' }),
  );
});
afterAll(() => t.close());

describe('POST /simular', () => {
  it('simulates a sale inside the UF on the NFC-e with the general rule', async () => {
    const r = await call('POST', SIMULAR, carlos, {
      produtoId: produto,
      lojaId: loja.BV01!,
      tipoOperacao: 'VENDA',
      modelo: '65',
      ufDestino: 'PR',
      data: '2026-06-15',
      valor: '100.00',
    });
    expect(r.statusCode, r.body).toBe(200);
    const s = r.json();
    // PR store, CRT 3 (lucro presumido): 100 × 19.5 % = 19.50; PIS (100 − 19.50) × 0.65 % = 0.52325 → 0.52
    expect(s).toMatchObject({
      completo: true,
      cfop: '5102',
      cst: '00',
      abrangencia: 'ESTADUAL',
      icms: { base: '100.00', aliquota: '19.50', valor: '19.50' },
      pis: { base: '80.50', valor: '0.52' },
      produto: { id: produto, ncm: '33049990', cest: '2001500' },
      loja: { id: loja.BV01, uf: 'PR', crt: 3 },
    });
    const ncm = s.regras.filter((x: { tipo: string }) => x.tipo === 'NCM');
    expect(ncm.find((x: { aplicada: boolean }) => x.aplicada).descricao).toBe('Maquiagem geral');
    expect(ncm.find((x: { descricao: string }) => x.descricao === 'Maquiagem 2025').motivo).toBe(
      'fora da vigência (01/01/2025 a 31/12/2025)',
    );
    expect(ncm.find((x: { descricao: string }) => x.descricao === 'Maquiagem PR → SC com ST').motivo).toBe(
      'é da UF de destino SC',
    );
  });

  it('simulates a sale inter-state with ST and reads the rules that applied', async () => {
    const r = await call('POST', SIMULAR, carlos, {
      produtoId: produto,
      lojaId: loja.BV01!,
      tipoOperacao: 'VENDA',
      modelo: '55',
      ufDestino: 'SC',
      data: '2026-06-15',
      valor: '50.00',
      quantidade: '2',
    });
    expect(r.statusCode, r.body).toBe(200);
    const s = r.json();
    // PR → SC 12 %: MVA aj = 140 × 88 / 83 − 100 = 48.4337; ICMS 100 × 12 % = 12.00;
    // BCST 148.4337 → 148.43; ST 148.43 × 17 % = 25.2331 → 25.23 − 12.00 = 13.23
    expect(s).toMatchObject({
      completo: true,
      cfop: '6403',
      cst: '10',
      abrangencia: 'INTERESTADUAL',
      valorProduto: '100.00',
      icms: { aliquota: '12.00', valor: '12.00', aliquotaInterestadual: '12.00' },
      st: { mva: '40.00', mvaAjustada: '48.4337', base: '148.43', aliquota: '17.00', valor: '13.23' },
    });
    const aplicadas = s.regras.filter((x: { aplicada: boolean }) => x.aplicada);
    expect(aplicadas.map((x: { tipo: string; descricao: string }) => [x.tipo, x.descricao])).toEqual([
      ['NCM', 'Maquiagem PR → SC com ST'],
      ['OPERACAO', '6102 - Venda de mercadoria para outra UF'],
    ]);
    const geral = s.regras.find((x: { descricao: string }) => x.descricao === 'Maquiagem geral');
    expect(geral.motivo).toMatch(/^perdeu para a regra \d+: UF de destino informada é mais específica que TODAS$/);
  });

  it('takes the store price when no value is given, and says when there is none', async () => {
    const sem = await call('POST', SIMULAR, carlos, {
      produtoId: produto,
      lojaId: loja.BV01!,
      tipoOperacao: 'VENDA',
      modelo: '65',
      ufDestino: 'PR',
    });
    expect(sem.statusCode).toBe(422);
    expect(sem.json().erros).toEqual([
      { campo: 'valor', mensagem: 'Informe o valor: o produto não tem preço de venda.' },
    ]);
    await adminQuery(
      t.ownerUrl,
      'insert into preco (assinante_id, produto_id, loja_id, preco_venda1) select assinante_id, $1, $2, 39.90 from loja where id = $2',
      [produto, loja.BV01],
    );
    const com = await call('POST', SIMULAR, carlos, {
      produtoId: produto,
      lojaId: loja.BV01!,
      tipoOperacao: 'VENDA',
      modelo: '65',
      ufDestino: 'PR',
    });
    expect(com.statusCode, com.body).toBe(200);
    expect(com.json()).toMatchObject({ valorUnitario: '39.90', valorProduto: '39.90' });
  });

  it('answers 404, 403 and 422 in Portuguese', async () => {
    const base = {
      produtoId: produto,
      lojaId: loja.BV01!,
      tipoOperacao: 'VENDA',
      modelo: '65',
      ufDestino: 'PR',
      valor: '1',
    };
    const p404 = await call('POST', SIMULAR, carlos, { ...base, produtoId: 999999 });
    expect(p404.statusCode).toBe(404);
    expect(p404.json().message).toBe('Produto não encontrado.');
    expect((await call('POST', SIMULAR, carlos, { ...base, lojaId: 999999 })).statusCode).toBe(404);
    // gabi sees only BV01
    const fora = await call('POST', SIMULAR, gabi, { ...base, lojaId: loja.BV03! });
    expect(fora.statusCode).toBe(403);
    expect(fora.json().message).toBe('Você não tem acesso à loja BV03 - Joinville.');
    // diego has no access to the cenários fiscais
    expect((await call('POST', SIMULAR, diego, { ...base, lojaId: loja.BV02! })).statusCode).toBe(403);
    const ruim = await call('POST', SIMULAR, carlos, { ...base, ufDestino: 'XX', modelo: '57' });
    expect(ruim.statusCode).toBe(422);
    expect(
      ruim
        .json()
        .erros.map((e: { campo: string }) => e.campo)
        .sort(),
    ).toEqual(['modelo', 'ufDestino']);
  });

  it('tells what is missing when no rule covers the product', async () => {
    const r = await call('POST', SIMULAR, carlos, {
      produtoId: semRegra,
      lojaId: loja.BV01!,
      tipoOperacao: 'VENDA',
      modelo: '65',
      ufDestino: 'PR',
      valor: '10',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      completo: false,
      cfop: '5102',
      faltando: ['nenhum cenário por NCM em vigor para este NCM, UF e CRT'],
    });
  });
});

describe('GET /cobertura', () => {
  it('lists the class without rules in every store of the caller, and drops it once a rule covers it', async () => {
    const r = await call('GET', `${COBERTURA}?count=1000`, carlos);
    expect(r.statusCode, r.body).toBe(200);
    const doNcm = r.json().items.filter((i: { ncm: string }) => i.ncm === '33059000');
    expect(doNcm.map((i: { lojaId: number }) => i.lojaId).sort()).toEqual(
      [loja.BV01, loja.BV02, loja.BV03, loja.BV04].sort(),
    );
    expect(doNcm[0]).toMatchObject({ origem: '0', produtos: 1, produtoExemploId: semRegra });
    expect(doNcm[0].faltando).toEqual(['nenhum cenário por NCM em vigor para este NCM, UF e CRT']);
    // every other class — this test's covered product and the demo's products — resolves in every store, but
    // for the demo's imported kit (origem 2: no demo scenario covers it, the demo's "sem cenário" product)
    const outras = (items: { ncm: string; origem: string }[]) =>
      items.filter((i) => i.ncm !== '33059000' && !(i.ncm === '33030020' && i.origem === '2'));
    expect(outras(r.json().items)).toEqual([]);
    const nfe = await call('GET', `${COBERTURA}?modelo=55&count=1000`, carlos);
    expect(outras(nfe.json().items)).toEqual([]);

    // gabi: only BV01
    const deGabi = await call('GET', `${COBERTURA}?count=1000`, gabi);
    expect(new Set(deGabi.json().items.map((i: { lojaId: number }) => i.lojaId))).toEqual(new Set([loja.BV01]));
    expect((await call('GET', `${COBERTURA}?lojaId=${loja.BV03}`, gabi)).statusCode).toBe(403);

    // a rule for the Simples only: BV04 (SP, CRT 1) is covered, the others still miss theirs
    await criar(
      NCM,
      regra({ descricao: 'Capilar Simples', ncm: '3305.90.00', crt: 1, cst: null, csosn: '102', aliquota: null }),
    );
    const depois = await call('GET', `${COBERTURA}?count=1000`, carlos);
    const restantes = depois.json().items.filter((i: { ncm: string }) => i.ncm === '33059000');
    expect(restantes.map((i: { lojaId: number }) => i.lojaId).sort()).toEqual([loja.BV01, loja.BV02, loja.BV03].sort());

    const pagina = await call('GET', `${COBERTURA}?lojaId=${loja.BV01}&start=0&count=1`, carlos);
    expect(pagina.json()).toMatchObject({ start: 0, count: 1 });
    expect(pagina.json().items.length).toBeLessThanOrEqual(1);
  });
});
