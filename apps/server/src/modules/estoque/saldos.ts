/**
 * Reading the stock ledger's balances. The balance at the end of a store-local day is one indexed lookup
 * in saldo_estoque_dia (its last row on or before the day: the ledger kit's `saldoNaData`), right after
 * back-dated postings too; the average as of a day is the average after the last movement dated on or
 * before it (posting order, see lancamento.ts). saldoApos of a movement is the closing balance of the
 * previous day plus the movements of its own day up to it (by id): computed on read, so back-dated
 * postings never leave it stale.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../db/database';
import * as saldoDia from '../../ledger/saldo-dia';
import { localIsoText, zonaDaLojaIdSql } from '../../time';
import { LEDGER_ESTOQUE } from './razao';

const SALDO_DIA = LEDGER_ESTOQUE.saldoDiario;

/** The balance of one store + location + product at the end of `data`. */
export const saldoEm = (trx: Tx, k: { lojaId: number; localId: number; produtoId: number }, data: string) =>
  saldoDia.saldoEm(trx, SALDO_DIA, { loja_id: k.lojaId, local_id: k.localId, produto_id: k.produtoId }, data);

/**
 * The closing balance, at the end of `data` (before it with `antes`), of the store + location + product of
 * an outer row (alias `a`, e.g. a balance or a movement); null before its first movement.
 */
export const saldoDaLinhaNaData = (a: string, data: RawBuilder<unknown> | string, opcoes: { antes?: boolean } = {}) =>
  saldoDia.saldoNaData(
    SALDO_DIA,
    { loja_id: sql.ref(`${a}.loja_id`), local_id: sql.ref(`${a}.local_id`), produto_id: sql.ref(`${a}.produto_id`) },
    data,
    opcoes,
  );

/** the product's columns the balances' list shows and filters (section) */
const PRODUTO = sql`p.secao_id, coalesce(p.codigo_interno, p.id::text) as produto_codigo,
  p.descricao as produto_descricao, p.unidade_de_venda_id as unidade_id`;

/** `from … where …` of the balances (current, or at the end of `data`), for the list contract. */
export function saldosFrom(lojas: readonly number[], data: string | undefined, where: Expression<SqlBool>) {
  const escopo = sql`s.loja_id = any(${[...lojas]}::int4[])`;
  if (data === undefined)
    return sql`from (select s.loja_id, s.local_id, s.produto_id, s.quantidade,
                            coalesce(c.custo_medio, 0) as custo_medio, ${PRODUTO}
                       from saldo_estoque s
                       join produto p on p.id = s.produto_id
                       left join custo_medio_estoque c on c.loja_id = s.loja_id and c.produto_id = s.produto_id
                      where ${escopo}) s where ${where}`;
  return sql`from (select s.loja_id, s.local_id, s.produto_id,
                          coalesce(${saldoDaLinhaNaData('s', data)}, 0) as quantidade,
                          -- the average after the last movement on or before the day: the latest movement's
                          -- daily-balance row among the store's locations (migration 0580)
                          coalesce((select c.custo_medio from saldo_estoque_dia c
                                     where c.loja_id = s.loja_id and c.produto_id = s.produto_id
                                       and c.data <= ${data}::date
                                     order by c.data desc, c.movimento_id desc limit 1), 0) as custo_medio, ${PRODUTO}
                     from saldo_estoque s join produto p on p.id = s.produto_id where ${escopo}) s where ${where}`;
}

export const SALDO_COLUNAS = sql`s.loja_id, s.local_id, s.produto_id, s.quantidade::text as quantidade,
  s.custo_medio::text as custo_medio, round(s.quantidade * s.custo_medio, 2)::text as valor_total,
  s.quantidade < 0 as negativo, s.produto_codigo, s.produto_descricao, s.secao_id,
  (select u.sigla from unidade u where u.id = s.unidade_id) as unidade,
  coalesce((select case when u.permite_fracionamento then u.casas_decimais else 0 end
              from unidade u where u.id = s.unidade_id), 0) as casas_decimais,
  (select l.sigla from loja l where l.id = s.loja_id) as loja_sigla,
  (select x.descricao from local_estoque x where x.id = s.local_id) as local_descricao,
  (select coalesce(sum(r.quantidade), 0)::text from reserva_estoque_pedido r
    where r.loja_id = s.loja_id and r.produto_id = s.produto_id) as reservado_na_loja`;

/** Totals per store of the balances `saldosFrom` selects (the screen's footer): the rows' rounded values summed, as the report and the list. */
export const SALDO_TOTAIS = sql`select s.loja_id, (select l.sigla from loja l where l.id = s.loja_id) as loja_sigla,
  count(*)::int as itens, sum(s.quantidade)::text as quantidade,
  sum(round(s.quantidade * s.custo_medio, 2))::text as valor_total`;

/**
 * `from … where …` of the movements in the caller's stores. Filters compare the business date column
 * itself (`data`), so a period reaches only its monthly partitions.
 */
export function movimentosFrom(lojas: readonly number[], where: Expression<SqlBool>) {
  return sql`from movimento_estoque m where m.loja_id = any(${[...lojas]}::int4[]) and ${where}`;
}

export const MOVIMENTO_COLUNAS = sql`m.id::text as id, m.loja_id, m.local_id, m.produto_id, m.data::text as data,
  ${localIsoText(sql.ref('m.lancado_em'), zonaDaLojaIdSql(sql.ref('m.loja_id')))} as lancado_em,
  ${localIsoText(sql`coalesce(m.ocorrido_em, m.lancado_em)`, zonaDaLojaIdSql(sql.ref('m.loja_id')))} as ocorrido_em, m.tipo, m.quantidade::text as quantidade, m.custo_unitario::text as custo_unitario,
  (coalesce(${saldoDaLinhaNaData('m', sql.ref('m.data'), { antes: true })}, 0)
   + (select sum(y.quantidade) from movimento_estoque y
       where y.loja_id = m.loja_id and y.produto_id = m.produto_id and y.data = m.data
         and y.local_id = m.local_id and y.id <= m.id))::text as saldo_apos,
  m.custo_medio_apos::text as custo_medio_apos, m.documento_tipo, m.documento_id::text as documento_id,
  m.usuario_id, m.estorno_de::text as estorno_de`;
