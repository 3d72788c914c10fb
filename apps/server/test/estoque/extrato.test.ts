/**
 * GET /api/v1/estoque/extrato and its report: the arithmetic against the domain's rule over the ledger
 * (back-dated postings, every period boundary, one location or all), the running balance of any page,
 * permission, store scope, the franchise client type, and the PDF/XLSX through the report framework.
 */
import { calcularExtrato, type MovimentoDoExtrato } from '@retaguarda/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let diego: LoginResult;
let fabio: LoginResult;
let marta: LoginResult;
const ref: Record<string, number> = {};

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
}

/** A store-local date `n` days from today (São Paulo, the demo's PR/SC stores). */
const dia = (n: number) => new Date(Date.now() - 3 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

const ajuste = async (
  data: string,
  quantidade: string,
  extra: { saida?: boolean; local?: number; custo?: string } = {},
) => {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v1/estoque/ajustes',
    headers: diego.headers,
    payload: {
      lojaId: ref.bv02,
      localId: extra.local ?? ref.loja,
      tipoDeOperacao: extra.saida ? 'SAIDA' : 'ENTRADA',
      tipoDeAjusteId: extra.saida ? ref.saida : ref.entrada,
      dataDaMovimentacao: data,
      observacao: 'extrato',
      itens: [{ produtoId: ref.produto, quantidade, ...(extra.custo ? { custoUnitario: extra.custo } : {}) }],
    },
  });
  expect(r.statusCode, r.body).toBe(201);
};

const extrato = (query: Record<string, string | number>, who = diego) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/estoque/extrato?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers: who.headers,
  });

/** Every movement of the key straight from the ledger, for the domain's rule. */
async function doLedger(local?: number): Promise<MovimentoDoExtrato[]> {
  const rows = await q<{ data: string; id: string; quantidade: string }>(
    `select data::text as data, id::text as id, quantidade::text as quantidade from movimento_estoque
      where loja_id = $1 and produto_id = $2 and ($3::int is null or local_id = $3)`,
    [ref.bv02, ref.produto, local ?? null],
  );
  return rows.map((r) => ({ data: r.data, ordem: Number(r.id), quantidade: r.quantidade }));
}

beforeAll(async () => {
  t = await createTestApp();
  diego = await login(t, 'diego.estoque');
  fabio = await login(t, 'fabio.gerente');
  marta = await login(t, 'marta.admin', 'mercadao.localhost');
  const [loja] = await q<{ id: number }>(
    `select l.id from loja l join assinante a on a.id = l.assinante_id where l.sigla = 'BV02' and a.nome = 'Bela Vida'`,
  );
  ref.bv02 = loja!.id;
  const [bv01] = await q<{ id: number }>(
    `select id from loja where sigla = 'BV01' and assinante_id = (select assinante_id from loja where id = $1)`,
    [ref.bv02],
  );
  ref.bv01 = bv01!.id;
  const locais = await q<{ id: number; tipo: string; loja_id: number }>(
    'select id, tipo, loja_id from local_estoque where loja_id in ($1, $2)',
    [ref.bv02, ref.bv01],
  );
  ref.loja = locais.find((l) => l.loja_id === ref.bv02 && l.tipo === 'LOJA')!.id;
  ref.deposito = locais.find((l) => l.loja_id === ref.bv02 && l.tipo === 'DEPOSITO')!.id;
  ref.localBv01 = locais.find((l) => l.loja_id === ref.bv01)!.id;
  const tipos = await q<{ id: number; tipo: string }>(
    `select id, tipo from tipo_ajuste where assinante_id = (select assinante_id from loja where id = $1) and ativo
      order by exige_observacao, id`,
    [ref.bv02],
  );
  ref.entrada = tipos.find((x) => x.tipo === 'ENTRADA')!.id;
  ref.saida = tipos.find((x) => x.tipo === 'SAIDA')!.id;
  await q('update tipo_ajuste set afeta_custo_medio = true where id = $1', [ref.entrada]);
  // a product of this file only (the demo moves its own): the figures below are exact
  const [p] = await q<{ id: number }>(
    `insert into produto (assinante_id, descricao, codigo_interno, unidade_de_venda_id)
     select p.assinante_id, 'Extrato teste', 'EXT-T1', p.unidade_de_venda_id
       from produto p left join unidade u on u.id = p.unidade_de_venda_id
      where p.assinante_id = (select assinante_id from loja where id = $1) and p.ativo
        and not coalesce(u.permite_fracionamento, false)
      order by p.id limit 1 returning id`,
    [ref.bv02],
  );
  ref.produto = p!.id;
  // posting order ≠ date order: the -30 and -12 entries are posted after later-dated ones
  await ajuste(dia(-40), '10', { custo: '2.00' });
  await ajuste(dia(-20), '6', { custo: '4.00' });
  await ajuste(dia(-10), '3', { saida: true });
  await ajuste(dia(-30), '5', { custo: '3.00' });
  await ajuste(dia(-12), '2', { saida: true });
  await ajuste(dia(-15), '7', { local: ref.deposito, custo: '2.50' });
  await ajuste(dia(-1), '1', { saida: true });
});
afterAll(async () => t?.close());

describe('extrato de estoque: aritmética', () => {
  it.each([
    ['período no meio, todos os locais', -25, -5, undefined],
    ['período começando no dia de um lançamento retroativo', -30, -12, undefined],
    ['um dia só', -20, -20, undefined],
    ['antes de tudo', -90, -60, undefined],
    ['até hoje, só a loja', -35, 0, 'loja'],
    ['só o depósito', -40, 0, 'deposito'],
  ] as const)('%s: saldo anterior + entradas − saídas = saldo final, linhas como a regra', async (_, a, b, local) => {
    const localId = local ? ref[local] : undefined;
    const r = await extrato({
      produtoId: ref.produto!,
      lojaId: ref.bv02!,
      ...(localId ? { localId } : {}),
      de: dia(a),
      ate: dia(b),
      count: 1000,
    });
    expect(r.statusCode, r.body).toBe(200);
    const e = r.json();
    const esperado = calcularExtrato(await doLedger(localId), dia(a), dia(b));
    expect(e.saldoAnterior).toBe(esperado.saldoAnterior);
    expect(e.saldoFinal).toBe(esperado.saldoFinal);
    expect(e.totais).toEqual({ entradas: esperado.entradas, saidas: esperado.saidas });
    expect(e.total).toBe(esperado.linhas.length);
    expect(e.items.map((l: { movimentoId: string; saldoApos: string }) => [l.movimentoId, l.saldoApos])).toEqual(
      esperado.linhas.map((l) => [String(l.ordem), l.saldoApos]),
    );
    expect(e.local?.id ?? null).toBe(localId ?? null);
  });

  it('o saldo final bate com o saldo do ledger no fim do dia, e o retroativo conta no saldo anterior', async () => {
    const e = (await extrato({ produtoId: ref.produto!, lojaId: ref.bv02!, de: dia(-25), ate: dia(-5) })).json();
    // -40: +10, -30 (posted late): +5 → 15 before the period; -20 +6, -15 +7 (depósito), -12 −2, -10 −3
    expect(e.saldoAnterior).toBe('15.0000');
    expect(e.totais).toEqual({ entradas: '13.0000', saidas: '5.0000' });
    expect(e.saldoFinal).toBe('23.0000');
    const s = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/saldos?data=${dia(-5)}&q=lojaId==${ref.bv02};produtoId==${ref.produto}`,
      headers: diego.headers,
    });
    const soma = s.json().items.reduce((x: number, i: { quantidade: string }) => x + Number(i.quantidade), 0);
    expect(soma).toBe(23);
    expect(e.items.map((l: { documento: string }) => l.documento)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Ajuste \d+$/)]),
    );
    const linha = e.items[0];
    expect(linha).toMatchObject({
      data: dia(-20),
      tipo: 'AJUSTE_ENTRADA',
      entrada: '6.0000',
      saida: '0.0000',
      saldoApos: '21.0000',
      usuario: 'Diego Farias',
    });
    expect(linha.instante).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(e.produto.id).toBe(ref.produto);
    expect(e.loja.sigla).toBe('BV02');
    // the average before the period follows posting order: after the −30 entry (posted 4th)
    expect(Number(e.custoMedioAnterior)).toBeGreaterThan(0);
  });

  it('o resumo por dia (entradas, saídas, movimentos) é o dos movimentos, de todas as origens', async () => {
    const diferencas = await q(
      `select coalesce(m.loja_id, r.loja_id) as loja_id, coalesce(m.data, r.data) as data
         from (select loja_id, produto_id, data, local_id, sum(greatest(quantidade, 0)) as e,
                      sum(greatest(-quantidade, 0)) as s, count(*)::int as n
                 from movimento_estoque group by 1, 2, 3, 4) m
         full join movimento_estoque_resumo_dia r using (loja_id, produto_id, data, local_id)
        where m.n is distinct from r.movimentos or m.e is distinct from r.entradas or m.s is distinct from r.saidas`,
    );
    expect(diferencas).toEqual([]);
    expect(
      (await q<{ n: number }>('select count(*)::int as n from movimento_estoque_resumo_dia'))[0]!.n,
    ).toBeGreaterThan(0);
  });

  it('paginação: o saldo da primeira linha de cada página continua o da página anterior', async () => {
    const base = { produtoId: ref.produto!, lojaId: ref.bv02!, de: dia(-45), ate: dia(0) };
    const inteiro = (await extrato({ ...base, count: 1000 })).json();
    expect(inteiro.total).toBe(7);
    const saldos: string[] = [];
    for (let start = 0; start < inteiro.total; start += 3) {
      const p = (await extrato({ ...base, start, count: 3 })).json();
      expect(p.start).toBe(start);
      expect(p.total).toBe(7);
      expect(p.saldoAnterior).toBe(inteiro.saldoAnterior);
      saldos.push(...p.items.map((l: { saldoApos: string }) => l.saldoApos));
    }
    expect(saldos).toEqual(inteiro.items.map((l: { saldoApos: string }) => l.saldoApos));
    expect(saldos.at(-1)).toBe(inteiro.saldoFinal);
  });
});

describe('extrato de estoque: acesso', () => {
  const base = () => ({ produtoId: ref.produto!, lojaId: ref.bv02!, de: dia(-10), ate: dia(0) });

  it('sem a permissão: 403', async () => {
    const r = await extrato(base(), fabio);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/extrato de estoque/);
  });

  it('loja fora das lojas do usuário: 403; loja inexistente: 404', async () => {
    expect((await extrato({ ...base(), lojaId: ref.bv01! })).statusCode).toBe(403);
    expect((await extrato({ ...base(), lojaId: 999_999 })).statusCode).toBe(404);
  });

  it('local de outra loja: 422; produto inexistente: 404; período invertido: 422; parâmetro faltando: 400', async () => {
    const outraLoja = await extrato({ ...base(), localId: ref.localBv01! });
    expect(outraLoja.statusCode).toBe(422);
    expect(outraLoja.json().erros[0].campo).toBe('localId');
    expect((await extrato({ ...base(), produtoId: 999_999 })).statusCode).toBe(404);
    const invertido = await extrato({ ...base(), de: dia(0), ate: dia(-3) });
    expect(invertido.statusCode).toBe(422);
    expect(invertido.json().reasons[0]).toMatch(/data final deve ser igual ou posterior/);
    const { produtoId: _, ...semProduto } = base();
    expect((await extrato(semProduto)).statusCode).toBe(400);
  });

  it('cliente do tipo TODOS (Mercadão): 403 com o motivo', async () => {
    const r = await extrato({ ...base(), lojaId: 1 }, marta);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/somente para clientes do tipo franquia/);
    const rel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/estoque/extrato/relatorio?produtoId=1&lojaId=1&de=${dia(-1)}&ate=${dia(0)}`,
      headers: marta.headers,
    });
    expect(rel.statusCode).toBe(403);
  });
});

describe('extrato de estoque: relatório', () => {
  async function pronto(id: string) {
    for (let i = 0; i < 300; i++) {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/relatorios/${id}`, headers: diego.headers });
      const b = r.json();
      if (b.status !== 'PROCESSANDO') {
        expect(b.status, b.mensagemErro).toBe('PRONTO');
        return b;
      }
      await new Promise((ok) => setTimeout(ok, 100));
    }
    throw new Error('relatório não terminou');
  }
  const pedir = (formato: string, extra = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/estoque/extrato/relatorio?produtoId=${ref.produto}&lojaId=${ref.bv02}&de=${dia(-25)}&ate=${dia(-5)}&formato=${formato}${extra}`,
      headers: diego.headers,
    });

  it('PDF: 202 + Location, gerado em segundo plano, aberto pelo visualizador', async () => {
    const r = await pedir('pdf');
    expect(r.statusCode, r.body).toBe(202);
    const id = r.json().id;
    expect(r.headers.location).toBe(`/api/v1/relatorios/${id}`);
    expect(r.json()).toMatchObject({ tipo: 'EXTRATO_ESTOQUE', formato: 'PDF', link: `/visualizacao-relatorio/${id}` });
    expect(r.json().titulo).toMatch(/^Extrato de estoque — .*\(BV02\)$/);
    await pronto(id);
    const f = await t.app.inject({ method: 'GET', url: `/api/v1/relatorios/${id}/arquivo`, headers: diego.headers });
    expect(f.statusCode).toBe(200);
    expect(f.headers['content-type']).toMatch(/application\/pdf/);
    expect(f.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('XLSX: saldo anterior, movimentos e saldo final em pt-BR', async () => {
    const r = await pedir('xlsx');
    expect(r.statusCode, r.body).toBe(202);
    await pronto(r.json().id);
    const f = await t.app.inject({
      method: 'GET',
      url: `/api/v1/relatorios/${r.json().id}/arquivo`,
      headers: diego.headers,
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(f.rawPayload as unknown as ArrayBuffer);
    const linhas: string[][] = [];
    wb.worksheets[0]!.eachRow((row) => {
      linhas.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    const anterior = linhas.find((l) => l[0]?.startsWith('Saldo anterior'))!;
    const final = linhas.find((l) => l[0]?.startsWith('Saldo final'))!;
    expect(anterior[7]).toBe('15');
    expect(final.slice(5, 8)).toEqual(['13', '5', '23']);
    expect(linhas.filter((l) => /^Ajuste \d+$/.test(l[2] ?? ''))).toHaveLength(4);
  });

  it('filtros inválidos são recusados na hora, sem relatório', async () => {
    expect((await pedir('pdf', `&localId=${ref.localBv01}`)).statusCode).toBe(422);
    expect((await pedir('doc')).statusCode).toBe(400);
  });
});
