/**
 * Commercial agreements through HTTP, every figure computed by hand: a sell-in agreement over two stores
 * (confirmed invoices of its supplier only, products in scope, discount off the base, a tier reached), re-run
 * with the same result, partial receipts, a receipt above the balance, a sell-out agreement read from the daily
 * sales aggregate (a store outside the agreement ignored), a fixed "verba" with no purchases, the transition
 * table's refusals, an empty scope, store scope, and the daily VENCIDO sweep.
 */
import { Decimal, hojeNaZona } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vencerAcordos } from '../../src/modules/compras';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let elisa: LoginResult;
const ref: Record<string, number> = {};
const A = '/api/v1/compra/acordos';

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await tenantQuery<T>(t.ownerUrl, ref.assinante!, text, params)).rows;
}
const hoje = () => hojeNaZona('America/Sao_Paulo');
const dia = (d: number) => new Date(Date.parse(`${hoje()}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
const mes = (d: string) => `${d.slice(0, 7)}-01`;
/** The message of a 422's field error. */
const erro = (r: { json: () => { erros?: { campo: string; mensagem: string }[] } }, campo: string) =>
  r.json().erros?.find((e) => e.campo === campo)?.mensagem ?? '';
/** The cards before this file's agreements (the demo has its own five). */
let painel0: Record<string, { quantidade: number; valor: string }>;
const somar = (a: string, b: string) => Decimal.de(a).mais(b).texto(2);
const post = (url: string, body: unknown, who = elisa) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload: body as object });

beforeAll(async () => {
  t = await createTestApp();
  elisa = await login(t, 'elisa.compras');
  const lojas = (
    await adminQuery<{ id: number; sigla: string; assinante_id: number }>(
      t.ownerUrl,
      `select l.id, l.sigla, l.assinante_id from loja l join assinante a on a.id = l.assinante_id
        where a.nome = 'Bela Vida' and l.sigla in ('BV01', 'BV02', 'BV03')`,
    )
  ).rows;
  for (const l of lojas) ref[l.sigla] = l.id;
  ref.assinante = lojas[0]!.assinante_id;
  // a supplier of its own, so that the demo's invoices never enter these figures
  const [f] = await q<{ id: number }>(
    `insert into fornecedor (tipo_de_pessoa, numero_do_documento, nome, fantasia)
     values ('J', '11222333000181', 'Fornecedor do Acordo Ltda', 'Fornecedor do Acordo') returning id`,
  );
  ref.fornecedor = f!.id;
  const [outro] = await q<{ id: number }>(`select id from fornecedor where ativo and id <> $1 order by id limit 1`, [
    ref.fornecedor,
  ]);
  ref.outro = outro!.id;
  const ps = await q<{ id: number }>(`select id from produto where ativo order by id limit 3`);
  [ref.p1, ref.p2, ref.p3] = ps.map((p) => p.id) as [number, number, number];
  const [tipo] = await q<{ id: number }>(`select id from tipo_acordo where descricao = 'Rebaixa de preço'`);
  ref.tipo = tipo!.id;
  painel0 = (await t.app.inject({ url: `${A}/painel?de=${hoje()}&ate=${hoje()}`, headers: elisa.headers })).json();
});
afterAll(async () => t?.close());

/** A typed invoice, confirmed or not: (product, quantity, total, discount). */
async function nota(
  loja: number,
  numeroNota: number,
  itens: [number, string, string, string?][],
  o: { confirmar?: boolean; fornecedor?: number; entrada?: string } = {},
) {
  const entrada = o.entrada ?? dia(-5);
  const r = await post('/api/v1/compra/notas-fiscais', {
    lojaId: loja,
    fornecedorId: o.fornecedor ?? ref.fornecedor,
    serie: '1',
    numeroNota,
    dataEmissao: `${entrada}T08:00:00`,
    dataEntrada: entrada,
    itens: itens.map(([produtoId, quantidade, valorTotal, valorDesconto]) => ({
      produtoId,
      quantidade,
      valorTotal,
      ...(valorDesconto ? { valorDesconto } : {}),
    })),
  });
  expect(r.statusCode, r.body).toBe(201);
  if (o.confirmar !== false) {
    const c = await post(`/api/v1/compra/notas-fiscais/${r.json().id}/confirmar`, {});
    expect(c.statusCode, c.body).toBe(200);
  }
  return r.json().id as number;
}

const acordo = (extra: Record<string, unknown> = {}) => ({
  tipoAcordoId: ref.tipo,
  fornecedorId: ref.fornecedor,
  descricao: 'Rebaixa 3 % sobre compras',
  lojas: [ref.BV01, ref.BV02],
  escopoTipo: 'PRODUTOS',
  escopoIds: [ref.p1, ref.p2],
  vigenciaInicio: dia(-10),
  vigenciaFim: dia(-1),
  dataVencimento: dia(20),
  base: 'SELL_IN',
  formaValor: 'PERCENTUAL',
  valor: '3',
  faixas: [{ meta: '1000', valor: '5' }],
  formaRecebimento: 'DEPOSITO',
  valorPrevisto: '50.00',
  ...extra,
});

describe('acordo sell-in', () => {
  let id = 0;
  it('cadastra em rascunho: 201 + Location, comprador = quem cadastrou', async () => {
    const r = await post(A, acordo());
    expect(r.statusCode, r.body).toBe(201);
    id = r.json().id;
    ref.sellIn = id;
    expect(r.headers.location).toBe(`${A}/${id}`);
    expect(r.json()).toMatchObject({
      status: 'RASCUNHO',
      parceiro: 'Fornecedor do Acordo',
      comprador: 'Elisa Moraes',
      lojas: [ref.BV01, ref.BV02].sort((a, b) => a! - b!),
      faixas: [{ meta: '1000', valor: '5' }],
      valorApurado: '0.00',
      progressoMeta: 0,
    });
  });

  it('rascunho não é apurado (409); aprovado fica VIGENTE', async () => {
    const r = await post(`${A}/${id}/apuracao`, {});
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toBe('Um acordo rascunho não pode ser apurado.');
    const a = await post(`${A}/${id}/aprovacao`, {});
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().status).toBe('VIGENTE');
  });

  it('apura pelas notas confirmadas do fornecedor, por loja e mês, com a faixa atingida', async () => {
    // BV01: p1 500.00 − 20.00 of discount = 480.00; p3 is out of scope
    await nota(ref.BV01!, 5001, [
      [ref.p1!, '10', '500.00', '20.00'],
      [ref.p3!, '1', '100.00'],
    ]);
    // BV02: p2 700.00
    await nota(ref.BV02!, 5002, [[ref.p2!, '4', '700.00']]);
    // not counted: an invoice not confirmed, another supplier's, BV03 (not in the agreement), after the period
    await nota(ref.BV01!, 5003, [[ref.p1!, '1', '1000.00']], { confirmar: false });
    await nota(ref.BV01!, 5004, [[ref.p1!, '1', '1000.00']], { fornecedor: ref.outro });
    await nota(ref.BV03!, 5005, [[ref.p1!, '1', '1000.00']]);
    await nota(ref.BV01!, 5006, [[ref.p1!, '1', '1000.00']], { entrada: hoje() });
    const r = await post(`${A}/${id}/apuracao`, {});
    expect(r.statusCode, r.body).toBe(200);
    const a = r.json();
    // base 1180.00 ≥ 1000: the 5 % tier; 480 × 5 % = 24.00, 700 × 5 % = 35.00; the period ended → A_RECEBER
    expect(a).toMatchObject({
      status: 'A_RECEBER',
      baseValor: '1180.00',
      baseQuantidade: '14',
      faixaAtingida: 1,
      valorApurado: '59.00',
      saldo: '59.00',
      progressoMeta: 100,
    });
    const m = mes(dia(-5));
    expect(a.apuracoes).toEqual(
      [
        { lojaId: ref.BV01, mes: m, baseValor: '480.00', baseQuantidade: '10', valorApurado: '24.00', linhas: 1 },
        { lojaId: ref.BV02, mes: m, baseValor: '700.00', baseQuantidade: '4', valorApurado: '35.00', linhas: 1 },
      ].sort((x, y) => x.lojaId! - y.lojaId!),
    );
    const linhas = await q<{ produto_id: number; valor: string }>(
      `select produto_id, valor::text from acordo_apuracao_linha where acordo_id = $1 order by loja_id`,
      [id],
    );
    expect(linhas.map((l) => l.valor).sort()).toEqual(['480.00', '700.00']);
  });

  it('refeita, dá o mesmo resultado', async () => {
    const antes = (await t.app.inject({ url: `${A}/${id}`, headers: elisa.headers })).json();
    const r = await post(`${A}/${id}/apuracao`, {});
    expect(r.statusCode, r.body).toBe(200);
    const { versao: _a, apuradoEm: _b, ...depois } = r.json();
    const { versao: _c, apuradoEm: _d, ...primeiro } = antes;
    expect(depois).toEqual(primeiro);
  });

  it('recebimentos: acima do saldo 422 (nada gravado), parcial, depois quita', async () => {
    const acima = await post(`${A}/${id}/recebimentos`, { data: hoje(), valor: '59.01' });
    expect(acima.statusCode, acima.body).toBe(422);
    expect(erro(acima, 'valor')).toContain('R$ 59,00');
    expect((await q(`select 1 from acordo_recebimento where acordo_id = $1`, [id])).length).toBe(0);
    const p = await post(`${A}/${id}/recebimentos`, { data: hoje(), valor: '20.00', documento: 'DEP-1' });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ status: 'RECEBIDO_PARCIAL', valorRecebido: '20.00', saldo: '39.00' });
    expect(p.json().recebimentos).toMatchObject([{ valor: '20.00', forma: 'DEPOSITO', documento: 'DEP-1' }]);
    const c = await post(`${A}/${id}/cancelamento`, { motivo: 'desistência' });
    expect(c.statusCode).toBe(409);
    const f = await post(`${A}/${id}/recebimentos`, { data: hoje(), valor: '39.00', forma: 'ABATIMENTO_TITULO' });
    expect(f.json()).toMatchObject({ status: 'RECEBIDO', valorRecebido: '59.00', saldo: '0.00' });
    // values locked after RECEBIDO
    expect((await post(`${A}/${id}/apuracao`, {})).statusCode).toBe(409);
    const put = await t.app.inject({ method: 'PUT', url: `${A}/${id}`, headers: elisa.headers, payload: acordo() });
    expect(put.statusCode).toBe(409);
  });
});

describe('acordo sell-out e valor fixo', () => {
  it('sell-out por unidade, do resumo diário de vendas (loja fora do acordo ignorada)', async () => {
    const d = dia(-40);
    const resumo = (loja: number, produto: number, quantidade: string, valor: string) =>
      q(
        `insert into venda_resumo_dia (loja_id, produto_id, data, quantidade, valor) values ($1, $2, $3, $4, $5)
         on conflict (assinante_id, loja_id, data, produto_id) do update set quantidade = excluded.quantidade, valor = excluded.valor`,
        [loja, produto, d, quantidade, valor],
      );
    await resumo(ref.BV01!, ref.p1!, '6', '60.00');
    await resumo(ref.BV02!, ref.p1!, '2', '20.00');
    await resumo(ref.BV03!, ref.p1!, '100', '1000.00');
    await resumo(ref.BV01!, ref.p2!, '50', '500.00');
    const r = await post(
      A,
      acordo({
        base: 'SELL_OUT',
        formaValor: 'VALOR_POR_UNIDADE',
        valor: '0.75',
        faixas: [],
        escopoIds: [ref.p1],
        vigenciaInicio: dia(-45),
        vigenciaFim: dia(-35),
      }),
    );
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().id;
    await post(`${A}/${id}/aprovacao`, {});
    const a = (await post(`${A}/${id}/apuracao`, {})).json();
    // 8 units × R$ 0,75: BV01 6 × 0.75 = 4.50, BV02 2 × 0.75 = 1.50
    expect(a).toMatchObject({ baseQuantidade: '8', baseValor: '80.00', valorApurado: '6.00', status: 'A_RECEBER' });
    expect(a.apuracoes.map((x: { valorApurado: string }) => x.valorApurado).sort()).toEqual(['1.50', '4.50']);
  });

  it('verba fixa vigente sem compras: EM_APURACAO com o valor inteiro; recebimento só depois do fim (409)', async () => {
    const r = await post(
      A,
      acordo({
        formaValor: 'VALOR_FIXO',
        valor: '5000',
        faixas: [],
        vigenciaInicio: dia(-2),
        vigenciaFim: dia(30),
        dataVencimento: dia(40),
      }),
    );
    const id = r.json().id;
    await post(`${A}/${id}/aprovacao`, {});
    const a = await post(`${A}/${id}/apuracao`, {});
    expect(a.json()).toMatchObject({ status: 'EM_APURACAO', valorApurado: '5000.00' });
    expect(a.json().apuracoes).toMatchObject([{ lojaId: Math.min(ref.BV01!, ref.BV02!), mes: mes(dia(-2)) }]);
    const rec = await post(`${A}/${id}/recebimentos`, { data: hoje(), valor: '1.00' });
    expect(rec.statusCode).toBe(409);
    const c = await post(`${A}/${id}/cancelamento`, { motivo: 'loja não inaugurou' });
    expect(c.json()).toMatchObject({ status: 'CANCELADO', motivoCancelamento: 'loja não inaugurou' });
  });
});

describe('entradas ruins e escopo', () => {
  it('escopo sem produto, fornecedor e holding juntos, tipo inexistente: 422 em português, nada gravado', async () => {
    const antes = (await q<{ n: number }>(`select count(*)::int as n from acordo_comercial`))[0]!.n;
    // the new supplier has no products linked: its whole line is empty
    const linha = await post(A, acordo({ escopoTipo: 'LINHA_FORNECEDOR', escopoIds: [] }));
    expect(linha.statusCode, linha.body).toBe(422);
    expect(erro(linha, 'escopoIds')).toContain('escopo de produtos está vazio');
    const vazio = await post(A, acordo({ escopoIds: [] }));
    expect(vazio.statusCode).toBe(422);
    const ambos = await post(A, acordo({ holdingId: 1 }));
    expect(erro(ambos, 'fornecedorId')).toBe('Informe o fornecedor ou a holding (um dos dois).');
    const tipo = await post(A, acordo({ tipoAcordoId: 999999 }));
    expect(erro(tipo, 'tipoAcordoId')).toBe('Tipo de acordo não encontrado ou inativo.');
    expect((await q<{ n: number }>(`select count(*)::int as n from acordo_comercial`))[0]!.n).toBe(antes);
  });

  it('a linha do fornecedor conta os produtos ligados a ele (produto_fornecedor)', async () => {
    await q(`insert into produto_fornecedor (produto_id, fornecedor_id, referencia) values ($1, $2, 'AC-1')`, [
      ref.p1,
      ref.fornecedor,
    ]);
    const r = await post(A, acordo({ escopoTipo: 'LINHA_FORNECEDOR', escopoIds: [] }));
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().escopoIds).toEqual([]);
  });

  it('um usuário só da BV02 não vê nem mexe num acordo de BV01 + BV02; não cadastra em BV01', async () => {
    const a = { id: ref.sellIn! };
    const fabio = await login(t, 'fabio.gerente');
    // fabio has no agreement permission: 403 before anything else
    expect((await t.app.inject({ url: A, headers: fabio.headers })).statusCode).toBe(403);
    await adminQuery(
      t.ownerUrl,
      `insert into grupo_permissao (assinante_id, grupo_id, permissao)
       select g.assinante_id, g.id, p from grupo g, unnest(array['PERM_MONITORAMENTO_ACORDO_COMERCIAL_ACESSO',
         'PERM_MONITORAMENTO_ACORDO_COMERCIAL_INCLUIR', 'PERM_MONITORAMENTO_ACORDO_COMERCIAL_EDITAR']) p
        where g.nome = 'Gerência de loja' and g.assinante_id = $1 on conflict do nothing`,
      [ref.assinante],
    );
    const f2 = await login(t, 'fabio.gerente');
    const lista = await t.app.inject({ url: `${A}?count=1000`, headers: f2.headers });
    expect(lista.statusCode, lista.body).toBe(200);
    // only agreements wholly within BV02 (the demo's Ponto extra), never this file's BV01 + BV02 ones
    for (const x of lista.json().items as { lojas: number[] }[]) expect(x.lojas).toEqual([ref.BV02]);
    expect(lista.json().items.map((x: { id: number }) => x.id)).not.toContain(a!.id);
    expect((await t.app.inject({ url: `${A}/${a!.id}`, headers: f2.headers })).statusCode).toBe(404);
    const ap = await post(`${A}/${a!.id}/apuracao`, {}, f2);
    expect(ap.statusCode, ap.body).toBe(403);
    expect(ap.json().message).toContain('BV01');
    const novo = await post(A, acordo(), f2);
    expect(novo.statusCode).toBe(403);
    expect(novo.json().message).toBe('Você não tem acesso às lojas do acordo: BV01.');
  });

  it('painel: cartões por grupo, com quantidade e R$', async () => {
    const r = await t.app.inject({ url: `${A}/painel?de=${hoje()}&ate=${hoje()}`, headers: elisa.headers });
    expect(r.statusCode, r.body).toBe(200);
    // besides the demo's: the sell-out one is to receive (6.00); the sell-in one was received today (59.00 in two)
    expect(r.json().aReceber).toEqual({
      quantidade: painel0.aReceber!.quantidade + 1,
      valor: somar(painel0.aReceber!.valor, '6.00'),
    });
    expect(r.json().recebidosNoPeriodo).toEqual({
      quantidade: painel0.recebidosNoPeriodo!.quantidade + 1,
      valor: somar(painel0.recebidosNoPeriodo!.valor, '59.00'),
    });
  });
});

describe('vencimento diário', () => {
  it('um acordo a receber com o vencimento passado e saldo fica VENCIDO; recebido não', async () => {
    const [a] = await q<{ id: number }>(
      `select id from acordo_comercial where status = 'A_RECEBER' order by id limit 1`,
    );
    const db = t.db;
    // the sweep on the day after the due date
    const [{ venc }] = (await q<{ venc: string }>(
      `select to_char(data_vencimento + 1, 'YYYY-MM-DD') as venc from acordo_comercial where id = $1`,
      [a!.id],
    )) as [{ venc: string }];
    expect(await vencerAcordos(db, venc)).toBeGreaterThanOrEqual(1);
    const r = await t.app.inject({ url: `${A}/${a!.id}`, headers: elisa.headers });
    expect(r.json().status).toBe('VENCIDO');
    const recebido = await q<{ status: string }>(`select status from acordo_comercial where id = $1`, [ref.sellIn]);
    expect(recebido.map((x) => x.status)).toEqual(['RECEBIDO']);
    // a partial receipt keeps it VENCIDO while the balance is past due... (its due date is still ahead of the
    // store's today here, so the receipt itself says RECEBIDO_PARCIAL)
    const p = await post(`${A}/${a!.id}/recebimentos`, { data: hoje(), valor: '1.00' });
    expect(p.json()).toMatchObject({ status: 'RECEBIDO_PARCIAL', saldo: '5.00' });
  });
});
