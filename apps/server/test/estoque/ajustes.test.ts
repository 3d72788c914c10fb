/** POST /api/v1/estoque/ajustes as integrations send it: rejections, rollback, scope, idempotency, balances. */
import { hojeNaZona } from '@retaguarda/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let diego: LoginResult;
const ref: Record<string, number> = {};

/** As the owner until the tenant is known, then as that tenant (codes repeat across tenants). */
async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  if (!ref.assinante) return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
  return (await tenantQuery<T>(t.ownerUrl, ref.assinante, text, params)).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  diego = await login(t, 'diego.estoque');
  const [bv02] = await q<{
    id: number;
    assinante_id: number;
  }>(`select l.id, l.assinante_id from loja l join assinante a on a.id = l.assinante_id
    where l.sigla = 'BV02' and a.nome = 'Bela Vida'`);
  ref.bv02 = bv02!.id;
  ref.assinante = bv02!.assinante_id;
  const [bv01] = await q<{ id: number }>(
    `select id from loja where sigla = 'BV01' and assinante_id = (select assinante_id from loja where id = $1)`,
    [ref.bv02],
  );
  ref.bv01 = bv01!.id;
  const locais = await q<{ id: number; loja_id: number; tipo: string }>(
    `select id, loja_id, tipo from local_estoque where loja_id in ($1, $2)`,
    [ref.bv01, ref.bv02],
  );
  ref.local = locais.find((l) => l.loja_id === ref.bv02 && l.tipo === 'LOJA')!.id;
  ref.localBv01 = locais.find((l) => l.loja_id === ref.bv01 && l.tipo === 'LOJA')!.id;
  const [transito] = await q<{ id: number }>(
    `insert into local_estoque (assinante_id, loja_id, descricao, tipo, inventariavel)
     values ($1, $2, 'Em trânsito (teste)', 'TRANSITO', false) returning id`,
    [ref.assinante, ref.bv02],
  );
  ref.transito = transito!.id;
  const tipos = await q<{
    id: number;
    tipo: string;
    exige_observacao: boolean;
    afeta_custo_medio: boolean;
    assinante_id: number;
  }>(
    `select id, tipo, exige_observacao, afeta_custo_medio, assinante_id from tipo_ajuste where assinante_id = (select assinante_id from loja where id = $1)`,
    [ref.bv02],
  );
  ref.entrada = tipos.find((x) => x.tipo === 'ENTRADA' && !x.exige_observacao)!.id;
  ref.saida =
    tipos.find((x) => x.tipo === 'SAIDA' && !x.exige_observacao)?.id ?? tipos.find((x) => x.tipo === 'SAIDA')!.id;
  ref.exige = tipos.find((x) => x.exige_observacao)?.id ?? 0;
  await q(`update tipo_ajuste set afeta_custo_medio = true where id = $1`, [ref.entrada]);
  const prods = await q<{ id: number; casas: number | null; fr: boolean | null }>(
    `select p.id, u.casas_decimais as casas, u.permite_fracionamento as fr from produto p left join unidade u on u.id = p.unidade_de_venda_id
      where p.assinante_id = (select assinante_id from loja where id = $1) and p.ativo order by p.id`,
    [ref.bv02],
  );
  ref.p1 = prods.find((p) => !p.fr)!.id;
  ref.p2 = prods.filter((p) => !p.fr)[1]!.id;
  // a code of another tenant's product this tenant has no product under
  const [outro] = await adminQuery<{ id: number }>(
    t.ownerUrl,
    `select p.id from produto p where p.assinante_id <> $1
        and not exists (select 1 from produto x where x.assinante_id = $1 and x.id = p.id) limit 1`,
    [ref.assinante],
  ).then((r) => r.rows);
  ref.outroTenant = outro!.id;
});
afterAll(async () => t?.close());

// the stores of this test (PR, SC) keep São Paulo time: "today" is theirs, not a fixed UTC offset's
// (UTC−4 said yesterday from 03:00 to 04:00 UTC, and back-dated the test's documents behind the demo's sales)
const hoje = () => hojeNaZona('America/Sao_Paulo');
const corpo = (extra: Record<string, unknown> = {}) => ({
  lojaId: ref.bv02,
  localId: ref.local,
  tipoDeOperacao: 'ENTRADA',
  tipoDeAjusteId: ref.entrada,
  dataDaMovimentacao: `${hoje()}T10:00:00`,
  itens: [{ produtoId: ref.p1, quantidade: 10, custoUnitario: '2.00' }],
  ...extra,
});
const post = (who: LoginResult, payload: unknown, chave?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/estoque/ajustes',
    headers: { ...who.headers, ...(chave ? { 'idempotency-key': chave } : {}) },
    payload: payload as object,
  });
const movimentos = async () => (await q<{ n: number }>('select count(*)::int as n from movimento_estoque'))[0]!.n;

describe('ajustes de estoque', () => {
  it('inclui: 201 + Location, um movimento por item, saldo e custo médio', async () => {
    const antes = await movimentos();
    const r = await post(
      diego,
      corpo({
        itens: [
          { produtoId: ref.p1, quantidade: 10, custoUnitario: '2.00' },
          { produtoId: ref.p2, quantidade: '3' },
        ],
      }),
    );
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().id;
    expect(r.headers.location).toBe(`/api/v1/estoque/ajustes/${id}`);
    expect(await movimentos()).toBe(antes + 2);
    const g = await t.app.inject({ method: 'GET', url: `/api/v1/estoque/ajustes/${id}`, headers: diego.headers });
    expect(g.statusCode).toBe(200);
    expect(g.json().itens.map((i: { quantidade: string }) => i.quantidade)).toEqual(['10.0000', '3.0000']);
    const s = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/saldos?q=lojaId==${ref.bv02};produtoId==${ref.p1}`,
      headers: diego.headers,
    });
    expect(s.statusCode, s.body).toBe(200);
    const saldo = s.json().items.find((i: { localId: number }) => i.localId === ref.local);
    expect(saldo).toMatchObject({ quantidade: expect.stringMatching(/^\d/), custoMedio: expect.any(String) });
    // a second entry at another cost moves the average; an exit leaves at it
    const q0 = Number(saldo.quantidade);
    const m0 = Number(saldo.custoMedio);
    expect(
      (await post(diego, corpo({ itens: [{ produtoId: ref.p1, quantidade: 10, custoUnitario: '4' }] }))).statusCode,
    ).toBe(201);
    const saida = await post(
      diego,
      corpo({
        tipoDeOperacao: 'SAIDA',
        tipoDeAjusteId: ref.saida,
        observacao: 'teste',
        itens: [{ produtoId: ref.p1, quantidade: 1 }],
      }),
    );
    expect(saida.statusCode, saida.body).toBe(201);
    const mv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/movimentos?q=produtoId==${ref.p1};lojaId==${ref.bv02};localId==${ref.local}&sort=-id&count=2`,
      headers: diego.headers,
    });
    expect(mv.statusCode, mv.body).toBe(200);
    const [ultima, entrada] = mv.json().items;
    const medio = q0 > 0 ? (q0 * m0 + 40) / (q0 + 10) : 4;
    expect(Number(entrada.custoMedioApos)).toBeCloseTo(medio, 5);
    expect(ultima).toMatchObject({
      tipo: 'AJUSTE_SAIDA',
      quantidade: '-1.0000',
      custoUnitario: entrada.custoMedioApos,
    });
    expect(Number(ultima.saldoApos)).toBe(q0 + 10 - 1);
  });

  it.each([
    ['operação diferente da do tipo', () => corpo({ tipoDeOperacao: 'SAIDA' }), 'tipoDeOperacao'],
    [
      'produto de outro assinante',
      () => corpo({ itens: [{ produtoId: ref.outroTenant, quantidade: 1 }] }),
      'itens.0.produtoId',
    ],
    ['quantidade zero', () => corpo({ itens: [{ produtoId: ref.p1, quantidade: 0 }] }), 'itens.0.quantidade'],
    [
      'fração numa unidade inteira',
      () => corpo({ itens: [{ produtoId: ref.p1, quantidade: '1.5' }] }),
      'itens.0.quantidade',
    ],
    ['local de outra loja', () => corpo({ localId: ref.localBv01 }), 'localId'],
    ['local de mercadorias em trânsito', () => corpo({ localId: ref.transito }), 'localId'],
    ['data futura', () => corpo({ dataDaMovimentacao: '2099-01-01' }), 'dataDaMovimentacao'],
    [
      'custo numa saída',
      () => corpo({ tipoDeOperacao: 'SAIDA', tipoDeAjusteId: ref.saida, observacao: 'x' }),
      'itens.0.custoUnitario',
    ],
  ])('recusa %s (422 com erros, nada gravado)', async (_n, payload, campo) => {
    const antes = await movimentos();
    const r = await post(ana, payload());
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().erros.map((e: { campo: string }) => e.campo)).toContain(campo);
    expect(r.json().reasons.length).toBeGreaterThan(0);
    expect(await movimentos()).toBe(antes);
  });

  it('a lista e o documento dão os nomes ao lado dos ids: loja, local, tipo, quem lançou, produto e unidade', async () => {
    const r = await post(diego, corpo({ itens: [{ produtoId: ref.p1, quantidade: 2, custoUnitario: '1.00' }] }));
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().id;
    const l = await t.app.inject({ method: 'GET', url: `/api/v1/estoque/ajustes?q=id==${id}`, headers: diego.headers });
    expect(l.statusCode, l.body).toBe(200);
    const nomes = {
      lojaSigla: expect.stringMatching(/\S/),
      localDescricao: expect.stringMatching(/\S/),
      tipoDeAjusteDescricao: expect.stringMatching(/\S/),
      usuarioNome: expect.stringMatching(/\S/),
    };
    expect(l.json().items[0]).toMatchObject(nomes);
    const g = await t.app.inject({ method: 'GET', url: `/api/v1/estoque/ajustes/${id}`, headers: diego.headers });
    expect(g.json()).toMatchObject(nomes);
    expect(g.json().itens[0]).toMatchObject({
      produtoDescricao: expect.stringMatching(/\S/),
      casasDecimais: expect.any(Number),
    });
  });

  it('exige observação quando o tipo pede', async () => {
    if (!ref.exige) return;
    const [tp] = await q<{ tipo: string }>('select tipo from tipo_ajuste where id = $1', [ref.exige]);
    const r = await post(
      ana,
      corpo({ tipoDeAjusteId: ref.exige, tipoDeOperacao: tp!.tipo, itens: [{ produtoId: ref.p1, quantidade: 1 }] }),
    );
    expect(r.statusCode).toBe(422);
    expect(r.json().erros.map((e: { campo: string }) => e.campo)).toContain('observacao');
  });

  it('produto inativo e período fechado são recusados; loja fora do escopo é 403', async () => {
    await q('update produto set ativo = false where id = $1', [ref.p2]);
    const inativo = await post(ana, corpo({ itens: [{ produtoId: ref.p2, quantidade: 1 }] }));
    expect(inativo.statusCode).toBe(422);
    await q('update produto set ativo = true where id = $1', [ref.p2]);
    await q(
      `insert into fechamento_estoque (assinante_id, loja_id, fechado_ate)
             select assinante_id, id, date '2025-01-31' from loja where id = $1`,
      [ref.bv02],
    );
    const fechado = await post(ana, corpo({ dataDaMovimentacao: '2025-01-15', confirmarDataAntiga: true }));
    expect(fechado.statusCode, fechado.body).toBe(422);
    expect(fechado.json().erros[0].campo).toBe('dataDaMovimentacao');
    await q('delete from fechamento_estoque where loja_id = $1', [ref.bv02]);
    const fora = await post(diego, corpo({ lojaId: ref.bv01, localId: ref.localBv01 }));
    expect(fora.statusCode).toBe(403);
    const lista = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/saldos?q=lojaId==${ref.bv01}`,
      headers: diego.headers,
    });
    expect(lista.json().total).toBe(0);
  });

  it('saldo negativo: permitido e sinalizado por padrão, recusado quando a loja não permite', async () => {
    const sai = (chave?: string) =>
      post(
        ana,
        corpo({
          tipoDeOperacao: 'SAIDA',
          tipoDeAjusteId: ref.saida,
          observacao: 'x',
          itens: [{ produtoId: ref.p2, quantidade: 100000 }],
        }),
        chave,
      );
    await q(
      `insert into configuracao_parametro (assinante_id, chave, loja_id, valor)
             select assinante_id, 'estoque.permiteSaldoNegativo', id, 'false' from loja where id = $1`,
      [ref.bv02],
    );
    const antes = await movimentos();
    const r = await sai();
    expect(r.statusCode, r.body).toBe(422);
    expect(await movimentos()).toBe(antes);
    await q(
      `update configuracao_parametro set valor = 'true' where chave = 'estoque.permiteSaldoNegativo' and loja_id = $1`,
      [ref.bv02],
    );
    // the preview warns (#27.5) and keeps nothing; the saved answer carries the same warning
    const corpoSaida = corpo({
      tipoDeOperacao: 'SAIDA',
      tipoDeAjusteId: ref.saida,
      observacao: 'x',
      itens: [{ produtoId: ref.p2, quantidade: 100000 }],
    });
    const antesPrevia = await movimentos();
    const previa = await t.app.inject({
      method: 'POST',
      url: '/api/v1/estoque/ajustes?previa=true',
      headers: ana.headers,
      payload: corpoSaida,
    });
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json().avisos).toEqual([
      expect.stringMatching(/^O saldo do local .+ ficará negativo: -\d[\d.,]* \S+ \(.+\)\.$/),
    ]);
    expect(await movimentos()).toBe(antesPrevia);
    const salvo = await sai();
    expect(salvo.statusCode).toBe(201);
    expect(salvo.json().avisos).toHaveLength(1);
    const semAviso = await post(ana, corpo());
    expect(semAviso.json().avisos).toBeUndefined();
    const s = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/saldos?q=produtoId==${ref.p2};localId==${ref.local}`,
      headers: ana.headers,
    });
    expect(s.json().items[0].negativo).toBe(true);
  });

  it('Idempotency-Key: a repetição responde o primeiro resultado e não lança de novo', async () => {
    const antes = await movimentos();
    const a = await post(ana, corpo(), 'ajuste-teste-1');
    const b = await post(ana, corpo(), 'ajuste-teste-1');
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.headers.location).toBe(a.headers.location);
    expect(await movimentos()).toBe(antes + 1);
  });

  it('saldo no fim de um dia e saldoApos ficam certos depois de um lançamento retroativo', async () => {
    const k = `lojaId==${ref.bv02};localId==${ref.local};produtoId==${ref.p2}`;
    const saldo = async (data?: string) => {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/v1/estoque/saldos?q=${encodeURIComponent(k)}${data ? `&data=${data}` : ''}`,
        headers: ana.headers,
      });
      expect(r.statusCode, r.body).toBe(200);
      return Number(r.json().items[0]?.quantidade ?? 0);
    };
    const antes = { d10: await saldo('2025-02-10'), d20: await saldo('2025-02-20'), hoje: await saldo() };
    const entra = (data: string, quantidade: number) =>
      post(
        ana,
        corpo({ dataDaMovimentacao: data, confirmarDataAntiga: true, itens: [{ produtoId: ref.p2, quantidade }] }),
      );
    expect((await entra('2025-02-20', 7)).statusCode).toBe(201);
    expect((await entra('2025-02-10', 5)).statusCode).toBe(201); // back-dated: before the other one
    expect(await saldo('2025-02-09')).toBe(antes.d10 - 0);
    expect(await saldo('2025-02-10')).toBe(antes.d10 + 5);
    expect(await saldo('2025-02-20')).toBe(antes.d20 + 12);
    expect(await saldo()).toBe(antes.hoje + 12);
    const mv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/movimentos?q=${encodeURIComponent(`${k};data=ge=2025-02-01;data=le=2025-02-28`)}&sort=data`,
      headers: ana.headers,
    });
    expect(mv.statusCode, mv.body).toBe(200);
    const [a, b] = mv.json().items;
    expect([a.data, Number(a.saldoApos)]).toEqual(['2025-02-10', antes.d10 + 5]);
    expect([b.data, Number(b.saldoApos)]).toEqual(['2025-02-20', antes.d20 + 12]);
    // the business date compared as a date (prunes the monthly partitions): one day, and a day that does not exist
    const dia = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/movimentos?q=${encodeURIComponent(`${k};data==2025-02-10`)}`,
      headers: ana.headers,
    });
    expect(dia.json().items.map((m: { data: string }) => m.data)).toEqual(['2025-02-10']);
    const inexistente = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/movimentos?q=${encodeURIComponent('data==2025-02-31')}`,
      headers: ana.headers,
    });
    expect(inexistente.statusCode).toBe(400);
    expect(inexistente.json().reasons.join(' ')).toMatch(/data inválida '2025-02-31'/);
    const ruim = await t.app.inject({ method: 'GET', url: '/api/v1/estoque/saldos?data=ontem', headers: ana.headers });
    expect(ruim.statusCode).toBe(400);
  });

  it('o papel da aplicação não altera nem apaga movimentos', async () => {
    for (const comando of ['update movimento_estoque set quantidade = 1', 'delete from movimento_estoque']) {
      const r = t.db.withTenant(ref.assinante!, (trx) => sql.raw(comando).execute(trx));
      await expect(r).rejects.toThrow(/permission denied/);
    }
  });
});
