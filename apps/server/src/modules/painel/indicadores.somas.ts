/**
 * The sums behind each indicator, per period and over the given stores (already checked against the caller's):
 * one grouped statement each over the aggregates (venda_loja_dia, venda_resumo_mes/dia, venda_forma_mes/hora,
 * saldo_estoque_dia) or over small operational tables (pending uploads, bank lines, orders, NFC-e). Never the cupom
 * items. The arithmetic (ratios, totals, variations) is the domain's (`calcularIndicador`).
 */
import {
  CHAVE_OUTROS,
  type ChaveIndicador,
  dividirEmMeses,
  type Periodo,
  type SomaLinha,
  somarDias,
} from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db/database';

export interface PedidoDeSomas {
  periodo: Periodo;
  lojas: readonly number[];
  limite: number;
  /** TOP rows of an earlier period: the keys the current period listed (so every listed row has its base) */
  chaves?: readonly string[];
}

type Linha = { chave: string; rotulo: string; num: string; den?: string | null };
const texto = (rows: Linha[]): SomaLinha[] =>
  rows.map((r) => ({ chave: r.chave, rotulo: r.rotulo, num: r.num ?? '0', ...(r.den != null ? { den: r.den } : {}) }));

async function linhas(trx: Tx, q: RawBuilder<Linha>): Promise<SomaLinha[]> {
  return texto((await q.execute(trx)).rows);
}

/** A period's product rows: its whole months from venda_resumo_mes, its edge days from venda_resumo_dia. */
function vendasProduto(p: Periodo, lojas: readonly number[]): RawBuilder<unknown> {
  const { meses, dias } = dividirEmMeses(p);
  const partes: RawBuilder<unknown>[] = dias.map(
    (d) => sql`select loja_id, produto_id, valor, custo from venda_resumo_dia
      where loja_id = any(${lojas}::int4[]) and data between ${d.inicio}::date and ${d.fim}::date`,
  );
  if (meses)
    partes.push(sql`select loja_id, produto_id, valor, custo from venda_resumo_mes
      where loja_id = any(${lojas}::int4[]) and mes between ${meses.inicio}::date and ${meses.fim}::date`);
  return sql.join(partes, sql` union all `);
}

function vendasForma(p: Periodo, lojas: readonly number[]): RawBuilder<unknown> {
  const { meses, dias } = dividirEmMeses(p);
  const partes: RawBuilder<unknown>[] = dias.map(
    (d) => sql`select forma_pagamento_id, valor from venda_forma_hora
      where loja_id = any(${lojas}::int4[]) and data between ${d.inicio}::date and ${d.fim}::date`,
  );
  if (meses)
    partes.push(sql`select forma_pagamento_id, valor from venda_forma_mes
      where loja_id = any(${lojas}::int4[]) and mes between ${meses.inicio}::date and ${meses.fim}::date`);
  return sql.join(partes, sql` union all `);
}

/** A TOP over a grouping of the product rows: the top `limite` (or the given keys) and the rest as one row. */
function top(p: PedidoDeSomas, chave: RawBuilder<unknown>, rotulo: RawBuilder<unknown>, junta: RawBuilder<unknown>) {
  const escolhidas = p.chaves
    ? sql`chave = any(${p.chaves.filter((c) => c !== CHAVE_OUTROS)}::text[])`
    : sql`posicao <= ${p.limite}`;
  return sql<Linha>`
    with g as (
      select ${chave} as chave, min(${rotulo}) as rotulo, sum(v.valor) as num
        from (${vendasProduto(p.periodo, p.lojas)}) v ${junta}
       group by 1),
    r as (select g.*, row_number() over (order by num desc, chave) as posicao from g)
    select chave, rotulo, num::text from r where ${escolhidas}
    union all
    select ${CHAVE_OUTROS}, 'Outros', coalesce(sum(num), 0)::text from r where not (${escolhidas})`;
}

const porLoja = (coluna: RawBuilder<unknown>, den: RawBuilder<unknown> | null, p: PedidoDeSomas) => sql<Linha>`
  select v.loja_id::text as chave, min(l.sigla || ' - ' || l.fantasia) as rotulo, sum(${coluna})::text as num,
         ${den ? sql`sum(${den})::text` : sql`null`} as den
    from venda_loja_dia v join loja l on l.id = v.loja_id
   where v.loja_id = any(${p.lojas}::int4[]) and v.data between ${p.periodo.inicio}::date and ${p.periodo.fim}::date
   group by v.loja_id order by v.loja_id`;

/**
 * Each store + location + product key's balance and average at the end of a day, read per key from the current
 * balances (saldo_estoque: one row per key) with one probe of the daily balances' primary key (store, product,
 * day ≤ X, location) for its last row on or before the day. The cost grows with the keys, never with the ledger's
 * history: a DISTINCT ON over every daily row up to the day (the earlier read) sorted a year of a big chain's
 * balances. `produtos` narrows the keys to the rows of a CTE (loja_id, produto_id) of the same statement.
 */
const saldosNaData = (lojas: readonly number[], data: string, produtos?: RawBuilder<unknown>) => sql`
  select k.loja_id, k.local_id, k.produto_id, d.saldo, d.custo_medio
    from saldo_estoque k
    ${produtos ? sql`join ${produtos} p on p.loja_id = k.loja_id and p.produto_id = k.produto_id` : sql``}
    cross join lateral (
      select x.saldo, x.custo_medio from saldo_estoque_dia x
       where x.loja_id = k.loja_id and x.produto_id = k.produto_id and x.local_id = k.local_id
         and x.data <= ${data}::date
       order by x.data desc limit 1) d
   where k.loja_id = any(${lojas}::int4[])`;

/** Stock value per store at the end of a day: each key's balance (negatives left out) × its average. */
const valorEstoque = (p: PedidoDeSomas) => sql<Linha>`
  select s.loja_id::text as chave, min(l.sigla || ' - ' || l.fantasia) as rotulo,
         round(sum(greatest(s.saldo, 0) * s.custo_medio), 2)::text as num
    from (${saldosNaData(p.lojas, p.periodo.fim)}) s join loja l on l.id = s.loja_id
   group by s.loja_id order by s.loja_id`;

const SOMAS: Record<ChaveIndicador, (trx: Tx, p: PedidoDeSomas) => Promise<SomaLinha[]>> = {
  VENDAS_DIA: (trx, p) =>
    linhas(
      trx,
      sql<Linha>`select data::text as chave, data::text as rotulo, sum(valor)::text as num from venda_loja_dia
        where loja_id = any(${p.lojas}::int4[]) and data between ${p.periodo.inicio}::date and ${p.periodo.fim}::date
        group by data order by data`,
    ),
  VENDAS_LOJA: (trx, p) => linhas(trx, porLoja(sql`v.valor`, null, p)),
  TICKET_MEDIO: (trx, p) => linhas(trx, porLoja(sql`v.valor_cupons`, sql`v.cupons`, p)),
  ITENS_POR_CUPOM: (trx, p) => linhas(trx, porLoja(sql`v.unidades`, sql`v.cupons`, p)),
  MARGEM_BRUTA: (trx, p) => linhas(trx, porLoja(sql`v.valor`, sql`v.custo`, p)),
  TOP_PRODUTOS: (trx, p) =>
    linhas(
      trx,
      top(
        p,
        sql`v.produto_id::text`,
        sql`coalesce(pr.codigo_interno || ' - ', '') || pr.descricao`,
        sql`
        join produto pr on pr.id = v.produto_id`,
      ),
    ),
  TOP_SECOES: (trx, p) =>
    linhas(
      trx,
      top(
        p,
        sql`coalesce(pr.secao_id::text, '0')`,
        sql`coalesce(s.descricao, 'Sem seção')`,
        sql`
        join produto pr on pr.id = v.produto_id left join secao s on s.id = pr.secao_id`,
      ),
    ),
  TOP_MARCAS: (trx, p) =>
    linhas(
      trx,
      top(
        p,
        sql`coalesce(pr.marca_id::text, '0')`,
        sql`coalesce(m.descricao, 'Sem marca')`,
        sql`
        join produto pr on pr.id = v.produto_id left join marca m on m.id = pr.marca_id`,
      ),
    ),
  FORMAS_PAGAMENTO: (trx, p) =>
    linhas(
      trx,
      sql<Linha>`select v.forma_pagamento_id::text as chave, min(f.descricao) as rotulo, sum(v.valor)::text as num
        from (${vendasForma(p.periodo, p.lojas)}) v join forma_pagamento f on f.id = v.forma_pagamento_id
       group by v.forma_pagamento_id`,
    ),
  CANCELAMENTOS_DESCONTOS: (trx, p) =>
    linhas(
      trx,
      sql<Linha>`select x.chave, x.rotulo, x.num::text from (
        select coalesce(sum(valor_cancelado), 0) a, coalesce(sum(valor_itens_cancelados), 0) b,
               coalesce(sum(descontos), 0) c
          from venda_loja_dia
         where loja_id = any(${p.lojas}::int4[]) and data between ${p.periodo.inicio}::date and ${p.periodo.fim}::date) t
       cross join lateral (values ('CUPONS_CANCELADOS', 'Cupons cancelados', t.a), ('ITENS_CANCELADOS', 'Itens cancelados', t.b),
                                  ('DESCONTOS', 'Descontos', t.c)) x(chave, rotulo, num)`,
    ),
  VALOR_ESTOQUE: (trx, p) => linhas(trx, valorEstoque(p)),
  RUPTURA: (trx, p) =>
    linhas(
      trx,
      sql<Linha>`
      with vendidos as (
        select distinct loja_id, produto_id from venda_resumo_dia
         where loja_id = any(${p.lojas}::int4[]) and quantidade > 0
           and data between ${somarDias(p.periodo.fim, -29)}::date and ${p.periodo.fim}::date),
      saldos as (
        select loja_id, produto_id, sum(saldo) as saldo
          from (${saldosNaData(p.lojas, p.periodo.fim, sql`vendidos`)}) s group by 1, 2)
      select v.loja_id::text as chave, min(l.sigla || ' - ' || l.fantasia) as rotulo,
             count(*) filter (where coalesce(s.saldo, 0) <= 0)::text as num
        from vendidos v join loja l on l.id = v.loja_id
        left join saldos s on s.loja_id = v.loja_id and s.produto_id = v.produto_id
       group by v.loja_id order by v.loja_id`,
    ),
  GIRO_ESTOQUE: async (trx, p) => {
    const custo = await linhas(trx, porLoja(sql`v.custo`, null, p));
    const estoque = new Map((await linhas(trx, valorEstoque(p))).map((e) => [e.chave, e.num]));
    return custo.map((c) => ({ ...c, den: estoque.get(c.chave) ?? '0' }));
  },
  PENDENCIAS_SUBIDA: (trx, p) =>
    linhas(
      trx,
      sql<Linha>`select t.loja_id::text as chave, min(l.sigla || ' - ' || l.fantasia) as rotulo, count(*)::text as num
        from subida_venda_transacao t join loja l on l.id = t.loja_id
       where t.status = 'PENDENTE' and t.loja_id = any(${p.lojas}::int4[])
         and t.data_movimento between ${p.periodo.inicio}::date and ${p.periodo.fim}::date
       group by t.loja_id order by t.loja_id`,
    ),
  BACKLOG_CONCILIACAO: (trx, p) =>
    linhas(
      trx,
      sql<Linha>`select c.loja_id::text as chave, min(l.sigla || ' - ' || l.fantasia) as rotulo, count(*)::text as num
        from extrato_linha x join conta_corrente c on c.id = x.conta_corrente_id join loja l on l.id = c.loja_id
       where c.loja_id = any(${p.lojas}::int4[]) and not x.ignorado
         and x.data between ${p.periodo.inicio}::date and ${p.periodo.fim}::date
         and not exists (select 1 from conciliacao_linha cl where cl.linha_id = x.id and cl.ativo)
       group by c.loja_id order by c.loja_id`,
    ),
  PEDIDOS_STATUS: (trx, p) =>
    linhas(
      trx,
      sql<Linha>`select s.etapa as chave, s.etapa as rotulo, count(*)::text as num
        from pedido_venda v cross join lateral (select case when v.recusado then 'RECUSADO' else v.etapa end as etapa) s
       where v.loja_id = any(${p.lojas}::int4[])
         and v.data_emissao >= ${p.periodo.inicio}::date and v.data_emissao < ${somarDias(p.periodo.fim, 1)}::date
       group by s.etapa`,
    ),
  NFCE_PROBLEMAS: (trx, p) =>
    linhas(
      trx,
      sql<Linha>`select s.situacao as chave, s.rotulo, count(*)::text as num
        from documento_nfce d
        cross join lateral (select case when upper(d.status) like 'REJEI%' then 'REJEITADA'
                                        when upper(d.status) like 'CONTING%' then 'CONTINGENCIA' end as situacao,
                                   case when upper(d.status) like 'REJEI%' then 'Rejeitadas'
                                        else 'Em contingência' end as rotulo) s
       where d.loja_id = any(${p.lojas}::int4[]) and d.data between ${p.periodo.inicio}::date and ${p.periodo.fim}::date
         and s.situacao is not null
       group by s.situacao, s.rotulo`,
    ),
};

export function somasDe(trx: Tx, c: ChaveIndicador, p: PedidoDeSomas): Promise<SomaLinha[]> {
  return SOMAS[c](trx, p);
}
