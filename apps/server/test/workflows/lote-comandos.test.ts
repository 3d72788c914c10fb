/**
 * Batches over commands (POST /api/v1/estoque/ajustes/lote, the registers' batch protocol): valid and
 * invalid items in one batch (each all-or-nothing), a retry with the same Idempotency-Key posts nothing
 * twice, 51 items refused, a BV02-only user's BV01 item refused by store scope while the BV02 one posts.
 */
import { hojeNaZona } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let diego: LoginResult;
const ref: Record<string, number> = {};

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await tenantQuery<T>(t.ownerUrl, ref.assinante!, text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  diego = await login(t, 'diego.estoque');
  const [a] = (await adminQuery<{ id: number }>(t.ownerUrl, `select id from assinante where nome = 'Bela Vida'`)).rows;
  ref.assinante = a!.id;
  const lojas = await q<{ id: number; sigla: string; local: number }>(
    `select l.id, l.sigla, (select id from local_estoque x where x.loja_id = l.id and x.tipo = 'LOJA' order by id limit 1)
       as local from loja l where l.sigla in ('BV01', 'BV02')`,
  );
  for (const l of lojas) {
    ref[l.sigla] = l.id;
    ref[`local${l.sigla}`] = l.local;
  }
  const [tipo] = await q<{ id: number }>(
    `select id from tipo_ajuste where tipo = 'ENTRADA' and not exige_observacao order by id limit 1`,
  );
  ref.tipo = tipo!.id;
  const prods = await q<{ id: number }>(
    `select p.id from produto p left join unidade u on u.id = p.unidade_de_venda_id
      where p.ativo and not coalesce(u.permite_fracionamento, false) order by p.id limit 2`,
  );
  ref.p1 = prods[0]!.id;
  ref.p2 = prods[1]!.id;
});
afterAll(async () => t?.close());

const ajuste = (extra: Record<string, unknown> = {}) => ({
  lojaId: ref.BV02,
  localId: ref.localBV02,
  tipoDeOperacao: 'ENTRADA',
  tipoDeAjusteId: ref.tipo,
  dataDaMovimentacao: `${hojeNaZona('America/Sao_Paulo')}T10:00:00`,
  itens: [{ produtoId: ref.p1, quantidade: 2 }],
  ...extra,
});
const lote = (items: unknown[], chave?: string, who = diego) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/estoque/ajustes/lote',
    headers: { ...who.headers, ...(chave ? { 'idempotency-key': chave } : {}) },
    payload: { items },
  });
const contagem = async () =>
  (
    await q<{ a: number; m: number }>(
      `select (select count(*)::int from ajuste_estoque) as a, (select count(*)::int from movimento_estoque) as m`,
    )
  )[0]!;

interface Envelope {
  message?: string;
  reasons?: string[];
  successes: { locator: string; location: string }[];
  errors: { locator: string; reasons: string[] }[];
}

describe('lote de comandos (ajustes de estoque)', () => {
  it('itens válidos e inválidos: cada um inteiro ou nada; a repetição com a mesma chave não lança de novo', async () => {
    const antes = await contagem();
    const items = [
      { locator: '0', entity: ajuste() },
      // the second line refers to no product: the whole item rolls back, its first line included
      {
        locator: '1',
        entity: ajuste({
          itens: [
            { produtoId: ref.p1, quantidade: 1 },
            { produtoId: 999_999_999, quantidade: 1 },
          ],
        }),
      },
      { locator: '2', entity: ajuste({ itens: [{ produtoId: ref.p2, quantidade: 5 }] }) },
      { locator: '3', entity: ajuste({ tipoDeOperacao: 'QUALQUER' }) },
    ];
    const r = await lote(items, 'lote-misto-1');
    expect(r.statusCode, r.body).toBe(201);
    const b = r.json<Envelope>();
    expect(b.successes.map((s) => s.locator)).toEqual(['0', '2']);
    for (const s of b.successes) expect(s.location).toMatch(/^\/api\/v1\/estoque\/ajustes\/\d+$/);
    expect(b.errors.map((e) => e.locator)).toEqual(['1', '3']);
    for (const e of b.errors) expect(e.reasons.length).toBeGreaterThan(0);
    const depois = await contagem();
    expect(depois).toEqual({ a: antes.a + 2, m: antes.m + 2 });

    // the same batch, the same key: the posted items answer their first Location, nothing posts twice
    const r2 = await lote(items, 'lote-misto-1');
    expect(r2.statusCode).toBe(201);
    expect(r2.json<Envelope>().successes).toEqual(b.successes);
    expect(r2.json<Envelope>().errors.map((e) => e.locator)).toEqual(['1', '3']);
    expect(await contagem()).toEqual(depois);

    // another key is another batch
    const r3 = await lote([items[0]], 'lote-misto-2');
    expect(r3.statusCode).toBe(201);
    expect(r3.json<Envelope>().successes[0]!.location).not.toBe(b.successes[0]!.location);
    expect(await contagem()).toEqual({ a: depois.a + 1, m: depois.m + 1 });
  });

  it('51 itens: 422 com a razão, nada lançado; nenhum item gravado: 422 com o envelope', async () => {
    const antes = await contagem();
    const r = await lote(Array.from({ length: 51 }, (_, i) => ({ locator: String(i), entity: ajuste() })));
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('O lote tem itens demais: o máximo é 50.');
    expect(await contagem()).toEqual(antes);

    const nenhum = await lote([{ locator: 'x', entity: ajuste({ lojaId: undefined }) }]);
    expect(nenhum.statusCode).toBe(422);
    const e = nenhum.json<Envelope>();
    expect(e.message).toBe('Nenhum item do lote foi gravado.');
    expect(e.successes).toEqual([]);
    expect(e.errors[0]!.locator).toBe('x');
    expect(await contagem()).toEqual(antes);
  });

  it('usuário só da BV02: o item da BV01 é recusado pelo escopo de loja, o da BV02 é lançado', async () => {
    const [escopo] = await q<{ lojas: number[] }>(
      `select array_agg(loja_id order by loja_id) as lojas from usuario_loja ul join usuario u on u.id = ul.usuario_id
        where u.username = 'diego.estoque'`,
    );
    expect(escopo!.lojas).toEqual([ref.BV02]);
    const antes = await contagem();
    const r = await lote(
      [
        { locator: 'bv01', entity: ajuste({ lojaId: ref.BV01, localId: ref.localBV01 }) },
        { locator: 'bv02', entity: ajuste() },
      ],
      'lote-escopo',
    );
    expect(r.statusCode, r.body).toBe(201);
    const b = r.json<Envelope>();
    expect(b.successes.map((s) => s.locator)).toEqual(['bv02']);
    expect(b.errors).toEqual([{ locator: 'bv01', reasons: ['Você não tem acesso à loja BV01 - Shopping Curitiba.'] }]);
    expect(await contagem()).toEqual({ a: antes.a + 1, m: antes.m + 1 });
  });

  it('XML do SDK (paramlist, valores em texto): cada entidade lida pelo contrato do comando, ResultParamList', async () => {
    const antes = await contagem();
    const entidade = (produto: number) => `<lojaId>${ref.BV02}</lojaId><localId>${ref.localBV02}</localId>
      <tipoDeOperacao>ENTRADA</tipoDeOperacao><tipoDeAjusteId>${ref.tipo}</tipoDeAjusteId>
      <dataDaMovimentacao>${hojeNaZona('America/Sao_Paulo')}T10:00:00</dataDaMovimentacao>
      <itens><produtoId>${produto}</produtoId><quantidade>4</quantidade></itens>`;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/estoque/ajustes/lote',
      headers: { ...diego.headers, 'content-type': 'application/xml', accept: 'application/xml' },
      payload: `<paramlist><items><item><locator>0</locator><entity>${entidade(ref.p1!)}</entity></item>
        <item><locator>1</locator><entity>${entidade(999_999_999)}</entity></item></items></paramlist>`,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.body).toMatch(
      /^(<\?xml[^>]*>)?<ResultParamList><successes><success><locator>0<\/locator><location>\/api\/v1\/estoque\/ajustes\/\d+<\/location>/,
    );
    expect(r.body).toMatch(/<errors><error><locator>1<\/locator><reasons><reason>/);
    expect(await contagem()).toEqual({ a: antes.a + 1, m: antes.m + 1 });
  });

  it('sem permissão de ajuste: 403 antes de ler o lote', async () => {
    const gabi = await login(t, 'gabi.consulta');
    const r = await lote([{ locator: '0', entity: ajuste() }], undefined, gabi);
    expect(r.statusCode).toBe(403);
  });
});
