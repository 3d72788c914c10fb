/**
 * The master data a batch of POS sales names, read once per batch (a handful of set-based statements, never
 * one per sale): stores (zone, tax profile, sales location), POS terminals, operators, customers, products
 * with their fiscal class, payment forms and plans, current average costs, and the tax rules the engine
 * (`resolverTributacao`) chooses from. The fiscal answer is kept per product × store × day. Every read names
 * the tenant (ids are numbered per tenant, and the demo seed runs the command as the owner, whom RLS may not bind).
 */
import {
  type CenarioNcm,
  type CenarioOperacao,
  type CupomPdv,
  instanteDoTexto,
  type LojaMotor,
  precoDaEtiqueta,
  resolverTributacao,
  zonaDaLoja,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { gruposDosNcms, regrasNcm, regrasOperacao } from '../fiscal';

interface ProdutoDaVenda {
  id: number;
  ativo: boolean;
  ncm: string | null;
  cest: string | null;
  origem: string | null;
}

interface Condicao {
  taxa: string | null;
  prazo: number | null;
  planoId: number | null;
}

export interface FiscalDoItem {
  faltando: string[];
  colunas: {
    ncm: string | null;
    cest: string | null;
    origem: string | null;
    cfop: string | null;
    cst: string | null;
    csosn: string | null;
    aliquota_icms: string | null;
    cst_pis: string | null;
    aliquota_pis: string | null;
    cst_cofins: string | null;
    aliquota_cofins: string | null;
  };
}

export interface Cadastros {
  caixas: Set<string>;
  funcionarios: Set<number>;
  clientes: Set<number>;
  produtos: Map<number, ProdutoDaVenda>;
  formas: Map<number, Condicao>;
  zonas: Map<number, string>;
  locais: Map<number, number>;
  custos: Map<string, string>;
  /** store|product → its offer price and period (only prices with an offer) */
  ofertas: Map<string, { oferta: string | null; inicio: string | null; fim: string | null }>;
  lojas: Map<number, LojaMotor>;
  grupos: Map<string, number>;
  regrasNcm: CenarioNcm[];
  regrasVenda: CenarioOperacao[];
  fiscal: Map<string, FiscalDoItem>;
  condicoes(formaId: number, planoId: number | null): Condicao;
}

/** The local sale time as an instant in the store's zone. */
export const instanteDaVenda = (
  c: Pick<CupomPdv, 'dataHoraAberturaCupom' | 'dataHoraFechamentoCupom'>,
  zona?: string,
) => instanteDoTexto(c.dataHoraFechamentoCupom ?? c.dataHoraAberturaCupom, zona);

const ids = (xs: Iterable<number | null | undefined>) => [...new Set([...xs].filter((x): x is number => x != null))];

export async function cadastrosDaVenda(
  trx: Tx,
  vendas: readonly { cupom: CupomPdv; itens: { produtoId: number | null }[] }[],
): Promise<Cadastros> {
  const cupons = vendas.map((v) => v.cupom);
  // a return to another store posts its stock there: that store's zone and sales location too
  const lojaIds = ids(cupons.flatMap((c) => [c.lojaId, c.lojaDestinoId]));
  const produtoIds = ids(vendas.flatMap((v) => v.itens.map((i) => i.produtoId)));
  const funcIds = ids(cupons.flatMap((c) => [c.funcionarioId, ...c.itensVenda.map((i) => i.funcionarioVendedorId)]));
  const clienteIds = ids(cupons.map((c) => c.clienteId));
  const formaIds = ids(cupons.flatMap((c) => c.finalizacoes.map((f) => f.formaPagamentoId)));
  const planoIds = ids(cupons.flatMap((c) => c.finalizacoes.map((f) => f.planoPagamentoId)));

  const lojas = (
    await sql<{ id: number; uf: string; crt: number; regimeApuracao: string | null; codigoIbge: string | null }>`
      select id, uf, crt, regime_apuracao, codigo_ibge from loja where assinante_id = (select app_assinante()) and id = any(${lojaIds}::int4[])`.execute(
      trx,
    )
  ).rows;
  const caixas = (
    await sql<{ k: string }>`select loja_id || '|' || numero_caixa as k from dispositivo
      where assinante_id = (select app_assinante()) and loja_id = any(${lojaIds}::int4[]) and numero_caixa is not null and status <> 'REVOGADO'`.execute(
      trx,
    )
  ).rows;
  const funcionarios = (
    await sql<{
      id: number;
    }>`select id from funcionario where assinante_id = (select app_assinante()) and id = any(${funcIds}::int4[])`.execute(
      trx,
    )
  ).rows;
  const clientes = (
    await sql<{
      id: number;
    }>`select id from cliente where assinante_id = (select app_assinante()) and id = any(${clienteIds}::int4[])`.execute(
      trx,
    )
  ).rows;
  const produtos = (
    await sql<ProdutoDaVenda>`select id, ativo, nullif(trim(ncm_id), '') as ncm, nullif(trim(cest), '') as cest, origem
      from produto where assinante_id = (select app_assinante()) and id = any(${produtoIds}::int4[])`.execute(trx)
  ).rows;
  const formas = (
    await sql<{ id: number; taxa: string | null; prazo: number | null }>`
      select id, taxa_administracao::text as taxa, prazo_recebimento_dias as prazo from forma_pagamento
       where assinante_id = (select app_assinante()) and id = any(${formaIds}::int4[]) and ativo`.execute(trx)
  ).rows;
  const planos = (
    await sql<{ id: number; taxa: string | null; prazo: number | null }>`
      select id, taxa_administracao::text as taxa, prazo_recebimento_dias as prazo from plano_pagamento
       where assinante_id = (select app_assinante()) and id = any(${planoIds}::int4[])`.execute(trx)
  ).rows;
  const locais = (
    await sql<{ lojaId: number; id: number }>`select distinct on (loja_id) loja_id, id from local_estoque
      where assinante_id = (select app_assinante()) and loja_id = any(${lojaIds}::int4[]) and ativo and permite_venda order by loja_id, padrao_venda desc, id`.execute(
      trx,
    )
  ).rows;
  const custos = (
    await sql<{ k: string; custo: string }>`select loja_id || '|' || produto_id as k, custo_medio::text as custo
      from custo_medio_estoque where assinante_id = (select app_assinante()) and loja_id = any(${lojaIds}::int4[]) and produto_id = any(${produtoIds}::int4[])`.execute(
      trx,
    )
  ).rows;
  const precos = (
    await sql<{ k: string; oferta: string | null; inicio: string | null; fim: string | null }>`
      select loja_id || '|' || produto_id as k, preco_oferta1::text as oferta, to_char(inicio_oferta, 'YYYY-MM-DD') as inicio,
             to_char(fim_oferta, 'YYYY-MM-DD') as fim
        from preco where assinante_id = (select app_assinante()) and loja_id = any(${lojaIds}::int4[])
         and produto_id = any(${produtoIds}::int4[]) and ativo and preco_oferta1 > 0`.execute(trx)
  ).rows;
  const ncms: string[] = [];
  for (const p of produtos) if (p.ncm && !ncms.includes(p.ncm)) ncms.push(p.ncm);
  const grupos = await gruposDosNcms(trx, ncms);
  const regras = ncms.length ? await regrasNcm(trx, ncms, [...new Set(grupos.values())]) : [];
  const regrasVenda = await regrasOperacao(trx, 'VENDA', '65');

  const porForma = new Map(formas.map((f) => [f.id, { taxa: f.taxa, prazo: f.prazo, planoId: null }]));
  const porPlano = new Map(planos.map((p) => [p.id, p]));
  return {
    caixas: new Set(caixas.map((c) => c.k)),
    funcionarios: new Set(funcionarios.map((f) => f.id)),
    clientes: new Set(clientes.map((c) => c.id)),
    produtos: new Map(produtos.map((p) => [p.id, p])),
    formas: porForma,
    zonas: new Map(lojas.map((l) => [l.id, zonaDaLoja(l)])),
    locais: new Map(locais.map((l) => [l.lojaId, l.id])),
    custos: new Map(custos.map((c) => [c.k, c.custo])),
    ofertas: new Map(precos.map((p) => [p.k, p])),
    lojas: new Map(
      lojas.map((l) => [l.id, { uf: l.uf, crt: l.crt, regimeApuracao: l.regimeApuracao ?? undefined } as LojaMotor]),
    ),
    grupos,
    regrasNcm: regras,
    regrasVenda,
    fiscal: new Map(),
    // the plan's fee and term when the payment names a plan that has them, else the payment form's
    condicoes(formaId, planoId) {
      const forma = porForma.get(formaId) ?? { taxa: null, prazo: null, planoId: null };
      const plano = planoId === null ? undefined : porPlano.get(planoId);
      if (!plano) return forma;
      return { taxa: plano.taxa ?? forma.taxa, prazo: plano.prazo ?? forma.prazo, planoId: plano.id };
    },
  };
}

/** Sold in offer: the POS's own flag when it sends one, else the store's offer active on the sale's day. */
export function emOferta(cad: Cadastros, c: CupomPdv, produtoId: number, doPdv: boolean | null): boolean {
  if (doPdv !== null) return doPdv;
  const o = cad.ofertas.get(`${c.lojaId}|${produtoId}`);
  if (!o) return false;
  const dia = c.dataHoraAberturaCupom.slice(0, 10);
  return precoDaEtiqueta({ precoVenda1: null, precoOferta1: o.oferta, inicioOferta: o.inicio, fimOferta: o.fim, dia })
    .oferta;
}

const SEM_FISCAL: FiscalDoItem['colunas'] = {
  ncm: null,
  cest: null,
  origem: null,
  cfop: null,
  cst: null,
  csosn: null,
  aliquota_icms: null,
  cst_pis: null,
  aliquota_pis: null,
  cst_cofins: null,
  aliquota_cofins: null,
};

/**
 * The item's fiscal data as sold (a sale on NFC-e to a final consumer in the store's UF, at the sale's date),
 * or what is missing for a complete treatment. A return keeps the product's class only: its treatment is the
 * original sale's (the return's own document is not this upload's).
 */
export function fiscalDoItem(cad: Cadastros, c: CupomPdv, produtoId: number): FiscalDoItem {
  const data = c.dataHoraAberturaCupom.slice(0, 10);
  const chave = `${produtoId}|${c.lojaId}|${data}|${c.tipo}`;
  const pronto = cad.fiscal.get(chave);
  if (pronto) return pronto;
  const p = cad.produtos.get(produtoId);
  const loja = cad.lojas.get(c.lojaId);
  let r: FiscalDoItem;
  if (!p || !loja) r = { faltando: [], colunas: SEM_FISCAL };
  else if (c.tipo === 'DEVOLUCAO')
    r = { faltando: [], colunas: { ...SEM_FISCAL, ncm: p.ncm, cest: p.cest, origem: p.origem } };
  else if (!p.ncm) r = { faltando: ['Produto sem NCM.'], colunas: SEM_FISCAL };
  else {
    const grupo = cad.grupos.get(p.ncm) ?? null;
    const t = resolverTributacao({
      produto: { ncm: p.ncm, cest: p.cest, origem: p.origem ?? '0', grupoNcmId: grupo },
      loja,
      operacao: { tipo: 'VENDA', modelo: '65', ufContraparte: loja.uf, contribuinte: false },
      data,
      valores: { valorUnitario: '1', quantidade: '1' },
      candidatos: {
        ncm: cad.regrasNcm.filter((x) => x.ncm === p.ncm || (grupo !== null && x.grupoNcmId === grupo)),
        operacao: cad.regrasVenda,
      },
    });
    r = {
      faltando: t.faltando,
      colunas: {
        ncm: p.ncm,
        cest: p.cest,
        origem: t.origem,
        cfop: t.cfop,
        cst: t.cst,
        csosn: t.csosn,
        aliquota_icms: t.icms.aliquota,
        cst_pis: t.pis.cst,
        aliquota_pis: t.pis.aliquota,
        cst_cofins: t.cofins.cst,
        aliquota_cofins: t.cofins.aliquota,
      },
    };
  }
  cad.fiscal.set(chave, r);
  return r;
}
