/**
 * Sales orders through HTTP: the integration's POST replayed with its string numbers (201 + Location,
 * Idempotency-Key replay, duplicate idExterno → 409 naming the first), bad input (total off, negative,
 * non-numeric, id sent, unknown store), inconsistent items kept in Novos and fixed, the board's moves with
 * the stock (reserve, invoice once, release), two simultaneous moves (one 409 with the current state),
 * permissions, store scope, tenant isolation, the list and the board's summary.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { corpo, enviar, mover, prepararPedidos, q, ref, reservado, vendas } from './pedidos.support';

let t: TestApp;
let ana: LoginResult;
let fabio: LoginResult; // Gerência de loja, BV02 only
let gabi: LoginResult; // read-only, BV01
let marta: LoginResult; // another tenant

beforeAll(async () => {
  t = await createTestApp();
  [ana, fabio, gabi, marta] = await Promise.all([
    login(t, 'ana.admin'),
    login(t, 'fabio.gerente'),
    login(t, 'gabi.consulta'),
    login(t, 'marta.admin', 'mercadao.localhost'),
  ]);
  await prepararPedidos(t);
});
afterAll(async () => t?.close());

describe('demo', () => {
  it('Bela Vida has twelve orders across the board: an old new one, a delivery app, an unmapped item, a driver', async () => {
    const r = await q<{
      etapa: string;
      canal: string;
      itens_inconsistentes: number;
      condutor_id: number | null;
      minutos: number;
    }>(
      `select etapa, canal, itens_inconsistentes, condutor_id, extract(epoch from now() - etapa_desde)::int / 60 as minutos
         from pedido_venda`,
    );
    expect(r).toHaveLength(12);
    expect(new Set(r.map((x) => x.etapa)).size).toBe(7);
    expect(r.some((x) => x.etapa === 'NOVO' && x.minutos > 15)).toBe(true);
    expect(r.some((x) => x.canal === 'APP_DELIVERY')).toBe(true);
    expect(r.some((x) => x.etapa === 'NOVO' && x.itens_inconsistentes > 0)).toBe(true);
    expect(r.some((x) => x.etapa === 'EM_ENTREGA' && x.condutor_id)).toBe(true);
  });
});

describe('POST /api/v1/venda/pedidos (the integration)', () => {
  it('items by code go through the code resolver: internal code, an auxiliary code times its pack factor, an unknown one flagged', async () => {
    // p1's internal code; an auxiliary code of p2 with a pack factor (registered here)
    const [p1] = await q<{ codigo_interno: string }>('select codigo_interno from produto where id = $1', [ref.p1]);
    await q(
      `insert into codigo_auxiliar (id, produto_id, tipo, fator, ativo) values ('CX12P2', $1, 'LITERAL', 12, true)`,
      [ref.p2],
    );
    const itens = [
      { codigo: p1!.codigo_interno, quantidadeDeEmbalagem: '2', valor: '1.00' },
      { codigo: 'CX12P2', quantidadeDeEmbalagem: '1', valor: '10.00' },
      { codigo: 'NAOEXISTE99', quantidadeDeEmbalagem: '1', valor: '1.00' },
    ];
    const r = await enviar(ana, corpo({ itens, valorTotal: '22.90', status: 'ACEITE' }));
    expect(r.statusCode, r.body).toBe(201);
    const d = r.json();
    expect(
      d.itens.map((i: { produtoId: number | null; quantidade: string }) => [i.produtoId, Number(i.quantidade)]),
    ).toEqual([
      [ref.p1, 2],
      [ref.p2, 12],
      [null, 1],
    ]);
    expect(d.itens[1].codigo).toBe('CX12P2');
    expect(d.itens[2].inconsistencia).toContain('NAOEXISTE99');
    // one line unresolved: the order waits in Novos, flagged
    expect(d).toMatchObject({ etapa: 'NOVO', itensInconsistentes: 1 });
  });

  it('creates from string numbers: 201 + Location, status ABERTO in Novos; a retry replays it', async () => {
    const body = corpo();
    const r = await enviar(ana, body, 'ped-1');
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().id;
    expect(r.headers.location).toBe(`/api/v1/venda/pedidos/${id}`);
    expect(r.json()).toMatchObject({ etapa: 'NOVO', status: 'ABERTO', valorTotal: '31.90', itensInconsistentes: 0 });
    const again = await enviar(ana, body, 'ped-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(id);
    const g = await t.app.inject({ method: 'GET', url: `/api/v1/venda/pedidos/${id}`, headers: ana.headers });
    expect(g.statusCode).toBe(200);
    expect(g.json().itens[0]).toMatchObject({
      produtoId: ref.p1,
      quantidade: '2.0000',
      total: '22.00',
      inconsistencia: null,
    });
    expect(g.json().pagamentos[0]).toMatchObject({
      formaPagamentoId: ref.forma,
      valor: '31.90',
      numeroParcelas: 1,
      pago: true,
    });
    expect(g.json().enderecoEntrega.municipio).toBe('Curitiba');
    expect(g.json().historico).toHaveLength(1);
  });

  it("a second order with the store's idExterno: 409 whose Location names the first", async () => {
    const body = corpo();
    const a = await enviar(ana, body);
    const b = await enviar(ana, { ...body, observacao: 'outra' });
    expect(b.statusCode).toBe(409);
    expect(b.headers.location).toBe(`/api/v1/venda/pedidos/${a.json().id}`);
    expect(b.json().message).toContain(body.idExterno);
  });

  it('refuses bad input in Portuguese, field by field, writing nothing', async () => {
    const antes = (await q<{ n: number }>(`select count(*)::int as n from pedido_venda`))[0]!.n;
    const off = await enviar(ana, corpo({ valorTotal: '40.00' }));
    expect(off.statusCode).toBe(422);
    expect(off.json().erros).toEqual([
      expect.objectContaining({ campo: 'valorTotal', mensagem: expect.stringContaining('R$ 31,90') }),
    ]);
    const item = corpo().itens[0]!;
    const neg = await enviar(ana, corpo({ itens: [{ ...item, quantidadeDeEmbalagem: '-1' }] }));
    expect(neg.statusCode).toBe(422);
    expect(neg.json().erros[0].campo).toBe('itens.0.quantidadeDeEmbalagem');
    const texto = await enviar(ana, corpo({ valorTotal: 'abc' }));
    expect(texto.json().erros[0]).toMatchObject({ campo: 'valorTotal' });
    const comId = await enviar(ana, corpo({ id: 5 }));
    expect(comId.statusCode).toBe(422);
    expect(comId.json().erros[0].campo).toBe('id');
    const loja = await enviar(ana, corpo({ lojaId: '999999' }));
    expect(loja.statusCode).toBe(404);
    expect((await q<{ n: number }>(`select count(*)::int as n from pedido_venda`))[0]!.n).toBe(antes);
  });

  it('an item that does not resolve keeps the order in Novos, flagged, until fixed', async () => {
    const item = corpo().itens[0]!;
    const r = await enviar(
      ana,
      corpo({ status: 'ACEITE', itens: [item, { ...item, produtoId: '999999', valorDesconto: '0', valor: '0' }] }),
    );
    expect(r.statusCode, r.body).toBe(201);
    const p = r.json();
    expect(p).toMatchObject({ etapa: 'NOVO', itensInconsistentes: 1 });
    expect(p.itens[1].inconsistencia).toBe('produto 999999 não encontrado.');
    const resumo = await t.app.inject({ method: 'GET', url: '/api/v1/venda/pedidos/resumo', headers: ana.headers });
    expect(resumo.json().inconsistentes).toBeGreaterThanOrEqual(1);
    const c = await mover(ana, p.id, 'confirmar');
    expect(c.statusCode).toBe(409);
    expect(c.json().reasons[0]).toContain('inconsistentes');
    const f = await mover(ana, p.id, 'corrigir-item', { ordem: 2, produtoId: ref.p2 });
    expect(f.statusCode, f.body).toBe(200);
    expect(f.json().itensInconsistentes).toBe(0);
    expect((await mover(ana, p.id, 'confirmar')).statusCode).toBe(200);
    expect(await reservado(p.id)).toBe('4.0000');
  });
});

describe('board moves', () => {
  it('walks the columns with the stock: reserve on confirm, the sale posted once on dispatch, releases', async () => {
    const { id } = (await enviar(ana, corpo())).json();
    expect((await mover(ana, id, 'aprontar')).statusCode).toBe(409); // no skipping
    const c = await mover(ana, id, 'confirmar', { versao: 1 });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ etapa: 'CONFIRMADO', status: 'ACEITE', versao: 2 });
    expect(await reservado(id)).toBe('2.0000');
    // the product's stock area reads the store's reservations beside its balances
    const saldos = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/saldos?q=produtoId==${ref.p1};lojaId==${ref.BV01}`,
      headers: ana.headers,
    });
    expect(Number(saldos.json().items[0].reservadoNaLoja)).toBeGreaterThanOrEqual(2);
    const det = await t.app.inject({ method: 'GET', url: `/api/v1/venda/pedidos/${id}`, headers: ana.headers });
    const it0 = det.json().itens[0];
    expect(Number(it0.disponivel)).toBe(Number(it0.saldo) - Number(it0.reservado));
    expect((await mover(ana, id, 'separar')).json().etapa).toBe('EM_SEPARACAO');
    expect((await mover(ana, id, 'aprontar')).json()).toMatchObject({ etapa: 'PRONTO', status: 'EM_FATURAMENTO' });
    const condutor = (await q<{ id: number }>(`select id from condutor where ativo limit 1`))[0]?.id ?? null;
    const d = await mover(ana, id, 'despachar', { condutorId: condutor });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json()).toMatchObject({ etapa: 'EM_ENTREGA', status: 'FATURADO', condutorId: condutor });
    expect(await reservado(id)).toBe('0');
    expect(await vendas(id)).toEqual([{ quantidade: '-2.0000', tipo: 'VENDA' }]);
    const fim = await mover(ana, id, 'concluir');
    expect(fim.json()).toMatchObject({ etapa: 'CONCLUIDO', status: 'ENTREGUE' });
    expect(await vendas(id)).toHaveLength(1);
    expect((await mover(ana, id, 'cancelar', { motivoCancelamentoId: ref.motivo })).statusCode).toBe(409);
    expect(fim.json().historico.map((h: { acao: string }) => h.acao)).toEqual([
      'receber',
      'confirmar',
      'separar',
      'aprontar',
      'despachar',
      'concluir',
    ]);
  });

  it('pickup goes from Prontos straight to Concluídos (invoiced there); cancel needs a motivo and releases', async () => {
    const { id } = (await enviar(ana, corpo({ retiradaNaLoja: 'true', status: 'EM_FATURAMENTO' }))).json();
    expect(await reservado(id)).toBe('2.0000');
    expect((await mover(ana, id, 'despachar')).statusCode).toBe(409);
    expect((await mover(ana, id, 'concluir')).json().status).toBe('ENTREGUE');
    expect(await vendas(id)).toHaveLength(1);

    const outro = (await enviar(ana, corpo({ status: 'ACEITE' }))).json();
    const sem = await mover(ana, outro.id, 'cancelar', {});
    expect(sem.statusCode).toBe(422);
    expect(sem.json().erros[0].campo).toBe('motivoCancelamentoId');
    expect((await mover(ana, outro.id, 'recusar', { motivoCancelamentoId: ref.motivo })).statusCode).toBe(409);
    const can = await mover(ana, outro.id, 'cancelar', {
      motivoCancelamentoId: ref.motivo,
      observacao: 'Cliente desistiu',
    });
    expect(can.json()).toMatchObject({ etapa: 'CANCELADO', status: 'CANCELADO', motivoCancelamentoId: ref.motivo });
    expect(await reservado(outro.id)).toBe('0');
    expect((await mover(ana, outro.id, 'confirmar')).json().reasons[0]).toContain('cancelado');

    const novo = (await enviar(ana, corpo())).json();
    const rec = await mover(ana, novo.id, 'recusar', { motivoCancelamentoId: ref.motivo });
    expect(rec.json().status).toBe('RECUSADO');
  });

  it('two simultaneous moves of one order: one wins, the other gets 409 with the current state', async () => {
    const { id } = (await enviar(ana, corpo())).json();
    const [a, b] = await Promise.all([
      mover(ana, id, 'confirmar', { versao: 1 }),
      mover(ana, id, 'confirmar', { versao: 1 }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const perdeu = a.statusCode === 409 ? a : b;
    expect(perdeu.json().message).toContain('Confirmados');
    expect(perdeu.json().message).toContain('versão 2');
    expect(perdeu.headers.location).toBe(`/api/v1/venda/pedidos/${id}`);
    expect(await reservado(id)).toBe('2.0000');
  });
});

describe('access', () => {
  it('read-only users read but cannot create or move (403); a store outside the user is not seen', async () => {
    const { id } = (await enviar(ana, corpo())).json();
    expect((await enviar(gabi, corpo())).statusCode).toBe(403);
    expect((await mover(gabi, id, 'confirmar')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/venda/pedidos/${id}`, headers: gabi.headers })).statusCode,
    ).toBe(200);
    // fabio edits orders, but only of BV02
    expect((await mover(fabio, id, 'confirmar')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/venda/pedidos/${id}`, headers: fabio.headers })).statusCode,
    ).toBe(404);
    expect((await enviar(fabio, corpo())).statusCode).toBe(403);
    const deFabio = await enviar(
      fabio,
      corpo({ lojaId: ref.BV02, itens: [{ ...corpo().itens[0], produtoId: 999999 }] }),
    );
    expect(deFabio.statusCode, deFabio.body).toBe(201);
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/v1/venda/pedidos?count=1000',
      headers: fabio.headers,
    });
    expect(lista.json().items.every((p: { lojaId: number }) => p.lojaId === ref.BV02)).toBe(true);
  });

  it('another tenant sees none of them', async () => {
    const { id } = (await enviar(ana, corpo())).json();
    const g = await t.app.inject({ method: 'GET', url: `/api/v1/venda/pedidos/${id}`, headers: marta.headers });
    expect(g.statusCode).toBe(404);
    const l = await t.app.inject({ method: 'GET', url: '/api/v1/venda/pedidos', headers: marta.headers });
    expect(l.json().total).toBe(0);
    expect((await mover(marta, id, 'confirmar')).statusCode).toBe(404);
  });
});

describe('GET /api/v1/venda/pedidos', () => {
  it('pages as integrations read it (sort=id&start&count) and filters by stage, store and search', async () => {
    const p = await t.app.inject({
      method: 'GET',
      url: '/api/v1/venda/pedidos?sort=id&start=1&count=2',
      headers: ana.headers,
    });
    expect(p.statusCode).toBe(200);
    const { items, count, total, start } = p.json();
    expect(start).toBe(1);
    expect(count).toBe(items.length);
    expect(count).toBe(2);
    expect(items[0].id).toBeLessThan(items[1].id);
    expect(total).toBeGreaterThan(3);
    const novos = await t.app.inject({
      method: 'GET',
      url: `/api/v1/venda/pedidos?q=etapa==NOVO;lojaId==${ref.BV01}&count=1000`,
      headers: ana.headers,
    });
    expect(novos.json().items.length).toBeGreaterThan(0);
    expect(
      novos.json().items.every((x: { etapa: string; lojaId: number }) => x.etapa === 'NOVO' && x.lojaId === ref.BV01),
    ).toBe(true);
    const um = novos.json().items[0];
    const busca = await t.app.inject({
      method: 'GET',
      url: `/api/v1/venda/pedidos?busca=${um.idExterno}`,
      headers: ana.headers,
    });
    expect(busca.json().items.map((x: { id: number }) => x.id)).toEqual([um.id]);
    const resumo = await t.app.inject({ method: 'GET', url: '/api/v1/venda/pedidos/resumo', headers: ana.headers });
    const etapas = resumo.json().etapas as { etapa: string; quantidade: number; total: string }[];
    expect(etapas.map((e) => e.etapa)).toEqual([
      'NOVO',
      'CONFIRMADO',
      'EM_SEPARACAO',
      'PRONTO',
      'EM_ENTREGA',
      'CONCLUIDO',
      'CANCELADO',
    ]);
    expect(etapas.reduce((s, e) => s + e.quantidade, 0)).toBe(total);
  });
});

describe('delivery app integration', () => {
  it('each move of a store with the integration on is POSTed to its webhook, signed; every attempt is logged', async () => {
    const recebidos: { corpo: string; assinatura: string }[] = [];
    let falhar = true;
    const receptor = createServer((req, res) => {
      let corpo = '';
      req.on('data', (c) => {
        corpo += c;
      });
      req.on('end', () => {
        recebidos.push({ corpo, assinatura: String(req.headers['x-retaguarda-assinatura']) });
        // the first delivery finds the app down
        res.statusCode = falhar ? 503 : 200;
        falhar = false;
        res.end();
      });
    });
    await new Promise<void>((ok) => receptor.listen(0, '127.0.0.1', ok));
    try {
      const url = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}/pedidos`;
      // the signing secret is sealed (segredo_arquivo), set by its own command and shown only in its answer
      const seg = await t.app.inject({
        method: 'POST',
        url: `/api/v1/venda/lojas/${ref.BV01}/webhook-segredo`,
        headers: ana.headers,
        payload: { segredo: 'segredo-bv01-do-app-delivery' },
      });
      expect(seg.statusCode, seg.body).toBe(200);
      expect(seg.json().segredo).toBe('segredo-bv01-do-app-delivery');
      const [selado] = await q<{ n: number; claro: boolean }>(
        `select count(*)::int as n, bool_or(position(convert_to('segredo-bv01-do-app-delivery', 'UTF8') in cifrado) > 0) as claro
           from segredo_arquivo where finalidade = 'venda.webhook'`,
      );
      expect(selado).toEqual({ n: 1, claro: false });
      for (const [chave, valor] of [
        ['venda.deliveryUrl', url],
        ['venda.integracaoDelivery', true],
      ] as const) {
        const r = await t.app.inject({
          method: 'PUT',
          url: `/api/v1/configuracoes/${chave}/lojas/${ref.BV01}`,
          headers: ana.headers,
          payload: { valor, versao: 0 },
        });
        expect(r.statusCode, r.body).toBe(200);
      }
      const { id } = (await enviar(ana, corpo())).json();
      expect((await mover(ana, id, 'confirmar')).statusCode).toBe(200);
      const log = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/venda/pedidos/${id}/entregas-webhook`,
            headers: ana.headers,
          })
        ).json().items as { status: string; statusHttp: number | null; tentativa: number; erro: string | null }[];
      // the arrival (ABERTO) fails once and is retried with backoff; the confirmation (ACEITE) goes through
      for (let i = 0; i < 100 && !(await log()).some((x) => x.status === 'ACEITE' && x.statusHttp === 200); i++)
        await new Promise((ok) => setTimeout(ok, 100));
      const linhas = await log();
      expect(linhas).toContainEqual(expect.objectContaining({ status: 'ABERTO', statusHttp: 503, tentativa: 1 }));
      expect(linhas).toContainEqual(expect.objectContaining({ status: 'ACEITE', statusHttp: 200, erro: null }));
      const aceite = recebidos.find((r) => JSON.parse(r.corpo).status === 'ACEITE')!;
      expect(JSON.parse(aceite.corpo)).toMatchObject({ evento: 'pedido.status', pedidoId: id, etapa: 'CONFIRMADO' });
      expect(aceite.assinatura).toBe(
        `sha256=${createHmac('sha256', 'segredo-bv01-do-app-delivery').update(aceite.corpo).digest('hex')}`,
      );
      // another store's orders are not sent
      const antes = recebidos.length;
      const outro = (await enviar(ana, corpo({ lojaId: ref.BV02 }))).json();
      expect((await mover(ana, outro.id, 'recusar', { motivoCancelamentoId: ref.motivo })).statusCode).toBe(200);
      // nothing enqueued for it (the outbox is written in the move's transaction)
      expect(
        await q(`select 1 from tarefa where tipo = 'venda.pedido-webhook' and titulo like $1`, [
          `%pedido ${outro.id} %`,
        ]),
      ).toEqual([]);
      expect(
        await q(`select 1 from tarefa where tipo = 'venda.pedido-webhook' and titulo like $1`, [`%pedido ${id} %`]),
      ).toHaveLength(2);
      expect(recebidos.length).toBe(antes);
    } finally {
      receptor.close();
    }
  });
});
