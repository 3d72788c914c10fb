/**
 * Stock transfers through HTTP: goods in transit (origin down, destination untouched until receipt), the
 * same cost at both ends, partial receipt (difference reported and posted as a loss of the origin),
 * another company refused, store scope on both ends, idempotent retry, receiving twice, cancelling.
 */
import { hojeNaZona } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let diego: LoginResult; // Estoque, BV02 only
let bruno: LoginResult; // Estoque, BV01 only (created here)
const CHAVES = [
  'BV01',
  'BV02',
  'BV03',
  'BV04',
  'assinante',
  'lojaBv01',
  'depBv01',
  'lojaBv02',
  'depBv02',
  'lojaBv04',
  'p1',
  'p2',
  'p3',
] as const;
const ref = {} as Record<(typeof CHAVES)[number], number>;
const porNome = ref as Record<string, number>;

/** As the owner until the tenant is known, then as that tenant (codes repeat across tenants). */
async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  if (!ref.assinante) return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
  return (await tenantQuery<T>(t.ownerUrl, ref.assinante, text, params)).rows;
}
const local = (loja: string, tipo: string) =>
  q<{ id: number }>(
    `select le.id from local_estoque le join loja l on l.id = le.loja_id
      where l.sigla = $1 and l.assinante_id = $2 and le.tipo = $3 and le.ativo order by le.id limit 1`,
    [loja, ref.assinante, tipo],
  ).then((r) => r[0]?.id);

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  diego = await login(t, 'diego.estoque');
  const lojas = await q<{ id: number; sigla: string; assinante_id: number }>(
    `select l.id, l.sigla, l.assinante_id from loja l join assinante a on a.id = l.assinante_id where a.nome = 'Bela Vida'`,
  );
  for (const l of lojas) porNome[l.sigla] = l.id;
  ref.assinante = lojas[0]!.assinante_id;
  ref.lojaBv01 = (await local('BV01', 'LOJA'))!;
  ref.depBv01 = (await local('BV01', 'DEPOSITO'))!;
  ref.lojaBv02 = (await local('BV02', 'LOJA'))!;
  ref.depBv02 = (await local('BV02', 'DEPOSITO'))!;
  ref.lojaBv04 = (await local('BV04', 'LOJA'))!;
  // products with stock at BV01's LOJA location (the demo's movements), whole units
  const prods = await q<{ produto_id: number }>(
    `select s.produto_id from saldo_estoque s join produto p on p.id = s.produto_id
       left join unidade u on u.id = p.unidade_de_venda_id
      where s.local_id = $1 and s.quantidade >= 20 and not coalesce(u.permite_fracionamento, false)
      order by s.produto_id limit 3`,
    [ref.lojaBv01],
  );
  [ref.p1, ref.p2, ref.p3] = prods.map((p) => p.produto_id) as [number, number, number];
  const u = await t.app.inject({
    method: 'POST',
    url: '/api/v1/usuarios',
    headers: ana.headers,
    payload: {
      nome: 'Bruno Transferências',
      username: 'bruno.transf',
      senha: 'Bruno#2026x',
      lojasUsuario: [{ lojaId: ref.BV01, principal: true }],
    },
  });
  expect(u.statusCode, u.body).toBe(201);
  const [estoque] = await q<{ id: number }>(`select id from grupo where nome = 'Estoque' and assinante_id = $1`, [
    ref.assinante,
  ]);
  const g = await t.app.inject({
    method: 'POST',
    url: `/api/v1/usuarios/${u.json().id}/grupos`,
    headers: ana.headers,
    payload: [estoque!.id],
  });
  expect(g.statusCode, g.body).toBe(200);
  bruno = await login(t, 'bruno.transf', 'localhost', 'Bruno#2026x');
});
afterAll(async () => t?.close());

// the stores of this test (PR, SC) keep São Paulo time: "today" is theirs, not a fixed UTC offset's
// (UTC−4 said yesterday from 03:00 to 04:00 UTC, and back-dated the test's documents behind the demo's sales)
const hoje = () => hojeNaZona('America/Sao_Paulo');
const corpo = (extra: Record<string, unknown> = {}) => ({
  lojaOrigemId: ref.BV01,
  localOrigemId: ref.lojaBv01,
  lojaDestinoId: ref.BV02,
  localDestinoId: ref.lojaBv02,
  data: hoje(),
  itens: [{ produtoId: ref.p1, quantidade: 10 }],
  ...extra,
});
const enviar = (who: LoginResult, payload: unknown, chave?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/estoque/transferencias',
    headers: { ...who.headers, ...(chave ? { 'idempotency-key': chave } : {}) },
    payload: payload as object,
  });
const receber = (who: LoginResult, id: number, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/estoque/transferencias/${id}/receber`,
    headers: who.headers,
    payload: payload as object,
  });
const saldo = async (localId: number, produtoId: number) =>
  Number(
    (
      await q<{ quantidade: string }>(
        `select quantidade::text from saldo_estoque where local_id = $1 and produto_id = $2`,
        [localId, produtoId],
      )
    )[0]?.quantidade ?? 0,
  );
const media = async (lojaId: number, produtoId: number) =>
  (
    await q<{ custo: string }>(
      `select custo_medio::text as custo from custo_medio_estoque where loja_id = $1 and produto_id = $2`,
      [lojaId, produtoId],
    )
  )[0]?.custo ?? '0.000000';
const movimentosDe = (id: number) =>
  q<{ loja_id: number; local_id: number; tipo: string; quantidade: string; custo_unitario: string }>(
    `select loja_id, local_id, tipo, quantidade::text, custo_unitario::text from movimento_estoque
      where documento_tipo = 'TRANSFERENCIA' and documento_id = $1 order by id`,
    [id],
  );
const campos = (r: { json: () => { erros?: { campo: string }[] } }) => r.json().erros?.map((e) => e.campo) ?? [];

describe('transferências de estoque', () => {
  it('envio: origem baixa, mercadoria em trânsito na origem, destino intacto; recebimento parcial ao mesmo custo', async () => {
    const [o0, d0, m0, md0] = [
      await saldo(ref.lojaBv01, ref.p1),
      await saldo(ref.lojaBv02, ref.p1),
      await media(ref.BV01, ref.p1),
      await media(ref.BV02, ref.p1),
    ];
    const r = await enviar(bruno, corpo({ observacao: 'Reposição de Londrina' }));
    expect(r.statusCode, r.body).toBe(201);
    const tr = r.json();
    expect(r.headers.location).toBe(`/api/v1/estoque/transferencias/${tr.id}`);
    expect(tr).toMatchObject({
      status: 'EM_TRANSITO',
      lojaOrigemSigla: 'BV01',
      lojaDestinoSigla: 'BV02',
      observacao: 'Reposição de Londrina',
      itens: [{ produtoId: ref.p1, quantidade: '10.0000', custoUnitario: m0, quantidadeRecebida: null }],
    });
    const transito = tr.localTransitoId as number;
    const [tipoTransito] = await q<{ tipo: string; loja_id: number }>(
      'select tipo, loja_id from local_estoque where id = $1',
      [transito],
    );
    expect(tipoTransito).toEqual({ tipo: 'TRANSITO', loja_id: ref.BV01 });
    // in transit: the origin location is down, the destination unchanged, the goods are the origin's
    expect(await saldo(ref.lojaBv01, ref.p1)).toBe(o0 - 10);
    expect(await saldo(transito, ref.p1)).toBe(10);
    expect(await saldo(ref.lojaBv02, ref.p1)).toBe(d0);
    expect(await media(ref.BV01, ref.p1)).toBe(m0);
    expect(await media(ref.BV02, ref.p1)).toBe(md0);
    expect((await movimentosDe(tr.id)).map((m) => [m.local_id, m.tipo, m.quantidade, m.custo_unitario])).toEqual([
      [ref.lojaBv01, 'TRANSFERENCIA_SAIDA', '-10.0000', m0],
      [transito, 'TRANSFERENCIA_ENTRADA', '10.0000', m0],
    ]);

    // the origin's user cannot receive it; the destination's user sees it in transit and receives 7
    expect((await receber(bruno, tr.id)).statusCode).toBe(403);
    const lista = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/transferencias?q=${encodeURIComponent(`status==EM_TRANSITO;lojaDestinoId==${ref.BV02}`)}`,
      headers: diego.headers,
    });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().items.map((i: { id: number }) => i.id)).toContain(tr.id);
    const rec = await receber(diego, tr.id, {
      observacao: 'Caixa avariada',
      itens: [{ produtoId: ref.p1, quantidadeRecebida: '7' }],
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json()).toMatchObject({
      status: 'RECEBIDA_COM_DIVERGENCIA',
      dataRecebimento: hoje(),
      observacaoRecebimento: 'Caixa avariada',
      divergencias: [{ produtoId: ref.p1, enviada: '10.0000', recebida: '7.0000', diferenca: '3.0000' }],
      itens: [{ quantidadeRecebida: '7.0000', diferenca: '3.0000', custoRecebimento: m0 }],
    });
    expect(rec.json().mensagem).toMatch(/divergência em 1 item.*perda na loja de origem/);
    // received: the destination gets 7 at the origin's cost, transit is empty, 3 left as a loss of the origin
    expect(await saldo(ref.lojaBv02, ref.p1)).toBe(d0 + 7);
    expect(await saldo(transito, ref.p1)).toBe(0);
    expect(await saldo(ref.lojaBv01, ref.p1)).toBe(o0 - 10);
    const movs = (await movimentosDe(tr.id)).slice(2);
    expect(movs.map((m) => [m.loja_id, m.local_id, m.tipo, m.quantidade])).toEqual([
      [ref.BV01, transito, 'TRANSFERENCIA_SAIDA', '-7.0000'],
      [ref.BV02, ref.lojaBv02, 'TRANSFERENCIA_ENTRADA', '7.0000'],
      [ref.BV01, transito, 'PERDA', '-3.0000'],
    ]);
    expect(new Set(movs.map((m) => m.custo_unitario))).toEqual(new Set([m0]));

    // receiving twice is a conflict
    const outra = await receber(diego, tr.id);
    expect(outra.statusCode).toBe(409);
    expect(outra.json().message ?? outra.json().reasons?.[0]).toMatch(/já foi recebida/);
    const g = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/transferencias/${tr.id}`,
      headers: bruno.headers,
    });
    expect(g.statusCode).toBe(200);
    expect(g.json().status).toBe('RECEBIDA_COM_DIVERGENCIA');
  });

  it('recebimento integral sem itens informados; a média do destino pondera o custo da origem', async () => {
    const r = await enviar(bruno, corpo({ itens: [{ produtoId: ref.p2, quantidade: 4 }] }));
    expect(r.statusCode, r.body).toBe(201);
    const custo = r.json().itens[0].custoUnitario as string;
    const d0 = await saldo(ref.lojaBv02, ref.p2);
    const [antes] = await q<{ quantidade: string; custo: string }>(
      'select quantidade::text, custo_medio::text as custo from custo_medio_estoque where loja_id = $1 and produto_id = $2',
      [ref.BV02, ref.p2],
    );
    const rec = await receber(diego, r.json().id);
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json()).toMatchObject({ status: 'RECEBIDA', divergencias: [] });
    expect(rec.json().mensagem).toMatch(/todas as quantidades conferem/);
    expect(await saldo(ref.lojaBv02, ref.p2)).toBe(d0 + 4);
    const [entrada] = (await movimentosDe(r.json().id)).filter((m) => m.loja_id === ref.BV02);
    expect(entrada).toMatchObject({ tipo: 'TRANSFERENCIA_ENTRADA', custo_unitario: custo });
    const qd = Number(antes?.quantidade ?? 0);
    const esperado = qd > 0 ? (qd * Number(antes!.custo) + 4 * Number(custo)) / (qd + 4) : Number(custo);
    expect(Number(await media(ref.BV02, ref.p2))).toBeCloseTo(esperado, 5);
  });

  it('uma entrada com custo na origem durante o trânsito: o recebimento sai e entra pela nova média', async () => {
    const r = await enviar(bruno, corpo({ itens: [{ produtoId: ref.p3, quantidade: 1 }] }));
    expect(r.statusCode, r.body).toBe(201);
    const [tipo] = await q<{ id: number }>(
      `update tipo_ajuste set afeta_custo_medio = true
        where id = (select id from tipo_ajuste where assinante_id = $1 and tipo = 'ENTRADA' and not exige_observacao
                     order by id limit 1) returning id`,
      [ref.assinante],
    );
    const ajuste = await t.app.inject({
      method: 'POST',
      url: '/api/v1/estoque/ajustes',
      headers: bruno.headers,
      payload: {
        lojaId: ref.BV01,
        localId: ref.lojaBv01,
        tipoDeOperacao: 'ENTRADA',
        tipoDeAjusteId: tipo!.id,
        dataDaMovimentacao: hoje(),
        itens: [{ produtoId: ref.p3, quantidade: 50, custoUnitario: '99.00' }],
      },
    });
    expect(ajuste.statusCode, ajuste.body).toBe(201);
    const nova = await media(ref.BV01, ref.p3);
    expect(nova).not.toBe(r.json().itens[0].custoUnitario);
    expect((await receber(diego, r.json().id)).statusCode).toBe(200);
    const movs = (await movimentosDe(r.json().id)).slice(2);
    expect(movs.map((m) => [m.tipo, m.custo_unitario])).toEqual([
      ['TRANSFERENCIA_SAIDA', nova],
      ['TRANSFERENCIA_ENTRADA', nova],
    ]);
  });

  it('idempotente pela Idempotency-Key: a repetição responde a mesma transferência e não lança de novo', async () => {
    const antes = await saldo(ref.lojaBv01, ref.p3);
    const a = await enviar(bruno, corpo({ itens: [{ produtoId: ref.p3, quantidade: 2 }] }), 'transf-idem-1');
    const b = await enviar(bruno, corpo({ itens: [{ produtoId: ref.p3, quantidade: 2 }] }), 'transf-idem-1');
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().id).toBe(a.json().id);
    expect(b.headers.location).toBe(a.headers.location);
    expect(await saldo(ref.lojaBv01, ref.p3)).toBe(antes - 2);
  });

  it('entre empresas diferentes (outra raiz de CNPJ) é recusada: é venda e compra', async () => {
    const r = await enviar(ana, corpo({ lojaDestinoId: ref.BV04, localDestinoId: ref.lojaBv04 }));
    expect(r.statusCode).toBe(422);
    expect(campos(r)).toEqual(['lojaDestinoId']);
    expect(r.json().reasons.join()).toMatch(/empresas diferentes.*venda.*compra.*NF-e/);
  });

  it.each([
    ['mesmo local', { localDestinoId: 'lojaBv01', lojaDestinoId: 'BV01' }, 'localDestinoId'],
    ['local de outra loja', { localDestinoId: 'depBv01' }, 'localDestinoId'],
    ['data futura', { data: '2999-01-01' }, 'data'],
  ])('recusa %s (422)', async (_n, troca, campo) => {
    const extra = Object.fromEntries(Object.entries(troca).map(([k, v]) => [k, k === 'data' ? v : porNome[v]]));
    const r = await enviar(bruno, corpo(extra));
    expect(r.statusCode, r.body).toBe(422);
    expect(campos(r)).toContain(campo);
  });

  it('saldo negativo numa loja que não permite: recusa e nada é lançado', async () => {
    await q(
      `insert into configuracao_parametro (assinante_id, chave, loja_id, valor) values ($1, 'estoque.permiteSaldoNegativo', $2, 'false')
       on conflict (assinante_id, chave, loja_id) do update set valor = 'false'`,
      [ref.assinante, ref.BV01],
    );
    const antes = await saldo(ref.lojaBv01, ref.p3);
    const r = await enviar(bruno, corpo({ itens: [{ produtoId: ref.p3, quantidade: antes + 1 }] }));
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().reasons.join()).toMatch(/saldo negativo/);
    expect(await saldo(ref.lojaBv01, ref.p3)).toBe(antes);
    await q(
      `update configuracao_parametro set valor = 'true' where chave = 'estoque.permiteSaldoNegativo' and loja_id = $1`,
      [ref.BV01],
    );
  });

  it('escopo: enviar exige a loja de origem; quem não tem nenhuma das pontas não a vê', async () => {
    expect((await enviar(diego, corpo())).statusCode).toBe(403);
    const r = await enviar(ana, corpo({ lojaDestinoId: ref.BV03, localDestinoId: (await local('BV03', 'LOJA'))! }));
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/estoque/transferencias/${id}`, headers: diego.headers }))
        .statusCode,
    ).toBe(404);
    expect((await receber(diego, id)).statusCode).toBe(404);
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/v1/estoque/transferencias?count=100',
      headers: diego.headers,
    });
    expect(lista.json().items.map((i: { id: number }) => i.id)).not.toContain(id);
    // the origin cancels it: the goods return to the origin location
    const antes = await saldo(ref.lojaBv01, ref.p1);
    const c = await t.app.inject({
      method: 'POST',
      url: `/api/v1/estoque/transferencias/${id}/cancelar`,
      headers: bruno.headers,
      payload: {},
    });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().status).toBe('CANCELADA');
    expect(await saldo(ref.lojaBv01, ref.p1)).toBe(antes + 10);
    expect((await receber(ana, id)).statusCode).toBe(409);
  });

  it('entre locais da mesma loja: lança as duas pontas no envio, já recebida; receber de novo é 409; a média não muda', async () => {
    const m0 = await media(ref.BV02, ref.p1);
    const loja0 = await saldo(ref.lojaBv02, ref.p1);
    const dep0 = await saldo(ref.depBv02, ref.p1);
    const r = await enviar(
      diego,
      corpo({
        lojaOrigemId: ref.BV02,
        localOrigemId: ref.lojaBv02,
        lojaDestinoId: ref.BV02,
        localDestinoId: ref.depBv02,
      }),
    );
    expect(r.statusCode, r.body).toBe(201);
    const t0 = r.json();
    expect(t0.status).toBe('RECEBIDA');
    expect(t0.dataRecebimento).toBe(hoje());
    expect(t0.usuarioRecebimentoId).toBe(t0.usuarioId);
    expect(t0.recebidoEm).toBeTruthy();
    expect(t0.itens[0]).toMatchObject({ quantidadeRecebida: expect.stringMatching(/^10(\.0+)?$/) });
    expect(await saldo(ref.lojaBv02, ref.p1)).toBe(loja0 - 10);
    expect(await saldo(ref.depBv02, ref.p1)).toBe(dep0 + 10);
    const movs = await movimentosDe(t0.id);
    expect(movs.map((m) => [m.local_id, m.tipo, Number(m.quantidade)])).toEqual([
      [ref.lojaBv02, 'TRANSFERENCIA_SAIDA', -10],
      [ref.depBv02, 'TRANSFERENCIA_ENTRADA', 10],
    ]);
    expect(await media(ref.BV02, ref.p1)).toBe(m0);
    const again = await receber(diego, t0.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/já foi recebida em/);
    const cancelar = await t.app.inject({
      method: 'POST',
      url: `/api/v1/estoque/transferencias/${t0.id}/cancelar`,
      headers: diego.headers,
      payload: {},
    });
    expect(cancelar.statusCode).toBe(409);
    expect(await movimentosDe(t0.id)).toHaveLength(2);
  });

  it('dois recebimentos ao mesmo tempo: um recebe, o outro é 409 e nada é lançado duas vezes', async () => {
    const r = await enviar(bruno, corpo({ itens: [{ produtoId: ref.p2, quantidade: 1 }] }));
    expect(r.statusCode, r.body).toBe(201);
    const d0 = await saldo(ref.lojaBv02, ref.p2);
    const [a, b] = await Promise.all([receber(diego, r.json().id), receber(ana, r.json().id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await saldo(ref.lojaBv02, ref.p2)).toBe(d0 + 1);
  });

  it('destinos: lojas ativas com seus locais, sem o de trânsito, e a raiz do CNPJ', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/v1/estoque/transferencias/destinos',
      headers: bruno.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
    const itens = r.json().items as { id: number; raizCnpj: string; locais: { tipo: string }[] }[];
    const bv01 = itens.find((d) => d.id === ref.BV01)!;
    expect(itens.find((d) => d.id === ref.BV02)!.raizCnpj).toBe(bv01.raizCnpj);
    expect(itens.find((d) => d.id === ref.BV04)!.raizCnpj).not.toBe(bv01.raizCnpj);
    // BV01 has its TRANSITO location by now (its first transfer created it): never a destination
    expect(bv01.locais.map((l) => l.tipo)).not.toContain('TRANSITO');
    expect(bv01.locais.length).toBeGreaterThan(0);
    const gabi = await login(t, 'gabi.consulta');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/estoque/transferencias/destinos', headers: gabi.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('lista: filtros de período e status, ordem', async () => {
    const url = (q: string) => `/api/v1/estoque/transferencias?sort=-id&count=100&q=${encodeURIComponent(q)}`;
    const hojeL = await t.app.inject({
      method: 'GET',
      url: url(`data=ge=${hoje()};data=le=${hoje()}`),
      headers: bruno.headers,
    });
    expect(hojeL.statusCode, hojeL.body).toBe(200);
    const ids = hojeL.json().items.map((i: { id: number }) => i.id);
    expect(ids.length).toBeGreaterThan(2);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    const ontem = await t.app.inject({ method: 'GET', url: url('data=le=2000-01-01'), headers: bruno.headers });
    expect(ontem.json().total).toBe(0);
    const div = await t.app.inject({
      method: 'GET',
      url: url('status==RECEBIDA_COM_DIVERGENCIA'),
      headers: bruno.headers,
    });
    expect(div.json().items.every((i: { status: string }) => i.status === 'RECEBIDA_COM_DIVERGENCIA')).toBe(true);
    expect(div.json().total).toBeGreaterThan(0);
    expect(
      (await t.app.inject({ method: 'GET', url: url('status==QUALQUER'), headers: bruno.headers })).statusCode,
    ).toBe(400);
  });

  it('período fechado no destino: o recebimento é recusado (422) e a transferência segue em trânsito', async () => {
    const bv03 = (await local('BV03', 'LOJA'))!;
    const r = await enviar(
      ana,
      corpo({ lojaDestinoId: ref.BV03, localDestinoId: bv03, itens: [{ produtoId: ref.p2, quantidade: 1 }] }),
    );
    expect(r.statusCode, r.body).toBe(201);
    const fechar = await t.app.inject({
      method: 'POST',
      url: `/api/v1/estoque/lojas/${ref.BV03}/fechamento`,
      headers: ana.headers,
      payload: { fechadoAte: hoje() },
    });
    expect(fechar.statusCode, fechar.body).toBe(200);
    const rec = await receber(ana, r.json().id);
    expect(rec.statusCode, rec.body).toBe(422);
    expect(campos(rec)).toEqual(['data']);
    const g = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/transferencias/${r.json().id}`,
      headers: ana.headers,
    });
    expect(g.json().status).toBe('EM_TRANSITO');
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/estoque/lojas/${ref.BV03}/reabertura`,
      headers: ana.headers,
      payload: { fechadoAte: null },
    });
  });

  it('sem a permissão: 403', async () => {
    const gabi = await login(t, 'gabi.consulta');
    expect((await enviar(gabi, corpo())).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/estoque/transferencias', headers: gabi.headers })).statusCode,
    ).toBe(200);
  });
});
