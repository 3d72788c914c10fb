/**
 * Posting into the stock ledger (domain §5; ledger/README.md): N movements in ONE statement — the movements
 * are inserted (insert-only), and in the same statement the balances derived from them:
 *  - custo_medio_estoque (store + product): the weighted average, changed only by entries carrying a cost;
 *    exits and entries without a cost go at the average before the posting. Within one posting, entries
 *    are weighed together against the quantity before it (an adjustment is all entries or all exits).
 *    The average follows POSTING order: a back-dated entry moves the current average; the averages of
 *    movements already posted stay as written (ledger rows); the administrators' recompute
 *    (`custo-medio.workflow.ts`) replays a store's movements from a date in date order.
 *  - saldo_estoque (store + location + product): the current quantity;
 *  - saldo_estoque_dia: the daily closing balances, the day's entries, exits and count (the statement's
 *    per-day summary, movimento_estoque_resumo_dia) and the key's last movement of the day with the average
 *    after it (the average as of a day, custo_medio_dia), by the ledger kit (`ledger/saldo-dia.ts`), from the
 *    inserted movements (their ids).
 * Before the statement the kit takes the stores' locks and refuses a date in a store's closed period
 * (`ledger/periodo.ts`, the stock ledger declared in `razao.ts`): no caller can forget the guard.
 */
import type { TipoMovimento } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { colunas, unnestDe } from '../../ledger/colunas';
import { abrirLancamento } from '../../ledger/periodo';
import { ctesSaldoDiario } from '../../ledger/saldo-dia';
import { LEDGER_ESTOQUE } from './razao';

export { chaveSaldos } from './razao';

/** saldo_estoque_dia also keeps the day's entries, exits and count (movimento_estoque_resumo_dia is its view). */
const RESUMO_DO_DIA = { entradas: 'entradas', saidas: 'saidas', movimentos: 'movimentos' } as const;
/**
 * …and the key's last movement of the day with the store + product average after it (the average as of a day,
 * custo_medio_dia, migration 0580): in one posting a store + product has one average after (cm.m1), so max()
 * is that posting's.
 */
const ULTIMO_DO_DIA = { movimento_id: 'max(id)', custo_medio: 'max(custo_medio_apos)' } as const;

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
  /** when the event happened (the sale, the count); absent: the posting time */
  ocorridoEm?: Date | string | null;
  /** this movement's own document (a batch of POS cupons posts once); absent: the posting's */
  documentoId?: number | string | null;
}

export interface Lancamento {
  documentoTipo: string;
  documentoId: number | string | null;
  usuarioId: number | null;
  movimentos: readonly MovimentoALancar[];
  /** the field a closed-period refusal names (default `data`) */
  campoData?: string;
}

export interface SaldoNegativo {
  lojaId: number;
  localId: number;
  produtoId: number;
  quantidade: string;
  /** the store refuses negative balances (configuracao_estoque_loja) */
  recusado: boolean;
}

/**
 * Posts the movements; answers the balances this posting left below zero (exits only). A movement dated in
 * a store's closed period refuses the whole posting (422, the closing's message).
 */
export async function lancarMovimentos(trx: Tx, l: Lancamento): Promise<SaldoNegativo[]> {
  if (!l.movimentos.length) return [];
  await abrirLancamento(
    trx,
    LEDGER_ESTOQUE,
    l.movimentos.map((m) => ({ escopo: m.lojaId, data: m.data })),
    l.campoData,
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
    'ocorridoEm',
    'documentoId',
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
    { nome: 'ocorrido_em', tipo: 'timestamptz', valores: c.ocorridoEm },
    { nome: 'documento_id', tipo: 'int8', valores: c.documentoId },
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
      -- one key probe per product (offset 0 keeps it a probe: never a scan of the tenant's averages)
      from agg a left join lateral (select c.quantidade, c.custo_medio from custo_medio_estoque c
        where c.assinante_id = (select a from eu) and c.loja_id = a.loja_id and c.produto_id = a.produto_id offset 0) c on true),
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
    w_m as (
      insert into movimento_estoque (assinante_id, loja_id, local_id, produto_id, data, tipo, quantidade, custo_unitario,
                                     custo_informado, custo_medio_apos, documento_tipo, documento_id, usuario_id, estorno_de, ocorrido_em)
      select (select a from eu), it.loja_id, it.local_id, it.produto_id, it.data, it.tipo, it.quantidade,
             case when it.quantidade > 0 and it.custo is not null then it.custo else cm.m0 end,
             it.quantidade > 0 and it.custo is not null, cm.m1, ${l.documentoTipo}, coalesce(it.documento_id, ${documentoId}::int8), ${l.usuarioId}::int4, it.estorno_de,
             coalesce(it.ocorrido_em, now())
        from it join cm on cm.loja_id = it.loja_id and cm.produto_id = it.produto_id
       order by it.ord
      returning loja_id, local_id, produto_id, data, quantidade, id, custo_medio_apos),
    ${ctesSaldoDiario(LEDGER_ESTOQUE.saldoDiario, {
      fonte: 'w_m',
      valor: 'quantidade',
      assinante: sql`(select a from eu)`,
      resumo: RESUMO_DO_DIA,
      doUltimo: ULTIMO_DO_DIA,
    })}
    select s.loja_id, s.local_id, s.produto_id, s.quantidade::text as quantidade,
           not coalesce(cfg.permite_saldo_negativo, true) as recusado
      from w_s s join sagg g using (loja_id, local_id, produto_id)
      left join configuracao_estoque_loja cfg on cfg.assinante_id = (select a from eu) and cfg.loja_id = s.loja_id
     where g.d < 0 and s.quantidade < 0`;
}
