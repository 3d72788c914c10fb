-- venda_loja_dia's sums held once (0542 and 0544 wrote the items' sum twice in triggers and twice in backfills):
-- two SQL functions add what a store's cupons, and the items of those cupons, put into its store × day rows.
-- The triggers call them with the rows their statement wrote, the aggregates' rebuild (`reconstruirResumos`)
-- with a whole period after deleting its rows, so a rebuild gives the same figures the ingest left.

-- The cupons of store p_loja dated p_de..p_ate (only those of p_cupons when given): counts and totals.
create function app_venda_loja_dia_somar_cupons(p_loja integer, p_de date, p_ate date, p_cupons bigint[] default null)
returns void language sql as $$
  insert into venda_loja_dia as r (assinante_id, loja_id, data, cupons, valor_cupons, devolucoes, valor_devolucoes,
                                   cancelados, valor_cancelado)
  select c.assinante_id, c.loja_id, c.data,
         count(*) filter (where c.tipo = 'VENDA' and not c.cancelada),
         coalesce(sum(c.valor) filter (where c.tipo = 'VENDA' and not c.cancelada), 0),
         count(*) filter (where c.tipo = 'DEVOLUCAO' and not c.cancelada),
         coalesce(sum(c.valor) filter (where c.tipo = 'DEVOLUCAO' and not c.cancelada), 0),
         count(*) filter (where c.cancelada), coalesce(sum(c.valor) filter (where c.cancelada), 0)
    -- the whole period, or only the given cupons: two branches, not `p_cupons is null or …` (the function's plan is
    -- generic: an OR there scans the store's whole day for every batch of an upload, which grows with the day)
    from (select * from cupom_fiscal x where p_cupons is null and x.loja_id = p_loja and x.data between p_de and p_ate
          union all
          select * from cupom_fiscal x where x.id = any(p_cupons) and x.loja_id = p_loja and x.data between p_de and p_ate) c
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (assinante_id, loja_id, data) do update
    set cupons = r.cupons + excluded.cupons, valor_cupons = r.valor_cupons + excluded.valor_cupons,
        devolucoes = r.devolucoes + excluded.devolucoes,
        valor_devolucoes = r.valor_devolucoes + excluded.valor_devolucoes,
        cancelados = r.cancelados + excluded.cancelados, valor_cancelado = r.valor_cancelado + excluded.valor_cancelado
$$;

-- The item lines of store p_loja dated p_de..p_ate whose cupom exists (only the lines p_itens, or the lines of the
-- cupons p_cupons, when given): the net value and cost as venda_resumo_dia sums them (a return subtracts), units,
-- discounts and cancelled lines.
create function app_venda_loja_dia_somar_itens(p_loja integer, p_de date, p_ate date, p_itens bigint[] default null,
                                               p_cupons bigint[] default null)
returns void language sql as $$
  insert into venda_loja_dia as r (assinante_id, loja_id, data, itens, unidades, descontos, itens_cancelados,
                                   valor_itens_cancelados, valor, custo)
  select i.assinante_id, i.loja_id, i.data,
         count(*) filter (where v.util and c.tipo = 'VENDA'),
         coalesce(sum(i.quantidade_venda) filter (where v.util and c.tipo = 'VENDA'), 0),
         coalesce(sum(i.valor_desconto) filter (where v.util and c.tipo = 'VENDA'), 0),
         count(*) filter (where i.cancelado and not c.cancelada),
         coalesce(sum(i.valor_total) filter (where i.cancelado and not c.cancelada), 0),
         coalesce(sum(v.sinal * i.valor_total) filter (where v.util), 0),
         coalesce(sum(v.sinal * i.quantidade_venda * i.fator * coalesce(i.preco_custo_medio, 0)) filter (where v.util), 0)
    -- the whole period, the given lines, or the lines of the given cupons: one branch each (see the cupons' sum)
    from (select * from item_cupom_fiscal x
           where p_itens is null and p_cupons is null and x.loja_id = p_loja and x.data between p_de and p_ate
          union all
          select * from item_cupom_fiscal x where x.id = any(p_itens) and x.loja_id = p_loja and x.data between p_de and p_ate
          union all
          select * from item_cupom_fiscal x
           where p_itens is null and x.cupom_id = any(p_cupons) and x.loja_id = p_loja and x.data between p_de and p_ate) i
    join cupom_fiscal c on c.assinante_id = i.assinante_id and c.id = i.cupom_id and c.data = i.data
    cross join lateral (select not i.cancelado and not c.cancelada as util,
                               case when c.tipo = 'DEVOLUCAO' then -1 else 1 end as sinal) v
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (assinante_id, loja_id, data) do update
    set itens = r.itens + excluded.itens, unidades = r.unidades + excluded.unidades,
        descontos = r.descontos + excluded.descontos, itens_cancelados = r.itens_cancelados + excluded.itens_cancelados,
        valor_itens_cancelados = r.valor_itens_cancelados + excluded.valor_itens_cancelados,
        valor = r.valor + excluded.valor, custo = r.custo + excluded.custo
$$;

-- Whatever the order inside a transaction (0544), every item is counted once: the cupom trigger sums the items
-- already written for its new cupons, the item trigger the new items whose cupom already exists.
create or replace function app_venda_loja_dia_cupons() returns trigger language plpgsql as $$
begin
  perform app_venda_loja_dia_somar_cupons(n.loja_id, min(n.data), max(n.data), array_agg(n.id))
     from novos n group by n.loja_id;
  perform app_venda_loja_dia_somar_itens(n.loja_id, min(n.data), max(n.data), null, array_agg(n.id))
     from novos n group by n.loja_id;
  return null;
end $$;

create or replace function app_venda_loja_dia_itens() returns trigger language plpgsql as $$
begin
  perform app_venda_loja_dia_somar_itens(n.loja_id, min(n.data), max(n.data), array_agg(n.id))
     from novos n group by n.loja_id;
  return null;
end $$;
