/**
 * Stock requisitions through HTTP: the approval a motivo asks for, the transfer (origin down, goods in the
 * origin's TRANSITO location at its average), the partial receipt (same cost, the shortfall a loss of the
 * origin), store scope on each end, cancelling before the transfer, bad input, idempotent retry.
 */
import { hojeNaZona } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let diego: LoginResult; // Estoque, BV02 only
let bruno: LoginResult; // Estoque, BV01 only (created here)
let carlos: LoginResult; // Fiscal: no requisition permission
const CHAVES = [
  'assinante',
  'BV01',
  'BV02',
  'lojaBv01',
  'depBv01',
  'lojaBv02',
  'degustacao',
  'entreLocais',
  'p1',
  'p2',
] as const;
const ref = {} as Record<(typeof CHAVES)[number], number>;

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  if (!ref.assinante) return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
  return (await tenantQuery<T>(t.ownerUrl, ref.assinante, text, params)).rows;
}
const local = (loja: string, tipo: string) =>
  q<{ id: number }>(
    `select le.id from local_estoque le join loja l on l.id = le.loja_id
      where l.sigla = $1 and l.assinante_id = $2 and le.tipo = $3 and le.ativo order by le.id limit 1`,
    [loja, ref.assinante, tipo],
  ).then((r) => r[0]!.id);
const motivo = (descricao: string) =>
  q<{ id: number }>('select id from motivo_requisicao where descricao = $1', [descricao]).then((r) => r[0]!.id);

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  diego = await login(t, 'diego.estoque');
  carlos = await login(t, 'carlos.fiscal');
  const lojas = await q<{ id: number; sigla: string; assinante_id: number }>(
    `select l.id, l.sigla, l.assinante_id from loja l join assinante a on a.id = l.assinante_id where a.nome = 'Bela Vida'`,
  );
  for (const l of lojas) (ref as Record<string, number>)[l.sigla] = l.id;
  ref.assinante = lojas[0]!.assinante_id;
  ref.lojaBv01 = await local('BV01', 'LOJA');
  ref.depBv01 = await local('BV01', 'DEPOSITO');
  ref.lojaBv02 = await local('BV02', 'LOJA');
  ref.degustacao = await motivo('Degustação');
  ref.entreLocais = await motivo('Transferência entre locais');
  const prods = await q<{ produto_id: number }>(
    `select s.produto_id from saldo_estoque s join produto p on p.id = s.produto_id
       left join unidade u on u.id = p.unidade_de_venda_id
      where s.local_id = $1 and s.quantidade >= 20 and not coalesce(u.permite_fracionamento, false)
      order by s.produto_id limit 2`,
    [ref.lojaBv01],
  );
  [ref.p1, ref.p2] = prods.map((p) => p.produto_id) as [number, number];
  const u = await t.app.inject({
    method: 'POST',
    url: '/api/v1/usuarios',
    headers: ana.headers,
    payload: {
      nome: 'Bruno Requisições',
      username: 'bruno.req',
      senha: 'Bruno#2026x',
      lojasUsuario: [{ lojaId: ref.BV01, principal: true }],
    },
  });
  expect(u.statusCode, u.body).toBe(201);
  const [estoque] = await q<{ id: number }>(`select id from grupo where nome = 'Estoque'`);
  const g = await t.app.inject({
    method: 'POST',
    url: `/api/v1/usuarios/${u.json().id}/grupos`,
    headers: ana.headers,
    payload: [estoque!.id],
  });
  expect(g.statusCode, g.body).toBe(200);
  bruno = await login(t, 'bruno.req', 'localhost', 'Bruno#2026x');
});
afterAll(async () => t?.close());

const hoje = () => hojeNaZona('America/Sao_Paulo');
const BASE = '/api/v1/estoque/requisicoes';
const corpo = (extra: Record<string, unknown> = {}) => ({
  lojaDestinoId: ref.BV02,
  localDestinoId: ref.lojaBv02,
  lojaOrigemId: ref.BV01,
  localOrigemId: ref.lojaBv01,
  motivoId: ref.degustacao,
  itens: [{ produtoId: ref.p1, quantidade: '10' }],
  ...extra,
});
const abrir = (who: LoginResult, payload: unknown, chave?: string) =>
  t.app.inject({
    method: 'POST',
    url: BASE,
    headers: { ...who.headers, ...(chave ? { 'idempotency-key': chave } : {}) },
    payload: payload as object,
  });
const acao = (who: LoginResult, id: number, nome: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${id}/${nome}`, headers: who.headers, payload: payload as object });
const saldo = async (localId: number, produtoId: number) =>
  Number(
    (
      await q<{ quantidade: string }>(
        'select quantidade::text from saldo_estoque where local_id = $1 and produto_id = $2',
        [localId, produtoId],
      )
    )[0]?.quantidade ?? 0,
  );
const media = async (lojaId: number, produtoId: number) =>
  (
    await q<{ custo: string }>(
      'select custo_medio::text as custo from custo_medio_estoque where loja_id = $1 and produto_id = $2',
      [lojaId, produtoId],
    )
  )[0]?.custo ?? '0.000000';
const movimentosDe = (id: number) =>
  q<{ loja_id: number; local_id: number; tipo: string; quantidade: string; custo_unitario: string }>(
    `select loja_id, local_id, tipo, quantidade::text, custo_unitario::text from movimento_estoque
      where documento_tipo = 'REQUISICAO' and documento_id = $1 order by id`,
    [id],
  );
const campos = (r: { json: () => { erros?: { campo: string }[] } }) => r.json().erros?.map((e) => e.campo) ?? [];

describe('requisições de estoque', () => {
  it('entre lojas: aprovação exigida pelo motivo, transferência pelo custo médio, recebimento parcial', async () => {
    const [o0, d0, m0] = [
      await saldo(ref.lojaBv01, ref.p1),
      await saldo(ref.lojaBv02, ref.p1),
      await media(ref.BV01, ref.p1),
    ];
    const r = await abrir(diego, corpo({ observacao: 'Degustação de sábado' }));
    expect(r.statusCode, r.body).toBe(201);
    const req = r.json();
    expect(r.headers.location).toBe(`${BASE}/${req.id}`);
    expect(req).toMatchObject({
      status: 'ABERTA',
      lojaOrigemSigla: 'BV01',
      lojaDestinoSigla: 'BV02',
      motivoDescricao: 'Degustação',
      exigeAprovacao: true,
      observacao: 'Degustação de sábado',
      itens: [{ produtoId: ref.p1, quantidade: '10.0000', quantidadeRecebida: null }],
    });
    expect(req.mensagem).toContain('exige aprovação');
    expect(await movimentosDe(req.id)).toEqual([]);

    // the origin's user must approve first; the requester cannot approve (its store is the destination)
    const cedo = await acao(bruno, req.id, 'transferir');
    expect(cedo.statusCode, cedo.body).toBe(409);
    expect(cedo.json().message).toContain('aguarda aprovação');
    expect((await acao(diego, req.id, 'aprovar')).statusCode).toBe(403);
    const ap = await acao(bruno, req.id, 'aprovar');
    expect(ap.statusCode, ap.body).toBe(200);
    expect(ap.json()).toMatchObject({ status: 'APROVADA', usuarioAprovacaoId: expect.any(Number) });
    expect((await acao(bruno, req.id, 'aprovar')).statusCode).toBe(409);

    const tr = await acao(bruno, req.id, 'transferir');
    expect(tr.statusCode, tr.body).toBe(200);
    const transito = tr.json().localTransitoId as number;
    expect(tr.json()).toMatchObject({ status: 'TRANSFERIDA', dataTransferencia: hoje() });
    expect(tr.json().itens[0].custoUnitario).toBe(m0);
    expect(await saldo(ref.lojaBv01, ref.p1)).toBe(o0 - 10);
    expect(await saldo(transito, ref.p1)).toBe(10);
    expect(await saldo(ref.lojaBv02, ref.p1)).toBe(d0);
    // once the goods left, only the receipt closes it
    const canc = await acao(diego, req.id, 'cancelar');
    expect(canc.statusCode).toBe(409);
    expect(canc.json().message).toContain('receba-a');

    // the origin cannot receive; the requester receives 7 of 10
    expect((await acao(bruno, req.id, 'receber')).statusCode).toBe(403);
    const rec = await acao(diego, req.id, 'receber', {
      observacao: 'Faltaram 3',
      itens: [{ produtoId: ref.p1, quantidadeRecebida: '7' }],
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json()).toMatchObject({
      status: 'RECEBIDA',
      dataRecebimento: hoje(),
      divergencias: [{ produtoId: ref.p1, enviada: '10.0000', recebida: '7.0000', diferenca: '3.0000' }],
      itens: [{ quantidadeRecebida: '7.0000', diferenca: '3.0000', custoRecebimento: m0 }],
    });
    expect(rec.json().mensagem).toContain('perda');
    expect(await saldo(transito, ref.p1)).toBe(0);
    expect(await saldo(ref.lojaBv02, ref.p1)).toBe(d0 + 7);
    expect((await movimentosDe(req.id)).map((m) => [m.local_id, m.tipo, m.quantidade, m.custo_unitario])).toEqual([
      [ref.lojaBv01, 'REQUISICAO', '-10.0000', m0],
      [transito, 'REQUISICAO', '10.0000', m0],
      [transito, 'REQUISICAO', '-7.0000', m0],
      [ref.lojaBv02, 'REQUISICAO', '7.0000', m0],
      [transito, 'PERDA', '-3.0000', m0],
    ]);
    expect((await acao(diego, req.id, 'receber')).statusCode).toBe(409);

    // both ends list and read it; a user without the permission does not
    for (const who of [bruno, diego]) {
      const l = await t.app.inject({ method: 'GET', url: `${BASE}?q=status==RECEBIDA`, headers: who.headers });
      expect(l.statusCode, l.body).toBe(200);
      expect(l.json().items.map((i: { id: number }) => i.id)).toContain(req.id);
    }
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${req.id}`, headers: carlos.headers })).statusCode).toBe(
      403,
    );
  });

  it('na mesma loja, motivo sem aprovação: aprovar é recusado, transfere direto e recebe inteiro sem mexer no custo', async () => {
    const m0 = await media(ref.BV01, ref.p2);
    const [o0, d0] = [await saldo(ref.depBv01, ref.p2), await saldo(ref.lojaBv01, ref.p2)];
    const r = await abrir(
      ana,
      corpo({
        lojaDestinoId: ref.BV01,
        localDestinoId: ref.depBv01,
        localOrigemId: ref.lojaBv01,
        motivoId: ref.entreLocais,
        itens: [{ produtoId: ref.p2, quantidade: '4' }],
      }),
    );
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().id as number;
    const ap = await acao(ana, id, 'aprovar');
    expect(ap.statusCode).toBe(409);
    expect(ap.json().message).toContain('não precisa de aprovação');
    expect((await acao(ana, id, 'transferir')).statusCode).toBe(200);
    const rec = await acao(ana, id, 'receber');
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json()).toMatchObject({ status: 'RECEBIDA', divergencias: [] });
    expect(await saldo(ref.lojaBv01, ref.p2)).toBe(d0 - 4);
    expect(await saldo(ref.depBv01, ref.p2)).toBe(o0 + 4);
    expect(await media(ref.BV01, ref.p2)).toBe(m0);
  });

  it('cancelar antes da transferência não lança nada; depois dela nada mais anda', async () => {
    const r = await abrir(diego, corpo());
    const id = r.json().id as number;
    expect((await acao(bruno, id, 'cancelar')).statusCode).toBe(403);
    const c = await acao(diego, id, 'cancelar', { observacao: 'Evento adiado' });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ status: 'CANCELADA', observacaoCancelamento: 'Evento adiado' });
    expect((await acao(bruno, id, 'aprovar')).statusCode).toBe(409);
    expect(await movimentosDe(id)).toEqual([]);
  });

  it('entrada inválida, escopo e permissão: 4xx em português, nada gravado; a repetição devolve a mesma requisição', async () => {
    const antes = (await q<{ n: number }>('select count(*)::int as n from requisicao_estoque'))[0]!.n;
    const mesmo = await abrir(diego, corpo({ localOrigemId: ref.lojaBv02, lojaOrigemId: ref.BV02 }));
    expect(mesmo.statusCode).toBe(422);
    expect(campos(mesmo)).toContain('localDestinoId');
    const semMotivo = await abrir(diego, corpo({ motivoId: 999999 }));
    expect(semMotivo.statusCode).toBe(422);
    expect(semMotivo.json().erros[0]).toMatchObject({
      campo: 'motivoId',
      mensagem: 'Motivo de requisição não encontrado.',
    });
    const localErrado = await abrir(diego, corpo({ lojaOrigemId: ref.BV02, localOrigemId: ref.depBv01 }));
    expect(localErrado.statusCode).toBe(422);
    expect(campos(localErrado)).toContain('localOrigemId');
    // the requesting store must be the user's
    expect((await abrir(bruno, corpo())).statusCode).toBe(403);
    expect((await abrir(carlos, corpo())).statusCode).toBe(403);
    expect((await q<{ n: number }>('select count(*)::int as n from requisicao_estoque'))[0]!.n).toBe(antes);

    const a = await abrir(diego, corpo(), 'req-repetida-1');
    const b = await abrir(diego, corpo(), 'req-repetida-1');
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().id).toBe(a.json().id);
  });
});
