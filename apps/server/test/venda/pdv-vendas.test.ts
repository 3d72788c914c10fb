/**
 * The POS sales upload through HTTP: a batch accepted (stock at the sale's date and time, receipts with
 * change, fiscal data per item, NFC-e row, identificadorId increasing), resent (DUPLICADO, nothing changes;
 * the same Idempotency-Key replays), each error type stored pending with its raw payload, a malformed sale
 * its own 422-shaped result, 422 only when none is valid, the device credential, permissions and scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { cupom, doDispositivo, enviar, prepararPdv, q, ref } from './pdv-vendas.support';

let t: TestApp;
let ana: LoginResult;
let fabio: LoginResult; // Gerência de loja, BV02 only
let gabi: LoginResult; // read-only

beforeAll(async () => {
  t = await createTestApp();
  [ana, fabio, gabi] = await Promise.all([login(t, 'ana.admin'), login(t, 'fabio.gerente'), login(t, 'gabi.consulta')]);
  await prepararPdv(t);
});
afterAll(async () => t?.close());

const estoque = async (produtoId: number) =>
  (
    await q<{ q: string }>(
      `select coalesce(sum(quantidade), 0)::text as q from movimento_estoque where loja_id = $1 and produto_id = $2
         and documento_tipo = 'CUPOM_FISCAL'`,
      [ref.BV01, produtoId],
    )
  )[0]!.q;

describe('POST /api/v1/pdv/vendas', () => {
  it('accepts a sale: stock at the sale time, receipts net of change, fiscal data, NFC-e, identificadorId', async () => {
    const c = {
      ...cupom(),
      nfce: { modelo: '65', serie: 1, numero: 123, chave: '41261141553872000164650010000001231000001232', cStat: 100 },
    };
    const antes = [await estoque(ref.p1), await estoque(ref.p2)];
    const r = await enviar(ana, [c]);
    expect(r.statusCode, r.body).toBe(200);
    const [res] = r.json().resultados;
    expect(res).toMatchObject({ situacao: 'ACEITO', sequencial: c.sequencial });
    expect(res.identificadorId).toBeGreaterThan(0);
    expect(Number(await estoque(ref.p1)) - Number(antes[0])).toBe(-2);
    expect(Number(await estoque(ref.p2)) - Number(antes[1])).toBe(-1);
    const mov = await q<{ data: string; tipo: string; ocorrido: string }>(
      `select to_char(data, 'YYYY-MM-DD') as data, tipo, to_char(ocorrido_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') as ocorrido
         from movimento_estoque where documento_tipo = 'CUPOM_FISCAL' and produto_id = $1 order by id desc limit 1`,
      [ref.p1],
    );
    expect(mov[0]).toMatchObject({ data: '2026-11-20', tipo: 'VENDA', ocorrido: '2026-11-20T10:16:30' });
    const rec = await q<{ valor: string; troco: string }>(
      `select r.valor::text, r.troco::text from recebimento_pdv r join cupom_fiscal c on c.id = r.cupom_id
        where c.identificador_id = $1`,
      [res.identificadorId],
    );
    expect(rec).toEqual([{ valor: '25.50', troco: '4.50' }]);
    const itens = await q<{ cfop: string | null; ncm: string | null }>(
      `select i.cfop, i.ncm from item_cupom_fiscal i join cupom_fiscal c on c.id = i.cupom_id where c.identificador_id = $1`,
      [res.identificadorId],
    );
    expect(itens).toHaveLength(2);
    expect(itens.every((i) => i.cfop && i.ncm)).toBe(true);
    expect(await q(`select 1 from documento_nfce where chave = $1`, [c.nfce.chave])).toHaveLength(1);
  });

  it('a resent sale answers DUPLICADO and changes nothing; the same key replays; other content is CUPOM_DUPLICADO', async () => {
    const c = cupom();
    const r1 = await enviar(ana, [c], 'lote-1');
    expect(r1.json().resultados[0].situacao).toBe('ACEITO');
    const depois = await estoque(ref.p1);
    const r2 = await enviar(ana, [c], 'lote-1');
    expect(r2.headers['idempotent-replayed']).toBe('true');
    const r3 = await enviar(ana, [c]);
    expect(r3.json().resultados[0]).toMatchObject({
      situacao: 'DUPLICADO',
      identificadorId: r1.json().resultados[0].identificadorId,
    });
    expect(await estoque(ref.p1)).toBe(depois);
    const r4 = await enviar(ana, [{ ...c, valor: '20.00', itensVenda: [c.itensVenda[0]], finalizacoes: [] }]);
    expect(r4.json().resultados[0]).toMatchObject({ situacao: 'PENDENTE', tipoErro: 'CUPOM_DUPLICADO' });
    expect(await estoque(ref.p1)).toBe(depois);
  });

  it('identificadorId is strictly increasing in acceptance order', async () => {
    const r = await enviar(ana, [cupom(), cupom(), cupom()]);
    const ids = r.json().resultados.map((x: { identificadorId: number }) => x.identificadorId);
    expect(ids[1]).toBe(ids[0] + 1);
    expect(ids[2]).toBe(ids[1] + 1);
  });

  const casos: [string, () => Record<string, unknown>][] = [
    [
      'PRODUTO_NAO_CADASTRADO',
      () =>
        cupom({
          valor: '10.00',
          finalizacoes: [],
          itensVenda: [
            { sequencia: 1, codigo: '7890000000000', quantidadeVenda: '1', valorUnidade: '10', valorTotal: '10.00' },
          ],
        }),
    ],
    ['FINALIZADORA_NAO_CADASTRADA', () => cupom({ finalizacoes: [{ finalizadoraId: 99999, valor: '25.50' }] })],
    ['OPERADOR_NAO_CADASTRADO', () => cupom({ funcionarioId: 99999 })],
    ['PDV_NAO_CADASTRADO', () => cupom({ numeroCaixa: 77 })],
    ['TOTAL_DIVERGENTE', () => cupom({ finalizacoes: [{ finalizadoraId: ref.forma, valor: '25.00' }] })],
    ['CLIENTE_NAO_CADASTRADO', () => cupom({ clienteId: 99999 })],
  ];
  for (const [tipo, fazer] of casos)
    it(`stores ${tipo} pending with its raw payload, and a resend answers DUPLICADO`, async () => {
      const c = fazer();
      const r = await enviar(ana, [c]);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().resultados[0]).toMatchObject({ situacao: 'PENDENTE', tipoErro: tipo });
      const linhas = await q<{ payload: { sequencial: number }; status: string }>(
        `select payload, status from subida_venda_transacao where numero_cupom = $1 and loja_id = $2`,
        [c.sequencial, ref.BV01],
      );
      expect(linhas).toHaveLength(1);
      expect(linhas[0]!.payload.sequencial).toBe(c.sequencial);
      const de_novo = await enviar(ana, [c]);
      expect(de_novo.json().resultados[0].situacao).toBe('DUPLICADO');
    });

  it('stores PRODUTO_INATIVO, TRIBUTACAO_AUSENTE and MOVIMENTO_FECHADO pending', async () => {
    const [inativo] = await q<{ id: number }>(
      `update produto set ativo = false where id = (select id from produto where ativo and id not in ($1, $2) order by id limit 1) returning id`,
      [ref.p1, ref.p2],
    );
    const item = (produtoId: number) => [
      { sequencia: 1, produtoId, quantidadeVenda: '1', valorUnidade: '10', valorTotal: '10.00' },
    ];
    const r1 = await enviar(ana, [cupom({ valor: '10.00', finalizacoes: [], itensVenda: item(inativo!.id) })]);
    expect(r1.json().resultados[0]).toMatchObject({ situacao: 'PENDENTE', tipoErro: 'PRODUTO_INATIVO' });
    const [semNcm] = await q<{ id: number }>(
      `update produto set ncm_id = null where id = (select id from produto where ativo and id not in ($1, $2) order by id limit 1) returning id`,
      [ref.p1, ref.p2],
    );
    const r2 = await enviar(ana, [cupom({ valor: '10.00', finalizacoes: [], itensVenda: item(semNcm!.id) })]);
    expect(r2.json().resultados[0]).toMatchObject({ situacao: 'PENDENTE', tipoErro: 'TRIBUTACAO_AUSENTE' });
    await q(
      `insert into fechamento_estoque (loja_id, fechado_ate) values ($1, '2026-01-31')
       on conflict (assinante_id, loja_id) do update set fechado_ate = excluded.fechado_ate`,
      [ref.BV01],
    );
    const antes = await estoque(ref.p1);
    const r3 = await enviar(ana, [
      cupom({ dataHoraAberturaCupom: '2026-01-15T09:00:00', dataHoraFechamentoCupom: null }),
    ]);
    expect(r3.json().resultados[0]).toMatchObject({ situacao: 'PENDENTE', tipoErro: 'MOVIMENTO_FECHADO' });
    expect(await estoque(ref.p1)).toBe(antes);
    await q(`update fechamento_estoque set fechado_ate = null where loja_id = $1`, [ref.BV01]);
  });

  it('a malformed sale gets its own 422-shaped result; the batch goes on; none valid → 422', async () => {
    const boa = cupom();
    const r = await enviar(ana, [
      { ...cupom(), itensVenda: [{ sequencia: 1, produtoId: ref.p1, quantidadeVenda: 'x' }] },
      boa,
    ]);
    expect(r.statusCode).toBe(200);
    const [ruim, ok] = r.json().resultados;
    expect(ruim).toMatchObject({ situacao: 'REJEITADO', status: 422 });
    expect(ruim.erros.some((e: { campo: string }) => e.campo === 'cupons.0.itensVenda.0.quantidadeVenda')).toBe(true);
    expect(ok.situacao).toBe('ACEITO');
    const nenhum = await enviar(ana, [{ lojaId: ref.BV01 }]);
    expect(nenhum.statusCode).toBe(422);
  });

  it('the POS device credential uploads its store sales; users need VENDA_PDV INCLUIR and the store', async () => {
    const r = await enviar(doDispositivo(), [cupom()]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().resultados[0].situacao).toBe('ACEITO');
    expect((await enviar(gabi, [cupom()])).statusCode).toBe(403);
    const fora = await enviar(fabio, [cupom()]);
    expect(fora.statusCode).toBe(422);
  });
});

const get = (who: LoginResult, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

describe('the reads as the integrations call them', () => {
  it('cupons-fiscais: C6 day range (plain, encoded, date-only), C11 cursor and last-sale forms, /{id}', async () => {
    // the demo's POS sales (NFC-e over the last 30 days) may fall on that day too: count what was there
    const URL_DIA =
      '/api/v1/venda/cupons-fiscais?q=dataVenda=ge=2026-11-21T00:00:00;dataVenda=le=2026-11-21T23:59:59&start=0&count=1000';
    const antes = (await get(ana, URL_DIA)).json().total as number;
    await enviar(ana, [cupom({ dataHoraAberturaCupom: '2026-11-21T08:00:00', dataHoraFechamentoCupom: null })]);
    const dia = await get(ana, URL_DIA);
    expect(dia.statusCode, dia.body).toBe(200);
    const b = dia.json();
    expect(b.total).toBe(antes + 1);
    expect(b.count).toBe(b.items.length);
    // the one just sent: the highest cursor number of the day
    const c = [...b.items].sort((x, y) => y.identificadorId - x.identificadorId)[0];
    expect(c).toMatchObject({
      numeroCaixa: '011',
      dataHoraAberturaCupom: '2026-11-21T08:00:00',
      valor: '25.50',
      lojaId: ref.BV01,
    });
    expect(c.itensVenda).toHaveLength(2);
    expect(c.itensVenda[0]).toHaveProperty('cfop');
    expect(c.finalizacoes[0]).toMatchObject({ finalizadoraId: ref.forma, valor: '30.00' });
    const enc = await get(
      ana,
      `/api/v1/venda/cupons-fiscais?q=${encodeURIComponent('dataVenda=ge=2026-11-21;dataVenda=le=2026-11-21')}&count=100`,
    );
    expect(enc.json().total).toBe(antes + 1);
    const par = await get(ana, '/api/v1/venda/cupons-fiscais?dataVendaInicial=2026-11-21&dataVendaFinal=2026-11-21');
    expect(par.json().total).toBe(antes + 1);
    const cursor = await get(
      ana,
      `/api/v1/venda/cupons-fiscais?q=identificadorId=gt=${c.identificadorId - 1}&sort=identificadorId`,
    );
    expect(cursor.json().items[0].identificadorId).toBe(c.identificadorId);
    const ultimo = await get(ana, '/api/v1/venda/cupons-fiscais?sort=-dataHoraAberturaCupom&count=1');
    expect(ultimo.json().count).toBe(1);
    const um = await get(ana, `/api/v1/venda/cupons-fiscais/${c.id}`);
    expect(um.json()).toMatchObject({ id: c.id, identificadorId: c.identificadorId });
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/venda/cupons-fiscais',
      headers: ana.headers,
      payload: { filtro: {} },
    });
    expect(post.statusCode).toBe(405);
    expect(post.headers['content-type']).toMatch(/json/);
  });

  it('pdv/recebimentos, financeiro/recebimentos-pdv (bare array of numbers), pdv/trocas-devolucoes (spaces in q)', async () => {
    const rec = await get(ana, '/api/v1/pdv/recebimentos?start=0&count=20');
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json().items.length).toBeGreaterThan(0);
    for (const qs of ['inicio=2026-11-20&fim=2026-11-20', 'dataInicio=2026-11-20&dataFim=2026-11-20']) {
      const r = await get(ana, `/api/v1/financeiro/recebimentos-pdv?${qs}`);
      const corpo = r.json();
      expect(Array.isArray(corpo)).toBe(true);
      expect(typeof corpo[0].valor).toBe('number');
      const soma = (
        await q<{ s: string }>(`select sum(valor)::text as s from recebimento_pdv where data = '2026-11-20'`)
      )[0]!.s;
      expect(corpo.reduce((s: number, x: { valor: number }) => s + x.valor, 0).toFixed(2)).toBe(
        Number(soma).toFixed(2),
      );
    }
    const dev = cupom({
      tipo: 'DEVOLUCAO',
      cooVenda: 101,
      valor: '10.00',
      finalizacoes: [],
      itensVenda: [{ sequencia: 1, produtoId: ref.p1, quantidadeVenda: '1', valorUnidade: '10', valorTotal: '10.00' }],
    });
    const antes = await estoque(ref.p1);
    expect((await enviar(ana, [dev])).json().resultados[0].situacao).toBe('ACEITO');
    expect(Number(await estoque(ref.p1)) - Number(antes)).toBe(1);
    const trocas = await get(ana, '/api/v1/pdv/trocas-devolucoes?q=id =gt= 0&sort=id&count=500');
    expect(trocas.statusCode, trocas.body).toBe(200);
    const it0 = trocas.json().items.find((x: { cooVenda: number }) => x.cooVenda === 101);
    expect(it0).toMatchObject({ cooVenda: 101, valorTotal: '10.00', lojaId: ref.BV01 });
    expect(it0.itens[0]).toMatchObject({ produtoId: ref.p1, valorTotalDevolvido: '10.00' });
    const fim = await get(ana, `/api/v1/pdv/trocas-devolucoes?q=id =gt= ${it0.id}&sort=id&count=500`);
    expect(fim.json().count).toBe(0);
  });
});

describe('reprocess and discard (PERM_INCONSISTENCIA_EDITAR)', () => {
  const pendente = async (sequencial: number) =>
    (
      await q<{ id: string; status: string; tentativas: number; tipo_erro: string; cupom_id: string | null }>(
        `select id::text, status, tentativas, tipo_erro, cupom_id::text from subida_venda_transacao
          where loja_id = $1 and numero_cupom = $2 order by id desc limit 1`,
        [ref.BV01, sequencial],
      )
    )[0]!;
  const post = (who: LoginResult, acao: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/pdv/inconsistencias-subida/${acao}`, headers: who.headers, payload });

  it('a sale of an unknown code, the code registered, reprocessed: accepted once, stock posted, counter down', async () => {
    const codigo = '7899990000011';
    const c = cupom({
      valor: '10.00',
      finalizacoes: [],
      itensVenda: [{ sequencia: 1, codigo, quantidadeVenda: '1', valorUnidade: '10', valorTotal: '10.00' }],
    });
    expect((await enviar(ana, [c])).json().resultados[0].tipoErro).toBe('PRODUTO_NAO_CADASTRADO');
    const t1 = await pendente(c.sequencial);
    const antes = (await get(ana, '/api/v1/pdv/pendencias')).json().total;
    // still unknown: stays pending, one more attempt
    const r1 = await post(ana, 'reprocessamento', { ids: [Number(t1.id)] });
    expect(r1.statusCode, r1.body).toBe(200);
    expect(await pendente(c.sequencial)).toMatchObject({ status: 'PENDENTE', tentativas: 2 });
    await q(`insert into codigo_auxiliar (produto_id, id, tipo, fator) values ($1, $2, 'EAN', 6)`, [ref.p2, codigo]);
    const estoqueAntes = await estoque(ref.p2);
    const r2 = await post(ana, 'reprocessamento', { ids: [Number(t1.id)] });
    expect(r2.json().resultados[0].situacao).toBe('ACEITO');
    const t2 = await pendente(c.sequencial);
    expect(t2.status).toBe('REPROCESSADA');
    expect(t2.cupom_id).not.toBeNull();
    // the pack factor of the EAN moves six units
    expect(Number(await estoque(ref.p2)) - Number(estoqueAntes)).toBe(-6);
    expect((await get(ana, '/api/v1/pdv/pendencias')).json().total).toBe(antes - 1);
    // a resend of the same sale now answers DUPLICADO
    expect((await enviar(ana, [c])).json().resultados[0].situacao).toBe('DUPLICADO');
    expect((await post(ana, 'reprocessamento', { ids: [Number(t1.id)] })).statusCode).toBe(422);
  });

  it('the screens read the pending ones per code and a code transactions with their payload', async () => {
    const r = await get(ana, `/api/v1/pdv/inconsistencias-subida?lojaId=${ref.BV01}`);
    expect(r.statusCode, r.body).toBe(200);
    const prod = r.json().items.find((i: { tipoErro: string }) => i.tipoErro === 'PRODUTO_NAO_CADASTRADO');
    expect(prod).toMatchObject({ descricao: 'Produto não cadastrado', lojas: [ref.BV01] });
    const tr = await get(
      ana,
      `/api/v1/pdv/inconsistencias-subida/PRODUTO_NAO_CADASTRADO/transacoes?lojaId=${ref.BV01}&count=100`,
    );
    expect(tr.statusCode, tr.body).toBe(200);
    expect(tr.json().total).toBe(prod.quantidade);
    expect(tr.json().items[0].payload).toHaveProperty('itensVenda');
    expect((await get(fabio, `/api/v1/pdv/inconsistencias-subida?lojaId=${ref.BV01}`)).json().items).toEqual([]);
  });

  it('discard needs a motivo and EDITAR; a whole code goes by a job', async () => {
    const c = cupom({ funcionarioId: 88888 });
    await enviar(ana, [c]);
    const tr = await pendente(c.sequencial);
    expect((await post(ana, 'descarte', { ids: [Number(tr.id)] })).statusCode).toBe(422);
    expect((await post(gabi, 'descarte', { ids: [Number(tr.id)], motivo: 'Venda de teste' })).statusCode).toBe(403);
    const r = await post(ana, 'descarte', { ids: [Number(tr.id)], motivo: 'Venda de teste' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().descartadas).toBe(1);
    expect((await pendente(c.sequencial)).status).toBe('DESCARTADA');
    const job = await post(ana, 'reprocessamento-codigo', { tipoErro: 'TOTAL_DIVERGENTE' });
    expect(job.statusCode, job.body).toBe(202);
    expect(job.json().transacoes).toBeGreaterThan(0);
  });
});
