/**
 * Dashboards through HTTP: sales posted through POST /api/v1/pdv/vendas on days no demo sale touches, every sales
 * indicator against figures computed by hand below, the commands and their refusals (another's dashboard 404,
 * cost without INDICADOR_CUSTO 403, stores outside the caller's 403, a period after today 422), the XLSX view.
 */
import { hojeNaZona, somarDias } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { cupom, enviar, prepararPdv, q, ref } from '../venda/pdv-vendas.support';

let t: TestApp;
let ana: LoginResult;
let fabio: LoginResult;
const hoje = hojeNaZona('America/Sao_Paulo');
// before the demo's 30 days of NFC-e sales (BV01 and BV02), so the hand-computed figures are the test's alone
const A = somarDias(hoje, -45);
const B = somarDias(hoje, -44);
let painel: number;
const ind: Record<string, number> = {};

const item = (sequencia: number, produtoId: number, qtd: number, unit: string, total: string, extra = {}) => ({
  sequencia,
  produtoId,
  quantidadeVenda: String(qtd),
  valorUnidade: unit,
  valorTotal: total,
  ...extra,
});
const venda = (dia: string, valor: string, itens: unknown[], extra: Record<string, unknown> = {}) =>
  cupom({
    dataHoraAberturaCupom: `${dia}T10:00:00`,
    dataHoraFechamentoCupom: null,
    valor,
    itensVenda: itens,
    finalizacoes: [{ finalizadoraId: ref.forma, valor }],
    ...extra,
  });

const post = (who: LoginResult, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload as object });
const get = (who: LoginResult, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

beforeAll(async () => {
  t = await createTestApp();
  [ana, fabio] = await Promise.all([login(t, 'ana.admin'), login(t, 'fabio.gerente')]);
  await prepararPdv(t);
  // known average costs: p1 4.00, p2 2.00 (the cost at the time the sale takes)
  await q(
    `update custo_medio_estoque set custo_medio = case produto_id when $2 then 4 else 2 end
    where loja_id = $1 and produto_id in ($2, $3)`,
    [ref.BV01, ref.p1, ref.p2],
  );
  const r = await enviar(ana, [
    // day A: a sale (25.50), one with a 1.00 discount (9.00), a cancelled one (5.50), one with a cancelled line
    venda(A, '25.50', [item(1, ref.p1, 2, '10.00', '20.00'), item(2, ref.p2, 1, '5.50', '5.50')]),
    venda(A, '9.00', [item(1, ref.p1, 1, '10.00', '9.00', { valorDesconto: '1.00' })]),
    venda(A, '5.50', [item(1, ref.p2, 1, '5.50', '5.50')], { cancelada: true }),
    venda(A, '10.00', [item(1, ref.p1, 1, '10.00', '10.00'), item(2, ref.p2, 1, '5.50', '5.50', { cancelado: true })]),
    // day B: p2 returned
    venda(B, '5.50', [item(1, ref.p2, 1, '5.50', '5.50')], { tipo: 'DEVOLUCAO' }),
    // the previous period (A−2..A−1): one sale of 10.00
    venda(somarDias(A, -1), '10.00', [item(1, ref.p1, 1, '10.00', '10.00')]),
  ]);
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().aceitos, r.body).toBe(6);
}, 120_000);
afterAll(async () => t?.close());

describe('dashboards: commands', () => {
  it('creates a dashboard shared with a group and adds indicators', async () => {
    const grupo = (await q<{ id: number }>(`select id from grupo where nome = 'Gerência de loja'`))[0]!.id;
    const r = await post(ana, '/api/v1/painel/dashboards', {
      nome: 'Vendas teste',
      compartilhado: true,
      grupos: [grupo],
      periodoPadrao: 'ULTIMOS_7_DIAS',
      lojas: [ref.BV01],
    });
    expect(r.statusCode, r.body).toBe(201);
    painel = r.json().id;
    expect(r.headers.location).toBe(`/api/v1/painel/dashboards/${painel}`);
    for (const [chave, vis] of [
      ['VENDAS_DIA', 'LINHA'],
      ['VENDAS_LOJA', 'BARRA'],
      ['TICKET_MEDIO', 'NUMERO'],
      ['ITENS_POR_CUPOM', 'NUMERO'],
      ['TOP_PRODUTOS', 'BARRA'],
      ['MARGEM_BRUTA', 'NUMERO'],
      ['FORMAS_PAGAMENTO', 'PIZZA'],
      ['CANCELAMENTOS_DESCONTOS', 'BARRA'],
    ] as const) {
      const i = await post(ana, `/api/v1/painel/dashboards/${painel}/indicadores`, {
        indicador: chave,
        visualizacao: vis,
        tamanho: 6,
      });
      expect(i.statusCode, i.body).toBe(201);
      ind[chave] = i.json().id;
    }
  });

  it('refuses a chart the indicator does not fit, and cost without INDICADOR_CUSTO', async () => {
    const r = await post(ana, `/api/v1/painel/dashboards/${painel}/indicadores`, {
      indicador: 'VENDAS_DIA',
      visualizacao: 'PIZZA',
    });
    expect(r.statusCode).toBe(422);
    const proprio = await post(fabio, '/api/v1/painel/dashboards', { nome: 'Meu', periodoPadrao: 'HOJE' });
    expect(proprio.statusCode, proprio.body).toBe(201);
    const custo = await post(fabio, `/api/v1/painel/dashboards/${proprio.json().id}/indicadores`, {
      indicador: 'MARGEM_BRUTA',
      visualizacao: 'NUMERO',
    });
    expect(custo.statusCode).toBe(403);
    expect(custo.json().message).toMatch(/custo/);
  });

  it("another user's dashboard not shared is 404; shared is read-only (403 on change)", async () => {
    const meu = await post(ana, '/api/v1/painel/dashboards', { nome: 'Só meu', periodoPadrao: 'HOJE' });
    expect((await get(fabio, `/api/v1/painel/dashboards/${meu.json().id}`)).statusCode).toBe(404);
    const lista = (await get(fabio, '/api/v1/painel/dashboards')).json().items.map((d: { id: number }) => d.id);
    expect(lista).toContain(painel);
    expect(lista).not.toContain(meu.json().id);
    const r = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/painel/dashboards/${painel}`,
      headers: fabio.headers,
    });
    expect(r.statusCode).toBe(403);
  });
});

describe('dashboards: the figures, by hand', () => {
  const dados = async (who: LoginResult, filtro = `inicio=${A}&fim=${B}&lojas=${ref.BV01}`) => {
    const r = await get(who, `/api/v1/painel/dashboards/${painel}/dados?${filtro}`);
    expect(r.statusCode, r.body).toBe(200);
    const porChave = new Map<string, ReturnType<typeof Object>>();
    for (const [k, id] of Object.entries(ind))
      porChave.set(
        k,
        r.json().indicadores.find((x: { id: number }) => x.id === id),
      );
    return porChave as Map<string, { resultado: any; erro: string | null }>;
  };

  it('sales per day, per store, ticket, items per cupom, top products, margin, cancellations', async () => {
    const d = await dados(ana);
    const dia = d.get('VENDAS_DIA')!.resultado;
    // A: 20 + 5.50 + 9 + 10 (the cancelled cupom and line left out); B: the return −5.50
    expect(dia.linhas.map((l: { atual: string }) => l.atual)).toEqual(['44.50', '-5.50']);
    expect(dia.total.atual).toBe('39.00');
    // the previous period A−2..A−1: one sale of 10.00 on its second day
    expect(dia.linhas.map((l: { anterior: string }) => l.anterior)).toEqual(['0.00', '10.00']);
    expect(dia.total.anterior).toBe('10.00');
    expect(dia.total.variacaoAnterior).toBe('290.0');
    expect(dia.total.anoAnterior).toBe('0.00');
    expect(dia.total.variacaoAnoAnterior).toBeNull();
    expect(d.get('VENDAS_LOJA')!.resultado.linhas).toMatchObject([{ chave: String(ref.BV01), atual: '39.00' }]);
    // 3 sale cupons not cancelled worth 25.50 + 9 + 10
    expect(d.get('TICKET_MEDIO')!.resultado.total).toMatchObject({ atual: '14.83', anterior: '10.00' });
    // units 2 + 1 + 1 + 1 over 3 cupons
    expect(d.get('ITENS_POR_CUPOM')!.resultado.total.atual).toBe('1.67');
    const top = d.get('TOP_PRODUTOS')!.resultado;
    expect(top.linhas.map((l: { chave: string; atual: string }) => [Number(l.chave), l.atual])).toEqual([
      [ref.p1, '39.00'],
      [ref.p2, '0.00'],
    ]);
    expect(top.linhas[0].anterior).toBe('10.00');
    // cost: p1 4 units × 4.00; p2 sold and returned → 0; (39 − 16) / 39
    expect(d.get('MARGEM_BRUTA')!.resultado.total.atual).toBe('58.97');
    const canc = d.get('CANCELAMENTOS_DESCONTOS')!.resultado;
    expect(canc.linhas.map((l: { chave: string; atual: string }) => [l.chave, l.atual]).sort()).toEqual([
      ['CUPONS_CANCELADOS', '5.50'],
      ['DESCONTOS', '1.00'],
      ['ITENS_CANCELADOS', '5.50'],
    ]);
    expect(canc.total.atual).toBe('12.00');
    // payment forms: what the receipts of the period settled (read from the raw receipts here)
    const [rec] = await q<{ v: string }>(
      `select sum(valor)::text as v from recebimento_pdv where loja_id = $1 and data between $2 and $3`,
      [ref.BV01, A, B],
    );
    expect(Number(d.get('FORMAS_PAGAMENTO')!.resultado.total.atual)).toBe(Number(rec!.v));
  });

  it('a manager without INDICADOR_CUSTO sees the card refused, and 403 on the indicator itself', async () => {
    const d = await dados(fabio, `inicio=${A}&fim=${B}`);
    expect(d.get('MARGEM_BRUTA')!.resultado).toBeNull();
    expect(d.get('MARGEM_BRUTA')!.erro).toMatch(/custo/);
    // the dashboard's default store (BV01) is not his: his own stores are read
    expect(d.get('VENDAS_DIA')!.resultado.total.atual).toBe('0.00');
    const r = await get(fabio, `/api/v1/painel/dashboards/${painel}/indicadores/${ind.MARGEM_BRUTA}/dados`);
    expect(r.statusCode).toBe(403);
  });

  it('stores outside the caller’s are 403; a period after today or inverted is 422', async () => {
    expect((await get(fabio, `/api/v1/painel/dashboards/${painel}/dados?lojas=${ref.BV01}`)).statusCode).toBe(403);
    const futuro = await get(ana, `/api/v1/painel/dashboards/${painel}/dados?inicio=${hoje}&fim=${somarDias(hoje, 2)}`);
    expect(futuro.statusCode).toBe(422);
    expect((await get(ana, `/api/v1/painel/dashboards/${painel}/dados?inicio=${B}&fim=${A}`)).statusCode).toBe(422);
  });

  it('the monthly roll-up equals the sum of its days', async () => {
    const linhas = await q<{ ok: boolean }>(
      `select m.valor = coalesce(d.valor, 0) and m.custo = coalesce(d.custo, 0) as ok
         from venda_resumo_mes m
         left join (select loja_id, produto_id, date_trunc('month', data)::date mes, sum(valor) valor, sum(custo) custo
                      from venda_resumo_dia group by 1, 2, 3) d using (loja_id, produto_id, mes)
        where m.loja_id = $1`,
      [ref.BV01],
    );
    expect(linhas.length).toBeGreaterThan(0);
    expect(linhas.every((l) => l.ok)).toBe(true);
  });

  it('the table view downloads as XLSX', async () => {
    const r = await get(
      ana,
      `/api/v1/painel/dashboards/${painel}/indicadores/${ind.VENDAS_DIA}/planilha?inicio=${A}&fim=${B}`,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/spreadsheetml/);
    expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
