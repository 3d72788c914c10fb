/**
 * Inconsistências tributárias (domain.md §3.7): every type detected by the set-based statements, kept
 * current after a product write, the counters equal to the detection, and the lots — proposals checked
 * against the official tables (invalid rows listed, nothing half-applied unless asked), analysis,
 * finalization with its before/after log (a job above 1 000 items), 409 after it, permissions.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, type TestApp } from '../helpers/app';
import { createRegistersApp, headersFor } from '../registers/support';

let t: TestApp;
let ana: Record<string, string>;
let carlos: Record<string, string>;
let diego: Record<string, string>;
let gabi: Record<string, string>;
const ref: Record<string, number> = {};

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
}
const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const LOTES = '/api/v1/fiscal/lotes-inconsistencia';

/** products of our own, straight into the table (as an import would write them; the triggers run) */
async function inserir(descricao: string, campos: Record<string, unknown> = {}): Promise<number> {
  const cols = ['assinante_id', 'descricao', ...Object.keys(campos)];
  const vals = [ref.assinante, descricao, ...Object.values(campos)];
  const [r] = await q<{ id: number }>(
    `insert into produto (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    vals,
  );
  return r!.id;
}
const tiposDe = async (produtoId: number) =>
  (
    await q<{ tipo: string }>(
      `select distinct tipo from inconsistencia_produto
        where assinante_id = $2 and produto_id = $1 and resolvida_em is null order by tipo`,
      [produtoId, ref.assinante],
    )
  ).map((r) => r.tipo);
const contador = async (h: Record<string, string>, tipo: string) =>
  (
    (await call('GET', '/api/v1/produto/inconsistencias-produto', h)).json().items as {
      tipoInconsistencia: string;
      quantidade: number;
    }[]
  ).find((i) => i.tipoInconsistencia === tipo)?.quantidade ?? 0;

beforeAll(async () => {
  t = await createRegistersApp();
  ana = await headersFor(t, 'ana.admin');
  carlos = await headersFor(t, 'carlos.fiscal');
  diego = await headersFor(t, 'diego.estoque');
  gabi = await headersFor(t, 'gabi.consulta');
  const [a] = await q<{ id: number }>(`select id from assinante where nome = 'Bela Vida'`);
  ref.assinante = a!.id;
  const [m] = await q<{ id: number }>(
    `insert into marca (assinante_id, descricao) values ($1, 'H6 Marca lote') returning id`,
    [ref.assinante],
  );
  ref.marca = m!.id;
  const [m2] = await q<{ id: number }>(
    `insert into marca (assinante_id, descricao) values ($1, 'H6 Marca grande') returning id`,
    [ref.assinante],
  );
  ref.marcaGrande = m2!.id;
  const [l] = await q<{ id: number; uf: string }>(
    `select id, uf from loja where assinante_id = $1 and crt = 3 order by id limit 1`,
    [ref.assinante],
  );
  ref.loja = l!.id;
});
afterAll(() => t.close());

describe('detecção', () => {
  it('cada tipo é detectado pelo conjunto de regras', async () => {
    const s = ref.assinante;
    const [sf] = await q<{ id: number }>(
      `insert into situacao_fiscal (assinante_id, codigo, descricao, tipo, cst) values ($1, 'H6T', 'H6 tributado', 'TRIBUTADO', '00') returning id`,
      [s],
    );
    const [sfSimples] = await q<{ id: number }>(
      `insert into situacao_fiscal (assinante_id, codigo, descricao, tipo, csosn) values ($1, 'H6S', 'H6 simples', 'TRIBUTADO', '102') returning id`,
      [s],
    );
    const [uf] = await q<{ uf: string }>(`select uf from loja where id = $1`, [ref.loja]);
    const [regSimples] = await q<{ id: number }>(
      `insert into regime_tributario (assinante_id, descricao, uf, situacao_fiscal_saida_id, aliquota_icms)
       values ($1, 'H6 regime só CSOSN', $2, $3, 18) returning id`,
      [s, uf!.uf, sfSimples!.id],
    );
    await q(
      `insert into natureza_pis_cofins (assinante_id, id, descricao, tipo_imposto, cst_saida) values ($1, 'H6ENT', 'H6 CST de entrada na saída', 'PIS', '50')`,
      [s],
    );
    const completo = { ncm_id: '33030020', cest: '2000800', situacao_fiscal_saida_id: sf!.id };
    const casos: [string, Record<string, unknown>, string][] = [
      ['H6 sem NCM', { ...completo, ncm_id: null, cest: null }, 'SEM_NCM'],
      ['H6 NCM vencido', { ...completo, ncm_id: '39139050', cest: null }, 'NCM_INEXISTENTE_OU_VENCIDO'],
      ['H6 NCM não folha', { ...completo, ncm_id: '330300', cest: null }, 'NCM_INEXISTENTE_OU_VENCIDO'],
      ['H6 sem CEST', { ...completo, cest: null }, 'SEM_CEST'],
      ['H6 CEST de outro NCM', { ...completo, cest: '2000900' }, 'CEST_INCOMPATIVEL_NCM'],
      ['H6 sem natureza', completo, 'SEM_NATUREZA_RECEITA'],
      [
        'H6 CST PIS de entrada',
        { ...completo, natureza_de_imposto_federal_id: 'H6ENT' },
        'CST_PIS_COFINS_INCOMPATIVEL',
      ],
      ['H6 sem situação', { ...completo, situacao_fiscal_saida_id: null }, 'SEM_SITUACAO_FISCAL'],
    ];
    for (const [descricao, campos, tipo] of casos) {
      const id = await inserir(descricao, campos);
      expect(await tiposDe(id), descricao).toContain(tipo);
      if (tipo !== 'SEM_NCM') expect(await tiposDe(id), descricao).not.toContain('SEM_NCM');
    }
    // per store: no regime in the store; a regime whose situation has only a CSOSN in a CRT 3 store
    const semRegime = await inserir('H6 sem regime', completo);
    const regimes = await q<{ loja_id: number }>(
      `select loja_id from inconsistencia_produto where produto_id = $1 and tipo = 'SEM_REGIME_ESTADUAL_LOJA'`,
      [semRegime],
    );
    const [{ n }] = (await q<{ n: number }>(`select count(*)::int as n from loja where assinante_id = $1 and ativo`, [
      s,
    ])) as [{ n: number }];
    expect(regimes).toHaveLength(n);
    await q(
      `insert into produto_regime (assinante_id, produto_id, loja_id, regime_estadual_id) values ($1, $2, $3, $4)`,
      [s, semRegime, ref.loja, regSimples!.id],
    );
    const porLoja = await q<{ tipo: string; loja_id: number }>(
      `select tipo, loja_id from inconsistencia_produto where produto_id = $1 and loja_id = $2`,
      [semRegime, ref.loja],
    );
    expect(porLoja).toEqual([{ tipo: 'CST_INCOMPATIVEL_CRT', loja_id: ref.loja }]);
    // GTIN: a barcode with a wrong check digit
    const comGtin = await inserir('H6 GTIN errado', completo);
    await q(
      `insert into codigo_auxiliar (assinante_id, id, produto_id, tipo) values ($1, '7891000315508', $2, 'EAN')`,
      [s, comGtin],
    );
    expect(await tiposDe(comGtin)).toContain('GTIN_INVALIDO');
    await q(`update codigo_auxiliar set id = '7891000315507' where id = '7891000315508' and assinante_id = $1`, [s]);
    expect(await tiposDe(comGtin)).not.toContain('GTIN_INVALIDO');
  });

  it('a edição de um produto recalcula só ele, e o contador acompanha', async () => {
    const antes = await contador(carlos, 'SEM_CEST');
    const r = await call('POST', '/api/v1/produto/produtos', ana, {
      descricao: 'H6 perfume via API',
      ncmId: '33030020',
    });
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().id as number;
    expect(await tiposDe(id)).toContain('SEM_CEST');
    expect(await contador(carlos, 'SEM_CEST')).toBe(antes + 1);
    const put = await call('PUT', `/api/v1/produto/produtos/${id}`, ana, { cest: '2000800' });
    expect(put.statusCode, put.body).toBe(200);
    expect(await tiposDe(id)).not.toContain('SEM_CEST');
    expect(await contador(carlos, 'SEM_CEST')).toBe(antes);
    // a deleted product takes its rows along
    await q(`update produto set cest = null where assinante_id = $2 and id = $1`, [id, ref.assinante]);
    expect(await tiposDe(id)).toContain('SEM_CEST');
    await q(`delete from produto where assinante_id = $2 and id = $1`, [id, ref.assinante]);
    expect(await tiposDe(id)).toEqual([]);
  });

  it('a detecção por produto devolve o modo de planos da transação como o encontrou', async () => {
    // it runs on generic plans for a few products and custom ones for many, then puts the setting back
    const modos = await t.db.withTenant(ref.assinante!, async (trx) => {
      const antes = await sql<{ m: string }>`select current_setting('plan_cache_mode') as m`.execute(trx);
      await sql`select app_detectar_inconsistencias_produtos(array[1, 2]::int[])`.execute(trx);
      const depois = await sql<{ m: string }>`select current_setting('plan_cache_mode') as m`.execute(trx);
      await sql`select app_detectar_inconsistencias_produtos(array(select generate_series(1, 100))::int[])`.execute(
        trx,
      );
      const muitos = await sql<{ m: string }>`select current_setting('plan_cache_mode') as m`.execute(trx);
      return [antes.rows[0]!.m, depois.rows[0]!.m, muitos.rows[0]!.m];
    });
    expect(modos).toEqual(['auto', 'auto', 'auto']);
  });

  it('os contadores são a detecção: a recontagem completa não muda nada', async () => {
    const porTipo = async () =>
      q<{ tipo: string; n: number }>(
        `select tipo, count(*)::int as n from inconsistencia_produto where assinante_id = $1 and resolvida_em is null
          and tipo <> 'SEM_CENARIO_FISCAL' group by tipo order by tipo`,
        [ref.assinante],
      );
    const incremental = await porTipo();
    const api = (await call('GET', '/api/v1/produto/inconsistencias-produto', carlos)).json().items;
    expect(api).toEqual(incremental.map((r) => ({ tipoInconsistencia: r.tipo, quantidade: r.n })));
    const job = await call('POST', '/api/v1/fiscal/inconsistencias/recalculo', carlos);
    expect(job.statusCode, job.body).toBe(202);
    const tarefa = job.json().tarefaId as string;
    await expect
      .poll(async () => (await call('GET', `/api/v1/tarefas/${tarefa}`, carlos)).json().status, { timeout: 20_000 })
      .toBe('CONCLUIDO');
    expect(await porTipo()).toEqual(incremental);
    const resumo = (await call('GET', '/api/v1/fiscal/inconsistencias', carlos)).json().items as {
      tipoInconsistencia: string;
      quantidade: number;
    }[];
    expect(resumo.find((i) => i.tipoInconsistencia === 'SEM_CEST')?.quantidade).toBe(
      incremental.find((r) => r.tipo === 'SEM_CEST')?.n,
    );
    expect((await call('GET', '/api/v1/fiscal/inconsistencias', diego)).statusCode).toBe(403);
  });
});

describe('lotes', () => {
  it('ciclo: cria pelos filtros, lista as linhas inválidas, aplica as válidas, finaliza com antes/depois; depois disso 409', async () => {
    const perfumes = [];
    for (let i = 1; i <= 3; i++)
      perfumes.push(await inserir(`H6 Lote perfume ${i}`, { ncm_id: '33030020', marca_id: ref.marca }));
    const batom = await inserir('H6 Lote batom', { ncm_id: '33041000', marca_id: ref.marca });
    const semCestAntes = await contador(carlos, 'SEM_CEST');

    expect((await call('POST', LOTES, diego, { descricao: 'x', tipoInconsistencia: 'SEM_CEST' })).statusCode).toBe(403);
    const vazio = await call('POST', LOTES, carlos, {
      descricao: 'Nada',
      tipoInconsistencia: 'SEM_CEST',
      filtros: { marcaId: ref.marcaGrande },
    });
    expect(vazio.statusCode).toBe(422);
    const criado = await call('POST', LOTES, carlos, {
      descricao: 'H6 perfumes sem CEST',
      tipoInconsistencia: 'SEM_CEST',
      filtros: { marcaId: ref.marca },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const lote = criado.json();
    expect(lote).toMatchObject({ status: 'RASCUNHO', quantidadeProdutos: 4, campo: 'cest', usuario: 'Carlos Mendes' });
    const itens = (await call('GET', `${LOTES}/${lote.id}/itens`, gabi)).json().items as {
      id: number;
      produtoId: number;
      valorAtual: string | null;
    }[];
    expect(itens.map((i) => i.produtoId).sort()).toEqual([...perfumes, batom].sort());
    const itemBatom = itens.find((i) => i.produtoId === batom)!;

    // 2000800 is a perfume CEST: the lipstick refuses it; nothing is applied
    const recusa = await call('POST', `${LOTES}/${lote.id}/propostas`, carlos, { valor: '20.008.00' });
    expect(recusa.statusCode).toBe(422);
    expect(recusa.json().erros).toEqual([
      expect.objectContaining({
        campo: `itens.${itemBatom.id}`,
        mensagem: expect.stringMatching(/não pertence ao NCM 33041000/),
      }),
    ]);
    expect((await call('GET', `${LOTES}/${lote.id}`, carlos)).json().quantidadePropostos).toBe(0);
    const parcial = await call('POST', `${LOTES}/${lote.id}/propostas`, carlos, {
      valor: '2000800',
      aplicarValidos: true,
    });
    expect(parcial.statusCode, parcial.body).toBe(200);
    expect(parcial.json()).toMatchObject({ atualizados: 3, invalidos: [{ itemId: itemBatom.id, produtoId: batom }] });
    expect(parcial.json().lote.quantidadePropostos).toBe(3);
    // per row: a code outside the official table, then the lipstick's own CEST
    const inexistente = await call('POST', `${LOTES}/${lote.id}/propostas`, carlos, {
      itens: [{ itemId: itemBatom.id, valor: '9999999' }],
    });
    expect(inexistente.statusCode).toBe(422);
    expect(inexistente.json().reasons.join(' ')).toMatch(/não existe na tabela oficial/);
    const linha = await call('POST', `${LOTES}/${lote.id}/propostas`, carlos, {
      itens: [{ itemId: itemBatom.id, valor: '2000900' }],
    });
    expect(linha.statusCode, linha.body).toBe(200);

    expect((await call('POST', `${LOTES}/${lote.id}/finalizacao`, carlos)).statusCode).toBe(409); // still a draft
    const analise = await call('POST', `${LOTES}/${lote.id}/analise`, carlos);
    expect(analise.json()).toMatchObject({ status: 'EM_ANALISE', quantidadePropostos: 4 });
    expect((await call('POST', `${LOTES}/${lote.id}/finalizacao`, gabi)).statusCode).toBe(403);

    const fim = await call('POST', `${LOTES}/${lote.id}/finalizacao`, carlos);
    expect(fim.statusCode, fim.body).toBe(200);
    expect(fim.json()).toMatchObject({ status: 'FINALIZADO', quantidadeCorrigidos: 4, tarefaId: null });
    const cests = await q<{ id: number; cest: string }>(`select id, cest from produto where id = any($1) order by id`, [
      [...perfumes, batom],
    ]);
    expect(cests.map((c) => c.cest)).toEqual([...perfumes.map(() => '2000800'), '2000900']);
    const log = (await call('GET', `${LOTES}/${lote.id}/alteracoes`, carlos)).json();
    expect(log.total).toBe(4);
    expect(log.items[0]).toMatchObject({
      campo: 'cest',
      antes: null,
      depois: expect.stringMatching(/^200\d{4}$/),
      depoisRotulo: null, // a CEST is its own label
    });
    expect(await contador(carlos, 'SEM_CEST')).toBe(semCestAntes - 4);

    expect((await call('POST', `${LOTES}/${lote.id}/finalizacao`, carlos)).statusCode).toBe(409);
    const depois = await call('POST', `${LOTES}/${lote.id}/propostas`, carlos, { valor: '2000800' });
    expect(depois.statusCode).toBe(409);
    expect((await call('POST', `${LOTES}/${lote.id}/cancelamento`, carlos)).statusCode).toBe(409);
    const lista = (await call('GET', `${LOTES}?q=status==FINALIZADO`, gabi)).json();
    expect(lista.items.map((l: { id: number }) => l.id)).toContain(lote.id);
  });

  it('situação fiscal: Atual, Proposto, Antes e Depois trazem o rótulo do cadastro, não o id', async () => {
    const marca = (
      await q<{ id: number }>(
        `insert into marca (assinante_id, descricao) values ($1, 'H6 Marca situação') returning id`,
        [ref.assinante],
      )
    )[0]!.id;
    const produto = await inserir('H6 Sem situação', {
      ncm_id: '33030020',
      marca_id: marca,
      situacao_fiscal_saida_id: null,
    });
    const [sf] = await q<{ id: number; rotulo: string }>(
      `select id, codigo || ' - ' || descricao as rotulo from situacao_fiscal where assinante_id = $1 and ativo order by id limit 1`,
      [ref.assinante],
    );
    const lote = (
      await call('POST', LOTES, carlos, {
        descricao: 'H6 situação',
        tipoInconsistencia: 'SEM_SITUACAO_FISCAL',
        filtros: { marcaId: marca },
      })
    ).json();
    expect(lote.campo).toBe('situacao');
    const proposta = await call('POST', `${LOTES}/${lote.id}/propostas`, carlos, { valor: String(sf!.id) });
    expect(proposta.statusCode, proposta.body).toBe(200);
    const [item] = (await call('GET', `${LOTES}/${lote.id}/itens`, carlos)).json().items;
    expect(item).toMatchObject({
      produtoId: produto,
      valorAtual: null,
      valorAtualRotulo: null,
      valorProposto: String(sf!.id),
      valorPropostoRotulo: sf!.rotulo,
    });
    await call('POST', `${LOTES}/${lote.id}/analise`, carlos);
    expect((await call('POST', `${LOTES}/${lote.id}/finalizacao`, carlos)).statusCode).toBe(200);
    const [alteracao] = (await call('GET', `${LOTES}/${lote.id}/alteracoes`, carlos)).json().items;
    expect(alteracao).toMatchObject({ depois: String(sf!.id), depoisRotulo: sf!.rotulo, antesRotulo: null });
  });

  it('cancelar não aplica nada; finalizar exige também editar produtos', async () => {
    await inserir('H6 Cancelado 1', { ncm_id: '33030020', marca_id: ref.marca });
    const lote = (
      await call('POST', LOTES, carlos, {
        descricao: 'H6 cancelar',
        tipoInconsistencia: 'SEM_CEST',
        filtros: { marcaId: ref.marca },
      })
    ).json();
    await call('POST', `${LOTES}/${lote.id}/propostas`, carlos, { valor: '2000800' });
    await call('POST', `${LOTES}/${lote.id}/analise`, carlos);
    await q(
      `delete from grupo_permissao where permissao = 'PERM_PRODUTO_EDITAR' and grupo_id in (select id from grupo where nome = 'Fiscal' and assinante_id = $1)`,
      [ref.assinante],
    );
    const semProduto = await call('POST', `${LOTES}/${lote.id}/finalizacao`, carlos);
    expect(semProduto.statusCode).toBe(403);
    expect(semProduto.json().message ?? semProduto.body).toMatch(/editar produtos/);
    const c = await call('POST', `${LOTES}/${lote.id}/cancelamento`, carlos);
    expect(c.json().status).toBe('CANCELADO');
    expect((await call('POST', `${LOTES}/${lote.id}/finalizacao`, ana)).statusCode).toBe(409);
  });

  it('um lote de mais de 1 000 produtos é finalizado por uma tarefa com progresso', async () => {
    await q(
      `insert into produto (assinante_id, descricao, ncm_id, marca_id)
       select $1, 'H6 Grande ' || g, '33030020', $2 from generate_series(1, 1005) g`,
      [ref.assinante, ref.marcaGrande],
    );
    const lote = (
      await call('POST', LOTES, ana, {
        descricao: 'H6 grande',
        tipoInconsistencia: 'SEM_CEST',
        filtros: { marcaId: ref.marcaGrande },
      })
    ).json();
    expect(lote.quantidadeProdutos).toBe(1005);
    expect((await call('POST', `${LOTES}/${lote.id}/propostas`, ana, { valor: '2000800' })).json().atualizados).toBe(
      1005,
    );
    await call('POST', `${LOTES}/${lote.id}/analise`, ana);
    const fim = await call('POST', `${LOTES}/${lote.id}/finalizacao`, ana);
    expect(fim.statusCode, fim.body).toBe(200);
    expect(fim.json()).toMatchObject({ status: 'EM_ANALISE', tarefaId: expect.any(String) });
    expect((await call('POST', `${LOTES}/${lote.id}/finalizacao`, ana)).statusCode).toBe(409);
    await expect
      .poll(async () => (await call('GET', `${LOTES}/${lote.id}`, ana)).json().status, { timeout: 30_000 })
      .toBe('FINALIZADO');
    const final = (await call('GET', `${LOTES}/${lote.id}`, ana)).json();
    expect(final.quantidadeCorrigidos).toBe(1005);
    // the job engine records the task as done just after the job's own transaction commits the batch
    await expect
      .poll(async () => (await call('GET', `/api/v1/tarefas/${fim.json().tarefaId}`, ana)).json().status, {
        timeout: 10_000,
      })
      .toBe('CONCLUIDO');
    const [{ n }] = (await q<{ n: number }>(
      `select count(*)::int as n from lote_inconsistencia_alteracao where lote_id = $1`,
      [lote.id],
    )) as [{ n: number }];
    expect(n).toBe(1005);
  });
});
