/**
 * Fixtures of the store-scope matrix: inconsistency lots made by an administrator holding every store
 * over products with one row per store (no state regime in any store), in the states the cases need.
 */
import { expect } from 'vitest';
import { adminQuery, type TestApp, tenantQuery } from '../helpers/app';

export interface Quem {
  nome: string;
  headers: Record<string, string>;
}

export interface Fx {
  assinante: number;
  lojas: Record<string, number>;
  /** a regime of each store's UF */
  regime: Record<string, number>;
  marca: number;
  /** products per lot (one item per product and store) */
  produtos: number;
  /** every store, the administrator's proposals on BV01's rows only */
  loteTodas: number;
  itemBv01: number;
  /** only BV01's rows */
  loteBv01: number;
  /** every store, proposals on every row, in analysis */
  loteEmAnalise: number;
  /** every store, finalized by the administrator */
  loteFinalizado: number;
}

const LOTES = '/api/v1/fiscal/lotes-inconsistencia';
const PRODUTOS = 3;

export async function prepararLotes(t: TestApp, admin: Record<string, string>): Promise<Fx> {
  const [a] = (await adminQuery<{ id: number }>(t.ownerUrl, `select id from assinante where nome = 'Bela Vida'`)).rows;
  const assinante = a!.id;
  const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await tenantQuery<T>(t.ownerUrl, assinante, text, params)).rows;
  const call = async (method: string, url: string, payload?: object) => {
    const r = await t.app.inject({ method: method as 'POST', url, headers: admin, ...(payload ? { payload } : {}) });
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBeLessThan(300);
    return r.json();
  };
  const lojasRows = await q<{ id: number; sigla: string; uf: string }>(`select id, sigla, uf from loja where ativo`);
  const lojas = Object.fromEntries(lojasRows.map((l) => [l.sigla, l.id]));
  const [sf] = await q<{ id: number }>(
    `insert into situacao_fiscal (codigo, descricao, tipo, cst) values ('ESC', 'Escopo tributado', 'TRIBUTADO', '00') returning id`,
  );
  const regime: Record<string, number> = {};
  for (const uf of new Set(lojasRows.map((l) => l.uf))) {
    const [r] = await q<{ id: number }>(
      `insert into regime_tributario (descricao, uf, situacao_fiscal_saida_id, aliquota_icms)
       values ($1, $2, $3, 18) returning id`,
      [`Escopo ${uf}`, uf, sf!.id],
    );
    for (const l of lojasRows.filter((x) => x.uf === uf)) regime[l.sigla] = r!.id;
  }
  const marcaCom = async (descricao: string) => {
    const [m] = await q<{ id: number }>(`insert into marca (descricao) values ($1) returning id`, [descricao]);
    await q(
      `insert into produto (descricao, ncm_id, cest, situacao_fiscal_saida_id, marca_id)
       select $1 || g, '33030020', '2000800', $2, $3 from generate_series(1, ${PRODUTOS}) g`,
      [descricao, sf!.id, m!.id],
    );
    return m!.id;
  };
  const marca = await marcaCom('Escopo marca ');
  const marcaFim = await marcaCom('Escopo finalizado ');
  const criar = async (descricao: string, filtros: object) =>
    (await call('POST', LOTES, { descricao, tipoInconsistencia: 'SEM_REGIME_ESTADUAL_LOJA', filtros })).id as number;
  const propor = async (id: number, siglas: string[]) => {
    for (const s of siglas)
      await call('POST', `${LOTES}/${id}/propostas`, { valor: String(regime[s]), lojaId: lojas[s] });
  };
  const siglas = lojasRows.map((l) => l.sigla);

  const loteTodas = await criar('Escopo: todas as lojas', { marcaId: marca });
  await propor(loteTodas, ['BV01']);
  const [item] = await q<{ id: string }>(
    `select id::text from lote_inconsistencia_item where lote_id = $1 and loja_id = $2 order by id limit 1`,
    [loteTodas, lojas.BV01],
  );
  const loteBv01 = await criar('Escopo: só BV01', { marcaId: marca, lojas: [lojas.BV01] });
  const loteEmAnalise = await criar('Escopo: em análise', { marcaId: marca });
  await propor(loteEmAnalise, siglas);
  await call('POST', `${LOTES}/${loteEmAnalise}/analise`);
  const loteFinalizado = await criar('Escopo: finalizado', { marcaId: marcaFim });
  await propor(loteFinalizado, siglas);
  await call('POST', `${LOTES}/${loteFinalizado}/analise`);
  await call('POST', `${LOTES}/${loteFinalizado}/finalizacao`);
  return {
    assinante,
    lojas,
    regime,
    marca,
    produtos: PRODUTOS,
    loteTodas,
    itemBv01: Number(item!.id),
    loteBv01,
    loteEmAnalise,
    loteFinalizado,
  };
}

export interface FxEstoque {
  produto: number;
  /** an adjustment of BV01 */
  ajusteBv01: number;
  /** a transfer from BV01 to BV03, in transit */
  transferencia: number;
  corpoAjuste: (lojaId: number, localId: number) => object;
  corpoTransferencia: (o: number, lo: number, d: number, ld: number) => object;
  local: Record<string, number>;
  hoje: string;
}

/** An adjustment of BV01 and a transfer BV01 → BV03, made by the administrator. */
export async function prepararEstoque(
  t: TestApp,
  admin: Record<string, string>,
  fx: Fx,
  hoje: string,
): Promise<FxEstoque> {
  const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await tenantQuery<T>(t.ownerUrl, fx.assinante, text, params)).rows;
  const locais = await q<{ id: number; sigla: string }>(
    `select distinct on (l.sigla) le.id, l.sigla from local_estoque le join loja l on l.id = le.loja_id
      where le.tipo = 'LOJA' and le.ativo order by l.sigla, le.id`,
  );
  const local = Object.fromEntries(locais.map((l) => [l.sigla, l.id]));
  const [tipo] = await q<{ id: number }>(
    `select id from tipo_ajuste where tipo = 'ENTRADA' and not exige_observacao order by id limit 1`,
  );
  const [p] = await q<{ id: number }>(
    `select p.id from produto p left join unidade u on u.id = p.unidade_de_venda_id
      where p.ativo and not coalesce(u.permite_fracionamento, false) order by p.id limit 1`,
  );
  const corpoAjuste = (lojaId: number, localId: number) => ({
    lojaId,
    localId,
    tipoDeOperacao: 'ENTRADA',
    tipoDeAjusteId: tipo!.id,
    dataDaMovimentacao: `${hoje}T10:00:00`,
    itens: [{ produtoId: p!.id, quantidade: 10 }],
  });
  const corpoTransferencia = (o: number, lo: number, d: number, ld: number) => ({
    lojaOrigemId: o,
    localOrigemId: lo,
    lojaDestinoId: d,
    localDestinoId: ld,
    data: hoje,
    itens: [{ produtoId: p!.id, quantidade: 1 }],
  });
  const post = async (url: string, payload: object) => {
    const r = await t.app.inject({ method: 'POST', url, headers: admin, payload });
    expect(r.statusCode, `${url}: ${r.body}`).toBe(201);
    return r.json().id as number;
  };
  const ajusteBv01 = await post('/api/v1/estoque/ajustes', corpoAjuste(fx.lojas.BV01!, local.BV01!));
  const transferencia = await post(
    '/api/v1/estoque/transferencias',
    corpoTransferencia(fx.lojas.BV01!, local.BV01!, fx.lojas.BV03!, local.BV03!),
  );
  return { produto: p!.id, ajusteBv01, transferencia, corpoAjuste, corpoTransferencia, local, hoje };
}
