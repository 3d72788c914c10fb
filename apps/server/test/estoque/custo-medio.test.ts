/**
 * Average-cost recompute through the real app: a back-dated entry leaves the averages in posting order;
 * the administrators' command replays the store's movements in date order, once, outside closed periods.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let diego: LoginResult;
const ref: Record<string, number> = {};

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  diego = await login(t, 'diego.estoque');
  const [loja] = await q<{ id: number; assinante_id: number }>(
    `select l.id, l.assinante_id from loja l join assinante a on a.id = l.assinante_id
      where a.nome = 'Bela Vida' and l.sigla = 'BV02'`,
  );
  ref.loja = loja!.id;
  const [local] = await q<{ id: number }>(`select id from local_estoque where loja_id = $1 and tipo = 'LOJA'`, [
    ref.loja,
  ]);
  ref.local = local!.id;
  const [tipo] = await q<{ id: number }>(
    `select id from tipo_ajuste where tipo = 'ENTRADA' and not exige_observacao and assinante_id = $1 order by id limit 1`,
    [loja!.assinante_id],
  );
  ref.entrada = tipo!.id;
  await q('update tipo_ajuste set afeta_custo_medio = true where id = $1', [ref.entrada]);
  // a product with no movement in the store before the replayed period
  const [produto] = await q<{ id: number }>(
    `select p.id from produto p join unidade u on u.id = p.unidade_de_venda_id
      where p.assinante_id = $1 and p.ativo and not coalesce(u.permite_fracionamento, false)
        and not exists (select 1 from movimento_estoque m where m.loja_id = $2 and m.produto_id = p.id and m.data < '2024-03-01')
      order by p.id limit 1`,
    [loja!.assinante_id, ref.loja],
  );
  ref.produto = produto!.id;
});
afterAll(() => t?.close());

const entrada = (data: string, quantidade: number, custo: string, localId = ref.local, produtoId = ref.produto) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/estoque/ajustes',
    headers: ana.headers,
    payload: {
      lojaId: ref.loja,
      localId,
      tipoDeOperacao: 'ENTRADA',
      tipoDeAjusteId: ref.entrada,
      dataDaMovimentacao: `${data}T10:00:00`,
      confirmarDataAntiga: true,
      itens: [{ produtoId, quantidade, custoUnitario: custo }],
    },
  });
const saldosNaData = async (produtoId: number, data: string) => {
  const s = await t.app.inject({
    method: 'GET',
    url: `/api/v1/estoque/saldos?q=${encodeURIComponent(`lojaId==${ref.loja};produtoId==${produtoId}`)}&data=${data}`,
    headers: ana.headers,
  });
  expect(s.statusCode, s.body).toBe(200);
  return (s.json().items as { localId: number; quantidade: string; custoMedio: string }[]).sort(
    (a, b) => a.localId - b.localId,
  );
};
const recalcular = (payload: object, quem: LoginResult = ana, url = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/estoque/lojas/${ref.loja}/recalculo-custo-medio${url}`,
    headers: quem.headers,
    payload,
  });
const medias = async () =>
  (
    await q<{ data: string; custo_medio_apos: string }>(
      `select to_char(data, 'YYYY-MM-DD') as data, custo_medio_apos::text from movimento_estoque
        where loja_id = $1 and produto_id = $2 and data between '2024-02-01' and '2024-02-29' order by data, id`,
      [ref.loja, ref.produto],
    )
  ).map((r) => [r.data, r.custo_medio_apos]);

describe('recálculo do custo médio', () => {
  it('repõe as médias na ordem das datas depois de uma entrada retroativa', async () => {
    expect((await entrada('2024-02-20', 10, '4.00')).statusCode).toBe(201);
    expect((await entrada('2024-02-10', 10, '2.00')).statusCode).toBe(201); // back-dated
    const antes = await medias();
    // in posting order the 20th was averaged without the 10th's entry
    expect(antes.find(([d]) => d === '2024-02-20')?.[1]).not.toBe('3.000000');

    const previa = await recalcular({ desde: '2024-02-01', produtoIds: [ref.produto] }, ana, '?previa=true');
    expect(previa.statusCode, previa.body).toBe(200);
    expect(await medias()).toEqual(antes);

    const r = await recalcular({ desde: '2024-02-01', produtoIds: [ref.produto] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ lojaId: ref.loja, desde: '2024-02-01' });
    expect(r.json().produtos[0]).toMatchObject({ produtoId: ref.produto });
    expect(r.json().produtos[0].movimentos).toBeGreaterThanOrEqual(2);
    // 10th: 10 × 2,00 from nothing → 2,00; 20th: (10 × 2,00 + 10 × 4,00) / 20 = 3,00
    expect(await medias()).toEqual([
      ['2024-02-10', '2.000000'],
      ['2024-02-20', '3.000000'],
    ]);
    const [atual] = await q<{ custo_medio: string; ultimo: string }>(
      `select c.custo_medio::text, (select m.custo_medio_apos::text from movimento_estoque m
          where m.loja_id = c.loja_id and m.produto_id = c.produto_id order by m.data desc, m.id desc limit 1) as ultimo
         from custo_medio_estoque c where c.loja_id = $1 and c.produto_id = $2`,
      [ref.loja, ref.produto],
    );
    expect(atual!.custo_medio).toBe(atual!.ultimo);
    // the balance as of a past day is valued at the recomputed average of that day
    for (const [data, custo] of [
      ['2024-02-15', '2.000000'],
      ['2024-02-25', '3.000000'],
    ]) {
      const s = await t.app.inject({
        method: 'GET',
        url: `/api/v1/estoque/saldos?q=${encodeURIComponent(`lojaId==${ref.loja};produtoId==${ref.produto}`)}&data=${data}`,
        headers: ana.headers,
      });
      expect(s.statusCode, s.body).toBe(200);
      expect(s.json().items[0]?.custoMedio, data).toBe(custo);
    }
  });

  it('custo médio numa data com dois locais movimentados no mesmo dia: o do último lançamento da loja', async () => {
    const [outro] = await q<{ id: number }>(
      `insert into local_estoque (assinante_id, loja_id, descricao, tipo)
         select assinante_id, id, 'Depósito do custo', 'DEPOSITO' from loja where id = $1 returning id`,
      [ref.loja],
    );
    const [produto] = await q<{ id: number }>(
      `select p.id from produto p join unidade u on u.id = p.unidade_de_venda_id
        where p.assinante_id = (select assinante_id from loja where id = $1) and p.ativo and p.id <> $2
          and not coalesce(u.permite_fracionamento, false)
          and not exists (select 1 from movimento_estoque m where m.loja_id = $1 and m.produto_id = p.id
                             and m.data between '2023-05-01' and '2023-07-31')
        order by p.id limit 1`,
      [ref.loja, ref.produto],
    );
    const p = produto!.id;
    // the average after the store's last movement (any location) on or before a day, from the ledger itself
    const noRazao = async (data: string) =>
      (
        await q<{ m: string }>(
          `select custo_medio_apos::text as m from movimento_estoque where loja_id = $1 and produto_id = $2
            and data <= $3::date order by data desc, id desc limit 1`,
          [ref.loja, p, data],
        )
      )[0]!.m;
    const custos = async (data: string) => (await saldosNaData(p, data)).map((s) => [s.localId, s.custoMedio]);
    // the newer location (higher id) first, then the sales floor: the day's last posting is the lower location's
    expect((await entrada('2023-06-10', 10, '2.00', outro!.id, p)).statusCode).toBe(201);
    const primeiro = await noRazao('2023-06-10');
    expect((await entrada('2023-06-10', 10, '4.00', ref.local, p)).statusCode).toBe(201);
    const dia10 = await noRazao('2023-06-10');
    expect(dia10).not.toBe(primeiro);
    expect(await custos('2023-06-11')).toEqual([
      [ref.local, dia10],
      [outro!.id, dia10],
    ]);
    expect((await entrada('2023-06-12', 20, '6.00', outro!.id, p)).statusCode).toBe(201);
    const dia12 = await noRazao('2023-06-12');
    expect(await custos('2023-06-12')).toEqual([
      [ref.local, dia12],
      [outro!.id, dia12],
    ]);
    expect(await custos('2023-06-11')).toEqual([
      [ref.local, dia10],
      [outro!.id, dia10],
    ]);
    // a back-dated entry on the 10th (posting order): the 10th and 11th take the average after it
    expect((await entrada('2023-06-10', 40, '1.00', outro!.id, p)).statusCode).toBe(201);
    const retro = await noRazao('2023-06-11');
    expect(retro).not.toBe(dia10);
    expect(await custos('2023-06-11')).toEqual([
      [ref.local, retro],
      [outro!.id, retro],
    ]);
  });

  it('somente administradores; data futura e período fechado recusados no campo desde', async () => {
    expect((await recalcular({ desde: '2024-02-01' }, diego)).statusCode).toBe(403);
    const futura = await recalcular({ desde: '2099-01-01' });
    expect(futura.statusCode).toBe(422);
    expect(futura.json().erros[0].campo).toBe('desde');
    await q(
      `insert into fechamento_estoque (assinante_id, loja_id, fechado_ate)
         select assinante_id, id, date '2024-06-30' from loja where id = $1`,
      [ref.loja],
    );
    const fechado = await recalcular({ desde: '2024-02-01' });
    expect(fechado.statusCode).toBe(422);
    expect(fechado.json().erros[0]).toMatchObject({ campo: 'desde' });
    expect(fechado.json().erros[0].mensagem).toMatch(/fechado até 30\/06\/2024/);
    await q('delete from fechamento_estoque where loja_id = $1', [ref.loja]);
    expect((await recalcular({ desde: '2024-02-01', produtoIds: [] })).statusCode).toBe(422);
  });
});
