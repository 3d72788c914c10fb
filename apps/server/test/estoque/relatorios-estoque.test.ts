/**
 * POST /api/v1/estoque/extrato-movimentacoes/relatorio and /saldo-estoque/relatorio: the files the
 * report job writes (totals per store and type equal the ledger's movements; the balance as of a past
 * date counts a back-dated posting and is valued at the average of that date), the filters, permission,
 * store scope and bad input answered at once.
 */
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let diego: LoginResult;
let ana: LoginResult;
let fabio: LoginResult;
let gabi: LoginResult;
const ref: Record<string, number> = {};

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
}

/** As the owner inside the tenant (product writes run the tenant's triggers). */
async function qt<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: t.ownerUrl });
  await c.connect();
  try {
    await c.query(`select set_config('app.assinante_id', $1, false)`, [String(ref.assinante)]);
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** A store-local date `n` days from today (São Paulo, the demo's stores). */
const dia = (n: number) => new Date(Date.now() - 3 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function ajuste(
  who: LoginResult,
  p: { data: string; produto: number; qtd: string; saida?: boolean; custo?: string; loja?: number; local?: number },
) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v1/estoque/ajustes',
    headers: who.headers,
    payload: {
      lojaId: p.loja ?? ref.bv02,
      localId: p.local ?? ref.loja,
      tipoDeOperacao: p.saida ? 'SAIDA' : 'ENTRADA',
      tipoDeAjusteId: p.saida ? ref.saida : ref.entrada,
      dataDaMovimentacao: p.data,
      observacao: 'relatórios',
      itens: [{ produtoId: p.produto, quantidade: p.qtd, ...(p.custo ? { custoUnitario: p.custo } : {}) }],
    },
  });
  expect(r.statusCode, r.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  diego = await login(t, 'diego.estoque');
  ana = await login(t, 'ana.admin');
  fabio = await login(t, 'fabio.gerente');
  gabi = await login(t, 'gabi.consulta');
  const [bv02] = await q<{ id: number; assinante_id: number }>(
    `select l.id, l.assinante_id from loja l join assinante a on a.id = l.assinante_id
      where l.sigla = 'BV02' and a.nome = 'Bela Vida'`,
  );
  ref.bv02 = bv02!.id;
  ref.assinante = bv02!.assinante_id;
  const [bv01] = await q<{ id: number }>(`select id from loja where sigla = 'BV01' and assinante_id = $1`, [
    ref.assinante,
  ]);
  ref.bv01 = bv01!.id;
  const locais = await q<{ id: number; tipo: string; loja_id: number }>(
    'select id, tipo, loja_id from local_estoque where loja_id in ($1, $2) and ativo order by id',
    [ref.bv02, ref.bv01],
  );
  ref.loja = locais.find((l) => l.loja_id === ref.bv02 && l.tipo === 'LOJA')!.id;
  ref.deposito = locais.find((l) => l.loja_id === ref.bv02 && l.tipo === 'DEPOSITO')!.id;
  ref.localBv01 = locais.find((l) => l.loja_id === ref.bv01 && l.tipo === 'LOJA')!.id;
  const tipos = await q<{ id: number; tipo: string }>(
    `select id, tipo from tipo_ajuste where assinante_id = $1 and ativo order by exige_observacao, id`,
    [ref.assinante],
  );
  ref.entrada = tipos.find((x) => x.tipo === 'ENTRADA')!.id;
  ref.saida = tipos.find((x) => x.tipo === 'SAIDA')!.id;
  await q('update tipo_ajuste set afeta_custo_medio = true where id = $1', [ref.entrada]);
  // products and a brand of this file only (the demo and other tests move their own)
  const [marca] = await qt<{ id: number }>(
    `insert into marca (assinante_id, descricao) values ($1, 'Marca do relatório') returning id`,
    [ref.assinante],
  );
  ref.marca = marca!.id;
  const novo = async (codigo: string, marcaId: number | null) =>
    (
      await qt<{ id: number }>(
        `insert into produto (assinante_id, descricao, codigo_interno, unidade_de_venda_id, marca_id)
         select p.assinante_id, 'Relatório ' || $2, $2, p.unidade_de_venda_id, $3
           from produto p left join unidade u on u.id = p.unidade_de_venda_id
          where p.assinante_id = $1 and p.ativo and not coalesce(u.permite_fracionamento, false)
          order by p.id limit 1 returning id`,
        [ref.assinante, codigo, marcaId],
      )
    )[0]!.id;
  ref.p = await novo('REL-P1', null);
  ref.p2 = await novo('REL-P2', ref.marca);
  // posting order ≠ date order: the -30 entry is posted after later-dated ones (back-dated)
  await ajuste(diego, { data: dia(-40), produto: ref.p, qtd: '10', custo: '2.00' });
  await ajuste(diego, { data: dia(-20), produto: ref.p, qtd: '6', custo: '4.00' });
  await ajuste(diego, { data: dia(-10), produto: ref.p, qtd: '3', saida: true });
  await ajuste(diego, { data: dia(-30), produto: ref.p, qtd: '5', custo: '3.00' });
  await ajuste(diego, { data: dia(-15), produto: ref.p, qtd: '7', custo: '2.50', local: ref.deposito });
  await ajuste(diego, { data: dia(-20), produto: ref.p2, qtd: '4', custo: '1.00' });
  await ajuste(diego, { data: dia(-5), produto: ref.p2, qtd: '4', saida: true });
  await ajuste(ana, { data: dia(-20), produto: ref.p, qtd: '2', custo: '5.00', loja: ref.bv01, local: ref.localBv01 });
});
afterAll(async () => t?.close());

const pedir = (caminho: 'extrato-movimentacoes' | 'saldo-estoque', corpo: object, who = diego) =>
  t.app.inject({ method: 'POST', url: `/api/v1/estoque/${caminho}/relatorio`, headers: who.headers, payload: corpo });

async function pronto(id: string, who = diego) {
  for (let i = 0; i < 300; i++) {
    const b = (await t.app.inject({ method: 'GET', url: `/api/v1/relatorios/${id}`, headers: who.headers })).json();
    if (b.status !== 'PROCESSANDO') {
      expect(b.status, b.mensagemErro).toBe('PRONTO');
      return;
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error('relatório não terminou');
}

/** asks, waits and reads the XLSX: each sheet's rows as text cells */
async function planilha(caminho: 'extrato-movimentacoes' | 'saldo-estoque', corpo: object, who = diego) {
  const r = await pedir(caminho, { ...corpo, formato: 'xlsx' }, who);
  expect(r.statusCode, r.body).toBe(202);
  await pronto(r.json().id, who);
  const f = await t.app.inject({
    method: 'GET',
    url: `/api/v1/relatorios/${r.json().id}/arquivo`,
    headers: who.headers,
  });
  expect(f.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(f.rawPayload as unknown as ArrayBuffer);
  const abas: Record<string, string[][]> = {};
  for (const ws of wb.worksheets) {
    const linhas: string[][] = [];
    ws.eachRow((row) => {
      // date cells (#27.17) read back as the dd/MM/yyyy they show
      linhas.push(
        (row.values as unknown[])
          .slice(1)
          .map((v) =>
            v instanceof Date ? v.toISOString().slice(0, 10).split('-').reverse().join('/') : String(v ?? ''),
          ),
      );
    });
    abas[ws.name] = linhas;
  }
  return abas;
}

/** the ledger's own sums per store and type (the figures the report must total) */
async function doLedger(lojas: number[], produtos: number[]) {
  return q<{ sigla: string; tipo: string; n: number; qtd: string; valor: string }>(
    `select l.sigla, m.tipo, count(*)::int as n, sum(m.quantidade)::float8::text as qtd,
            sum(round(m.quantidade * m.custo_unitario, 2))::float8::text as valor
       from movimento_estoque m join loja l on l.id = m.loja_id
      where m.loja_id = any($1) and m.produto_id = any($2) and m.data between $3 and $4
      group by 1, 2 order by 1, 2`,
    [lojas, produtos, dia(-45), dia(0)],
  );
}

const ROTULO: Record<string, string> = { AJUSTE_ENTRADA: 'Ajuste de entrada', AJUSTE_SAIDA: 'Ajuste de saída' };

describe('extrato de movimentações', () => {
  it('XLSX: os movimentos do período em ordem de data e os totais por loja e tipo iguais ao razão', async () => {
    const abas = await planilha('extrato-movimentacoes', {
      de: dia(-45),
      ate: dia(0),
      produtos: [ref.p, ref.p2],
    });
    const movimentos = abas.Movimentos!.filter((l) => /^\d{2}\/\d{2}\/\d{4}$/.test(l[0] ?? ''));
    // diego's only store is BV02: ana's BV01 entry is not his to read
    expect(movimentos).toHaveLength(7);
    expect(movimentos.every((l) => l[1] === 'BV02')).toBe(true);
    const datas = movimentos.map((l) => l[0]!.split('/').reverse().join('-'));
    expect(datas).toEqual([...datas].sort());
    expect(abas.Movimentos!.some((l) => l[0] === 'Lojas: todas as suas lojas (BV02)')).toBe(true);
    const totais = abas.Totais!;
    for (const s of await doLedger([ref.bv02!], [ref.p!, ref.p2!])) {
      const linha = totais.find((l) => l[0] === s.sigla && l[1] === ROTULO[s.tipo]);
      expect(linha, `${s.sigla} ${s.tipo}`).toBeDefined();
      expect(linha!.slice(2).map(Number)).toEqual([s.n, Number(s.qtd), Number(s.valor)]);
    }
    expect(
      totais
        .find((l) => l[1] === 'Total BV02')!
        .slice(2, 4)
        .map(Number),
    ).toEqual([7, 10 + 6 - 3 + 5 + 7 + 4 - 4]);
  });

  it('administrador com duas lojas: totais de cada loja; filtros de tipo e marca', async () => {
    const abas = await planilha(
      'extrato-movimentacoes',
      { de: dia(-45), ate: dia(0), lojas: [ref.bv01, ref.bv02], produtos: [ref.p], tipos: ['AJUSTE_ENTRADA'] },
      ana,
    );
    const totais = abas.Totais!;
    expect(
      totais
        .find((l) => l[1] === 'Total BV01')!
        .slice(2, 4)
        .map(Number),
    ).toEqual([1, 2]);
    expect(
      totais
        .find((l) => l[1] === 'Total BV02')!
        .slice(2, 4)
        .map(Number),
    ).toEqual([4, 28]);
    expect(totais.some((l) => l[1] === 'Ajuste de saída')).toBe(false);
    const marca = await planilha('extrato-movimentacoes', { de: dia(-45), ate: dia(0), marcas: [ref.marca] });
    const codigos = new Set(marca.Movimentos!.filter((l) => /^\d{2}\//.test(l[0] ?? '')).map((l) => l[3]));
    expect([...codigos]).toEqual(['REL-P2']);
  });

  it('PDF: 202 + Location, tipo EXTRATO_MOVIMENTACOES, arquivo PDF', async () => {
    const r = await pedir('extrato-movimentacoes', { de: dia(-45), ate: dia(0), produtos: [ref.p] });
    expect(r.statusCode, r.body).toBe(202);
    const id = r.json().id;
    expect(r.headers.location).toBe(`/api/v1/relatorios/${id}`);
    expect(r.json()).toMatchObject({
      tipo: 'EXTRATO_MOVIMENTACOES',
      formato: 'PDF',
      link: `/visualizacao-relatorio/${id}`,
    });
    await pronto(id);
    const f = await t.app.inject({ method: 'GET', url: `/api/v1/relatorios/${id}/arquivo`, headers: diego.headers });
    expect(f.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });
});

describe('saldo de estoque', () => {
  const linhasDe = (abas: Record<string, string[][]>, codigo: string) =>
    abas
      .Saldos!.filter((l) => l[2] === codigo)
      .map((l) => ({ local: l[1], saldo: Number(l[4]), custo: l[5], valor: Number(l[6]) }));

  it('numa data passada: conta o lançamento retroativo e valoriza pelo custo médio daquela data', async () => {
    const abas = await planilha('saldo-estoque', { data: dia(-25), situacao: 'TODOS' });
    const [mov] = await q<{ custo: string }>(
      `select custo_medio_apos::float8::text as custo from movimento_estoque where produto_id = $1 and data = $2`,
      [ref.p, dia(-30)],
    );
    const p = linhasDe(abas, 'REL-P1');
    // LOJA: 10 (-40) + 5 (-30, posted later); DEPOSITO moved only at -15; REL-P2 only from -20
    expect(p).toHaveLength(1);
    expect(p[0]!.saldo).toBe(15);
    expect(Number(p[0]!.custo)).toBeCloseTo(Number(mov!.custo), 6);
    expect(p[0]!.valor).toBeCloseTo(Math.round(15 * Number(mov!.custo) * 100) / 100, 2);
    expect(linhasDe(abas, 'REL-P2')).toEqual([]);
  });

  it('hoje, por situação: ambos, zero, negativo; totais por loja', async () => {
    const ambos = await planilha('saldo-estoque', { data: dia(0) });
    const p = linhasDe(ambos, 'REL-P1');
    expect(p.map((x) => x.saldo).sort()).toEqual([18, 7].sort());
    expect(linhasDe(ambos, 'REL-P2')).toEqual([]);
    const totalBv02 = ambos['Totais por loja']!.find((l) => l[0] === 'BV02')!;
    const somaValores = ambos.Saldos!.filter((l) => l[0] === 'BV02').reduce((s, l) => s + Number(l[6]), 0);
    expect(Number(totalBv02[3])).toBeCloseTo(somaValores, 2);
    const zero = await planilha('saldo-estoque', { data: dia(0), situacao: 'ZERO', marcas: [ref.marca] });
    expect(linhasDe(zero, 'REL-P2')).toEqual([
      { local: expect.any(String), saldo: 0, custo: expect.any(String), valor: 0 },
    ]);
    expect(zero.Saldos!.filter((l) => /^BV/.test(l[0] ?? ''))).toHaveLength(1);
    const negativo = await planilha('saldo-estoque', { data: dia(0), situacao: 'NEGATIVO', marcas: [ref.marca] });
    expect(negativo.Saldos!.filter((l) => /^BV/.test(l[0] ?? ''))).toHaveLength(0);
  });
});

describe('pedidos recusados na hora', () => {
  it('sem a permissão: 403', async () => {
    expect((await pedir('extrato-movimentacoes', { de: dia(-1), ate: dia(0) }, fabio)).statusCode).toBe(403);
    expect((await pedir('saldo-estoque', { data: dia(0) }, fabio)).statusCode).toBe(403);
    // Consulta reads every register but the movements statement is a permission of its own
    expect((await pedir('extrato-movimentacoes', { de: dia(-1), ate: dia(0) }, gabi)).statusCode).toBe(403);
  });

  it('loja fora das lojas do usuário: 403 com a sigla', async () => {
    const r = await pedir('saldo-estoque', { data: dia(0), lojas: [ref.bv02] }, gabi);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toContain('BV02');
    const d = await pedir('extrato-movimentacoes', { de: dia(-1), ate: dia(0), lojas: [ref.bv01, ref.bv02] });
    expect(d.statusCode).toBe(403);
    expect(d.json().message).toContain('BV01');
  });

  it('dados inválidos: 422 com mensagens em português por campo', async () => {
    const periodo = await pedir('extrato-movimentacoes', { de: dia(0), ate: dia(-1) });
    expect(periodo.statusCode).toBe(422);
    expect(periodo.json().reasons).toEqual(['Data final: Deve ser igual ou posterior à data inicial.']);
    const tipo = await pedir('extrato-movimentacoes', { de: dia(-1), ate: dia(0), tipos: ['QUALQUER'] });
    expect(tipo.statusCode).toBe(422);
    expect(tipo.json().reasons).toEqual(['Tipos de movimento: Tipo de movimento inválido.']);
    const data = await pedir('saldo-estoque', { data: '2026-02-30', situacao: 'ALGUNS' });
    expect(data.statusCode).toBe(422);
    expect(
      data
        .json()
        .erros.map((e: { campo: string }) => e.campo)
        .sort(),
    ).toEqual(['data', 'situacao']);
    const loja = await pedir('saldo-estoque', { data: dia(0), lojas: [987654] }, ana);
    expect(loja.statusCode).toBe(422);
    expect(loja.json().reasons[0]).toMatch(/^Lojas: Loja\(s\) não encontrada\(s\): 987654\.$/);
    const semData = await pedir('extrato-movimentacoes', {});
    expect(semData.statusCode).toBe(422);
    expect(semData.json().reasons).toContain('Data inicial: Informe a data no formato AAAA-MM-DD.');
  });
});
