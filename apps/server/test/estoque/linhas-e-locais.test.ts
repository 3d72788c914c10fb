/**
 * Lines and locations of stock documents (issue 26 #6, #7): a transfer is not received into (nor
 * cancelled back to) a location made inactive after the sending, named in the refusal; one line per
 * product in adjustments, transfers and receipts (the policy of duplicados.ts, said in the message);
 * at most 1 000 lines per adjustment.
 */
import { hojeNaZona } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
const ref = {} as Record<'assinante' | 'bv01' | 'bv02' | 'lojaBv01' | 'lojaBv02' | 'tipo' | 'p1' | 'p2', number>;

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await tenantQuery<T>(t.ownerUrl, ref.assinante, text, params)).rows;
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: ana.headers, payload: payload as object });
// the stores keep São Paulo time: "today" is theirs
const hoje = () => hojeNaZona('America/Sao_Paulo');
const ajuste = (localId: number, lojaId: number, itens: object[]) =>
  post('/api/v1/estoque/ajustes', {
    lojaId,
    localId,
    tipoDeOperacao: 'ENTRADA',
    tipoDeAjusteId: ref.tipo,
    dataDaMovimentacao: `${hoje()}T10:00:00`,
    itens,
  });
const transferir = (o: number, lo: number, d: number, ld: number, itens: object[]) =>
  post('/api/v1/estoque/transferencias', {
    lojaOrigemId: o,
    localOrigemId: lo,
    lojaDestinoId: d,
    localDestinoId: ld,
    data: hoje(),
    itens,
  });
const statusDe = async (id: number) =>
  (await q<{ status: string }>('select status from transferencia_estoque where id = $1', [id]))[0]!.status;
const ativar = (id: number, ativo: boolean) => q('update local_estoque set ativo = $2 where id = $1', [id, ativo]);

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  const [a] = (await adminQuery<{ id: number }>(t.ownerUrl, `select id from assinante where nome = 'Bela Vida'`)).rows;
  ref.assinante = a!.id;
  const lojas = await q<{ id: number; sigla: string; local: number }>(
    `select l.id, l.sigla, (select min(le.id) from local_estoque le where le.loja_id = l.id and le.tipo = 'LOJA' and le.ativo) as local
       from loja l where l.sigla in ('BV01', 'BV02')`,
  );
  const por = (s: string) => lojas.find((l) => l.sigla === s)!;
  [ref.bv01, ref.lojaBv01, ref.bv02, ref.lojaBv02] = [
    por('BV01').id,
    por('BV01').local,
    por('BV02').id,
    por('BV02').local,
  ];
  const [tipo] = await q<{ id: number }>(
    `select id from tipo_ajuste where tipo = 'ENTRADA' and not exige_observacao order by id limit 1`,
  );
  ref.tipo = tipo!.id;
  const prods = await q<{ id: number }>(
    `select p.id from produto p left join unidade u on u.id = p.unidade_de_venda_id
      where p.ativo and not coalesce(u.permite_fracionamento, false) order by p.id limit 2`,
  );
  [ref.p1, ref.p2] = prods.map((p) => p.id) as [number, number];
  const r = await ajuste(ref.lojaBv01, ref.bv01, [
    { produtoId: ref.p1, quantidade: 50 },
    { produtoId: ref.p2, quantidade: 50 },
  ]);
  expect(r.statusCode, r.body).toBe(201);
});
afterAll(() => t?.close());

// the answers capitalize the first letter of each message
describe('local de estoque inativado depois do envio', () => {
  it('o recebimento é recusado com o nome do local; reativado, recebe', async () => {
    const [novo] = await q<{ id: number }>(
      `insert into local_estoque (loja_id, descricao, tipo) values ($1, 'Depósito dos fundos', 'DEPOSITO') returning id`,
      [ref.bv02],
    );
    const envio = await transferir(ref.bv01, ref.lojaBv01, ref.bv02, novo!.id, [{ produtoId: ref.p1, quantidade: 2 }]);
    expect(envio.statusCode, envio.body).toBe(201);
    const id = envio.json().id as number;
    await ativar(novo!.id, false);
    // an adjustment there is refused: so is the receipt
    expect((await ajuste(novo!.id, ref.bv02, [{ produtoId: ref.p1, quantidade: 1 }])).statusCode).toBe(422);
    const r = await post(`/api/v1/estoque/transferencias/${id}/receber`, {});
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().erros).toEqual([
      {
        campo: 'localDestinoId',
        mensagem:
          'O local de destino "Depósito dos fundos" (BV02) está inativo: reative-o para receber a transferência.',
      },
    ]);
    expect(await statusDe(id)).toBe('EM_TRANSITO');
    const [{ n }] = (await q<{ n: number }>('select count(*)::int as n from movimento_estoque where local_id = $1', [
      novo!.id,
    ])) as [{ n: number }];
    expect(n).toBe(0);
    await ativar(novo!.id, true);
    const ok = await post(`/api/v1/estoque/transferencias/${id}/receber`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusDe(id)).toBe('RECEBIDA');
  });

  it('o cancelamento, que devolve ao local de origem, também', async () => {
    const [origem] = await q<{ id: number }>(
      `insert into local_estoque (loja_id, descricao, tipo) values ($1, 'Gôndola antiga', 'DEPOSITO') returning id`,
      [ref.bv01],
    );
    const entrada = await ajuste(origem!.id, ref.bv01, [{ produtoId: ref.p2, quantidade: 5 }]);
    expect(entrada.statusCode, entrada.body).toBe(201);
    const envio = await transferir(ref.bv01, origem!.id, ref.bv02, ref.lojaBv02, [
      { produtoId: ref.p2, quantidade: 5 },
    ]);
    expect(envio.statusCode, envio.body).toBe(201);
    await ativar(origem!.id, false);
    const r = await post(`/api/v1/estoque/transferencias/${envio.json().id}/cancelar`, {});
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().erros[0].mensagem).toBe(
      'O local de origem "Gôndola antiga" (BV01) está inativo: reative-o para cancelar a transferência.',
    );
    expect(await statusDe(envio.json().id)).toBe('EM_TRANSITO');
  });
});

describe('uma linha por produto; no máximo 1 000 linhas por ajuste', () => {
  it('o ajuste recusa o mesmo produto em duas linhas, dizendo a regra', async () => {
    const r = await ajuste(ref.lojaBv02, ref.bv02, [
      { produtoId: ref.p1, quantidade: 1 },
      { produtoId: ref.p2, quantidade: 1 },
      { produtoId: ref.p1, quantidade: 3 },
    ]);
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().erros).toEqual([
      {
        campo: 'itens.2.produtoId',
        mensagem: `O produto ${ref.p1} foi informado mais de uma vez: um ajuste aceita cada produto numa só linha (some as quantidades).`,
      },
    ]);
  });

  it('1 001 linhas (e as 20 000 do achado) são recusadas antes de qualquer leitura', async () => {
    for (const n of [1_001, 20_000]) {
      const inicio = performance.now();
      const r = await ajuste(
        ref.lojaBv02,
        ref.bv02,
        Array.from({ length: n }, () => ({ produtoId: ref.p1, quantidade: 1 })),
      );
      expect(r.statusCode, r.body.slice(0, 200)).toBe(422);
      expect(r.json().erros).toEqual([
        { campo: 'itens', mensagem: 'No máximo 1.000 linhas por ajuste: divida-o em mais de um ajuste.' },
      ]);
      expect(performance.now() - inicio).toBeLessThan(2_000);
    }
  });

  it('a transferência e o recebimento dizem a mesma regra', async () => {
    const t1 = await transferir(ref.bv01, ref.lojaBv01, ref.bv02, ref.lojaBv02, [
      { produtoId: ref.p1, quantidade: 1 },
      { produtoId: ref.p1, quantidade: 1 },
    ]);
    expect(t1.statusCode).toBe(422);
    expect(t1.json().erros[0].mensagem).toBe(
      `O produto ${ref.p1} foi informado mais de uma vez: uma transferência aceita cada produto numa só linha (some as quantidades).`,
    );
    const envio = await transferir(ref.bv01, ref.lojaBv01, ref.bv02, ref.lojaBv02, [
      { produtoId: ref.p1, quantidade: 2 },
    ]);
    expect(envio.statusCode, envio.body).toBe(201);
    const r = await post(`/api/v1/estoque/transferencias/${envio.json().id}/receber`, {
      itens: [
        { produtoId: ref.p1, quantidadeRecebida: '1' },
        { produtoId: ref.p1, quantidadeRecebida: '1' },
      ],
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().erros[0].mensagem).toBe(
      `O produto ${ref.p1} foi informado mais de uma vez: o recebimento aceita cada produto numa só linha.`,
    );
  });
});
