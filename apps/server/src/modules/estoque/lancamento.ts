/**
 * Posting into the stock ledger (domain §5; architecture §5 "Ledgers"): N movements in ONE statement —
 * the movements are inserted (insert-only), and in the same statement the balances derived from them:
 *  - custo_medio_estoque (store + product): the weighted average, changed only by entries carrying a cost;
 *    exits and entries without a cost go at the average before the posting. Within one posting, entries
 *    are weighed together against the quantity before it (an adjustment is all entries or all exits).
 *    The average follows POSTING order: a back-dated entry moves the current average; the averages of
 *    movements already posted stay as written (ledger rows); the administrators' recompute
 *    (`custo-medio.workflow.ts`) replays a store's movements from a date in date order.
 *  - saldo_estoque (store + location + product): the current quantity;
 *  - saldo_estoque_dia: the closing balance of each day with movements. The posting upserts the row of its
 *    day and adds its delta to every later row of the same key, so a back-dated posting keeps the balance
 *    as of every date right, and reading it stays one indexed lookup (last row with data <= X).
 * Concurrent postings of one store are serialised by an advisory lock per store (the sub-statements read
 * one snapshot: the lock makes that snapshot the latest).
 */
import type { TipoMovimento } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { colunas, unnestDe } from '../../ledger/colunas';

export interface MovimentoALancar {
  lojaId: number;
  localId: number;
  produtoId: number;
  /** store-local business date YYYY-MM-DD */
  data: string;
  tipo: TipoMovimento;
  /** signed decimal text: entries positive, exits negative */
  quantidade: string;
  /** the entry's cost; null: at the current average */
  custoUnitario?: string | null;
  estornoDe?: string | null;
}

export interface Lancamento {
  documentoTipo: string;
  documentoId: number | string | null;
  usuarioId: number | null;
  movimentos: readonly MovimentoALancar[];
}

export interface SaldoNegativo {
  lojaId: number;
  localId: number;
  produtoId: number;
  quantidade: string;
  /** the store refuses negative balances (configuracao_estoque_loja) */
  recusado: boolean;
}

/** The advisory lock key of a store's stock balances. */
export const chaveSaldos = (lojaId: number): string => `estoque.saldo:${lojaId}`;

async function travarLojas(trx: Tx, lojas: readonly number[]): Promise<void> {
  for (const l of [...new Set(lojas)].sort((a, b) => a - b))
    await sql`select pg_advisory_xact_lock(hashtextextended(app_assinante() || ':' || ${chaveSaldos(l)}, 0))`.execute(
      trx,
    );
}

/** Posts the movements; answers the balances this posting left below zero (exits only). */
export async function lancarMovimentos(trx: Tx, l: Lancamento): Promise<SaldoNegativo[]> {
  if (!l.movimentos.length) return [];
  await travarLojas(
    trx,
    l.movimentos.map((m) => m.lojaId),
  );
  const { rows } = await instrucaoDeLancamento(l).execute(trx);
  return rows;
}

/** The one statement of a posting (exported for its plan: bench and tests). */
export function instrucaoDeLancamento(l: Lancamento) {
  const c = colunas(l.movimentos, [
    'lojaId',
    'localId',
    'produtoId',
    'data',
    'tipo',
    'quantidade',
    'custoUnitario',
    'estornoDe',
  ] as const);
  const it = unnestDe('t', [
    { nome: 'loja_id', tipo: 'int4', valores: c.lojaId },
    { nome: 'local_id', tipo: 'int4', valores: c.localId },
    { nome: 'produto_id', tipo: 'int4', valores: c.produtoId },
    { nome: 'data', tipo: 'date', valores: c.data },
    { nome: 'tipo', tipo: 'text', valores: c.tipo },
    { nome: 'quantidade', tipo: 'numeric', valores: c.quantidade },
    { nome: 'custo', tipo: 'numeric', valores: c.custoUnitario },
    { nome: 'estorno_de', tipo: 'int8', valores: c.estornoDe },
  ]);
  const documentoId = l.documentoId === null ? null : String(l.documentoId);
  return sql<SaldoNegativo>`
    with eu as materialized (select app_assinante() as a),
    it as materialized (select * from ${it}),
    agg as (
      select loja_id, produto_id, sum(quantidade) as qt,
        coalesce(sum(quantidade) filter (where quantidade > 0 and custo is not null), 0) as qc,
        coalesce(sum(quantidade * custo) filter (where quantidade > 0 and custo is not null), 0) as vc
      from it group by loja_id, produto_id),
    cm as (
      select a.loja_id, a.produto_id, a.qt, coalesce(c.custo_medio, 0) as m0,
        case when a.qc = 0 then coalesce(c.custo_medio, 0)
             when coalesce(c.quantidade, 0) <= 0 then round(a.vc / a.qc, 6)
             else round((c.quantidade * c.custo_medio + a.vc) / (c.quantidade + a.qc), 6) end as m1
      from agg a left join custo_medio_estoque c
        on c.assinante_id = (select a from eu) and c.loja_id = a.loja_id and c.produto_id = a.produto_id),
    w_cm as (
      insert into custo_medio_estoque as c (assinante_id, loja_id, produto_id, quantidade, custo_medio)
      select (select a from eu), loja_id, produto_id, qt, m1 from cm order by loja_id, produto_id
      on conflict (assinante_id, loja_id, produto_id) do update
        set quantidade = c.quantidade + excluded.quantidade, custo_medio = excluded.custo_medio),
    sagg as (select loja_id, local_id, produto_id, sum(quantidade) as d from it group by 1, 2, 3),
    w_s as (
      insert into saldo_estoque as s (assinante_id, loja_id, local_id, produto_id, quantidade)
      select (select a from eu), loja_id, local_id, produto_id, d from sagg order by 2, 3, 4
      on conflict (assinante_id, loja_id, local_id, produto_id) do update
        set quantidade = s.quantidade + excluded.quantidade, atualizado_em = now()
      returning loja_id, local_id, produto_id, quantidade),
    dagg as (select loja_id, local_id, produto_id, data, sum(quantidade) as d from it group by 1, 2, 3, 4),
    dcum as (select *, sum(d) over (partition by loja_id, local_id, produto_id order by data) as acum from dagg),
    w_d as (
      insert into saldo_estoque_dia as sd (assinante_id, loja_id, local_id, produto_id, data, quantidade_dia, saldo)
      select (select a from eu), k.loja_id, k.local_id, k.produto_id, k.data, k.d,
        coalesce((select x.saldo from saldo_estoque_dia x
                   where x.assinante_id = (select a from eu) and x.loja_id = k.loja_id and x.local_id = k.local_id and x.produto_id = k.produto_id
                     and x.data <= k.data order by x.data desc limit 1), 0) + k.acum
      from dcum k order by 2, 3, 4, 5
      on conflict (assinante_id, loja_id, local_id, produto_id, data) do update
        set quantidade_dia = sd.quantidade_dia + excluded.quantidade_dia, saldo = excluded.saldo),
    w_u as (
      update saldo_estoque_dia sd
         set saldo = sd.saldo + (select k.acum from dcum k
                                  where k.loja_id = sd.loja_id and k.local_id = sd.local_id
                                    and k.produto_id = sd.produto_id and k.data < sd.data
                                  order by k.data desc limit 1)
        from (select loja_id, local_id, produto_id, min(data) as m from dagg group by 1, 2, 3) g
       where sd.assinante_id = (select a from eu) and sd.loja_id = g.loja_id and sd.local_id = g.local_id and sd.produto_id = g.produto_id and sd.data > g.m
         and not exists (select 1 from dagg x where x.loja_id = sd.loja_id and x.local_id = sd.local_id
                            and x.produto_id = sd.produto_id and x.data = sd.data)),
    w_m as (
      insert into movimento_estoque (assinante_id, loja_id, local_id, produto_id, data, tipo, quantidade, custo_unitario,
                                     custo_informado, custo_medio_apos, documento_tipo, documento_id, usuario_id, estorno_de)
      select (select a from eu), it.loja_id, it.local_id, it.produto_id, it.data, it.tipo, it.quantidade,
             case when it.quantidade > 0 and it.custo is not null then it.custo else cm.m0 end,
             it.quantidade > 0 and it.custo is not null, cm.m1, ${l.documentoTipo}, ${documentoId}::int8, ${l.usuarioId}::int4, it.estorno_de
        from it join cm on cm.loja_id = it.loja_id and cm.produto_id = it.produto_id
       order by it.ord)
    select s.loja_id, s.local_id, s.produto_id, s.quantidade::text as quantidade,
           not coalesce(cfg.permite_saldo_negativo, true) as recusado
      from w_s s join sagg g using (loja_id, local_id, produto_id)
      left join configuracao_estoque_loja cfg on cfg.assinante_id = (select a from eu) and cfg.loja_id = s.loja_id
     where g.d < 0 and s.quantidade < 0`;
}
