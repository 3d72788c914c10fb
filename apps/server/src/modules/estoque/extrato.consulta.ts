/**
 * Extrato de estoque read on the ledger (ledger/README.md): the saldo anterior and saldo final are
 * closing balances of saldo_estoque_dia (one indexed lookup per location: the last row before the day),
 * the lines are movimento_estoque of the period in (data, id) order — the date range prunes the monthly
 * partitions and the (loja, produto, data, id) index gives the order — and the running balance is computed
 * on read (saldo anterior + the window sum up to the row), so a page's first row is right at any `start`
 * and a back-dated posting never leaves a stored figure stale. Rules: domain estoque/extrato/regras.ts.
 */
import {
  type ExtratoEstoque,
  type FiltrosExtrato,
  falhaDeCampo,
  falhasDoPeriodo,
  MSG_EXTRATO,
  rotuloDocumento,
  zonaDaLoja,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { AuthContext } from '../../plugins/auth';
import { MSG_COMANDO, naoEncontrado, proibido, recusarTudo } from '../../workflows';
import { saldoDaLinhaNaData } from './saldos';

export interface PedidoExtrato extends FiltrosExtrato {
  start: number;
  count: number;
}

type Cabecalho = Pick<ExtratoEstoque, 'produto' | 'loja' | 'local'> & { zona: string };

/** The store, product and location of the filters: 404 when absent, 403 outside the caller's stores. */
export async function cabecalhoDoExtrato(
  trx: Tx,
  auth: Pick<AuthContext, 'lojas'>,
  f: FiltrosExtrato,
): Promise<Cabecalho> {
  const falhas = falhasDoPeriodo(f);
  if (falhas.length) throw recusarTudo(falhas.map((x) => falhaDeCampo(x.campo, x.mensagem, 'Data final')));
  const { rows: lojas } = await sql<{ id: number; sigla: string; nome: string; uf: string; codigoIbge: string | null }>`
    select id, sigla, fantasia as nome, uf, codigo_ibge from loja where id = ${f.lojaId}`.execute(trx);
  const loja = lojas[0];
  if (!loja) throw naoEncontrado(MSG_COMANDO.lojaNaoEncontrada);
  if (!auth.lojas.includes(loja.id))
    throw proibido(MSG_COMANDO.lojaForaDoEscopo({ sigla: loja.sigla, fantasia: loja.nome }));
  const { rows: produtos } = await sql<{ id: number; codigo: string; descricao: string }>`
    select id, coalesce(nullif(codigo_interno, ''), id::text) as codigo, descricao
      from produto where id = ${f.produtoId}`.execute(trx);
  const produto = produtos[0];
  if (!produto) throw naoEncontrado(MSG_EXTRATO.produtoNaoEncontrado);
  let local: Cabecalho['local'] = null;
  if (f.localId !== undefined) {
    const { rows } = await sql<{ id: number; descricao: string; lojaId: number }>`
      select id, descricao, loja_id from local_estoque where id = ${f.localId}`.execute(trx);
    if (!rows[0]) throw naoEncontrado(MSG_EXTRATO.localNaoEncontrado);
    if (rows[0].lojaId !== loja.id) throw recusarTudo([falhaDeCampo('localId', MSG_EXTRATO.localDeOutraLoja, 'Local')]);
    local = { id: rows[0].id, descricao: rows[0].descricao };
  }
  return {
    produto,
    loja: { id: loja.id, sigla: loja.sigla, nome: loja.nome },
    local,
    zona: zonaDaLoja(loja),
  };
}

/** Movements of the statement's key (store + product, and the location when chosen) in [de, ate]. */
const doPeriodo = (f: FiltrosExtrato) =>
  sql`m.loja_id = ${f.lojaId} and m.produto_id = ${f.produtoId}
      ${f.localId === undefined ? sql`` : sql`and m.local_id = ${f.localId}`}
      and m.data between ${f.de}::date and ${f.ate}::date`;

/** The same key and period in the per-day summary (migration 0132): one row per day and location. */
const resumoDoPeriodo = (f: FiltrosExtrato) =>
  sql`r.loja_id = ${f.lojaId} and r.produto_id = ${f.produtoId}
      ${f.localId === undefined ? sql`` : sql`and r.local_id = ${f.localId}`}
      and r.data between ${f.de}::date and ${f.ate}::date`;

interface Resumo {
  saldoAnterior: string;
  saldoFinal: string;
  custoMedioAnterior: string;
  total: number;
  entradas: string;
  saidas: string;
}

/**
 * Opening and closing balances (saldo_estoque_dia), the average before the period, and the period's count,
 * entries and exits (movimento_estoque_resumo_dia: per day, not per movement).
 */
export async function resumoDoExtrato(trx: Tx, f: FiltrosExtrato): Promise<Resumo> {
  // the locations that ever held the product at the store: saldo_estoque has a row for each
  const { rows } = await sql<Resumo>`
    select
      coalesce(sum(${saldoDaLinhaNaData('s', f.de, { antes: true })}), 0)::numeric(18, 4)::text as saldo_anterior,
      coalesce(sum(${saldoDaLinhaNaData('s', f.ate)}), 0)::numeric(18, 4)::text as saldo_final,
      coalesce((select m.custo_medio_apos from movimento_estoque m
                 where m.loja_id = ${f.lojaId} and m.produto_id = ${f.produtoId} and m.data < ${f.de}::date
                 order by m.data desc, m.id desc limit 1), 0)::text as custo_medio_anterior,
      t.total, t.entradas, t.saidas
    from saldo_estoque s
    cross join (select coalesce(sum(r.movimentos), 0)::int as total,
                       coalesce(sum(r.entradas), 0)::numeric(18, 4)::text as entradas,
                       coalesce(sum(r.saidas), 0)::numeric(18, 4)::text as saidas
                  from movimento_estoque_resumo_dia r where ${resumoDoPeriodo(f)}) t
    where s.loja_id = ${f.lojaId} and s.produto_id = ${f.produtoId}
      ${f.localId === undefined ? sql`` : sql`and s.local_id = ${f.localId}`}
    group by t.total, t.entradas, t.saidas`.execute(trx);
  return (
    rows[0] ?? {
      saldoAnterior: '0.0000',
      saldoFinal: '0.0000',
      custoMedioAnterior: '0',
      total: 0,
      entradas: '0.0000',
      saidas: '0.0000',
    }
  );
}

/** One page of lines; the running balance starts from `saldoAnterior` plus every earlier line of the period. */
export async function linhasDoExtrato(
  trx: Tx,
  f: FiltrosExtrato,
  zona: string,
  saldoAnterior: string,
  pagina: { start: number; count: number },
): Promise<ExtratoEstoque['items']> {
  const { rows } = await sql<Omit<ExtratoEstoque['items'][number], 'documento'>>`
    with idx as (
      -- index-only (key, local and quantity are in the index): a deep page sums the rows before it
      -- without visiting their heap rows; only the page's own rows are read in full below
      select m.data, m.id, sum(m.quantidade) over (order by m.data, m.id rows unbounded preceding) as acumulado
        from movimento_estoque m where ${doPeriodo(f)}
       order by m.data, m.id offset ${pagina.start} limit ${pagina.count}),
    pagina as (
      -- lateral with limit (not flattened into a join): one primary-key lookup per page row, where a
      -- join is planned as a hash over every movement of the period
      select m.*, i.acumulado from idx i cross join lateral (
        select m.id, m.data, m.lancado_em, m.ocorrido_em, m.tipo, m.documento_tipo, m.documento_id, m.local_id,
               m.quantidade, m.custo_unitario, m.custo_medio_apos, m.usuario_id
          from movimento_estoque m
         -- the period again: the planner prunes the partitions outside it at plan time
         where m.data = i.data and m.id = i.id and m.data between ${f.de}::date and ${f.ate}::date
         limit 1) m)
    select p.id::text as movimento_id, p.data::text as data,
           to_char(p.lancado_em at time zone ${zona}, 'YYYY-MM-DD"T"HH24:MI:SS') as instante,
           to_char(coalesce(p.ocorrido_em, p.lancado_em) at time zone ${zona}, 'YYYY-MM-DD"T"HH24:MI:SS') as ocorrido_em,
           p.tipo, p.documento_tipo, p.documento_id::text as documento_id, p.local_id,
           coalesce(l.descricao, p.local_id::text) as local,
           greatest(p.quantidade, 0)::numeric(18, 4)::text as entrada,
           greatest(-p.quantidade, 0)::numeric(18, 4)::text as saida,
           p.custo_unitario::text as custo_unitario,
           (${saldoAnterior}::numeric + p.acumulado)::numeric(18, 4)::text as saldo_apos,
           p.custo_medio_apos::text as custo_medio_apos, u.nome as usuario
      from pagina p
      left join local_estoque l on l.id = p.local_id
      left join usuario u on u.id = p.usuario_id
     order by p.data, p.id`.execute(trx);
  return rows.map((r) => ({ ...r, documento: rotuloDocumento(r.documentoTipo, r.documentoId) }));
}

/** The whole answer of GET /api/v1/estoque/extrato. */
export async function lerExtrato(trx: Tx, auth: AuthContext, p: PedidoExtrato): Promise<ExtratoEstoque> {
  const { zona, ...cabecalho } = await cabecalhoDoExtrato(trx, auth, p);
  const resumo = await resumoDoExtrato(trx, p);
  const items = await linhasDoExtrato(trx, p, zona, resumo.saldoAnterior, p);
  return {
    ...cabecalho,
    de: p.de,
    ate: p.ate,
    saldoAnterior: resumo.saldoAnterior,
    custoMedioAnterior: resumo.custoMedioAnterior,
    start: p.start,
    count: items.length,
    total: resumo.total,
    items,
    saldoFinal: resumo.saldoFinal,
    totais: { entradas: resumo.entradas, saidas: resumo.saidas },
  };
}
