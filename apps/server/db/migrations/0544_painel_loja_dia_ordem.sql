-- venda_loja_dia (0542) summed a cupom's items when the ITEMS were inserted, joining their cupom: the POS upload
-- now writes the items first and the cupom last (its cursor number is taken right before commit), so that join
-- found nothing. Each side now sums what the other already holds: the item trigger counts items whose cupom
-- exists, the cupom trigger counts the items already written for its new cupons. Whatever the order inside a
-- transaction, every item is counted exactly once.
create or replace function app_venda_loja_dia_cupons() returns trigger language plpgsql as $$
begin
  insert into venda_loja_dia as r (assinante_id, loja_id, data, cupons, valor_cupons, devolucoes, valor_devolucoes,
                                   cancelados, valor_cancelado)
  select n.assinante_id, n.loja_id, n.data,
         count(*) filter (where n.tipo = 'VENDA' and not n.cancelada),
         coalesce(sum(n.valor) filter (where n.tipo = 'VENDA' and not n.cancelada), 0),
         count(*) filter (where n.tipo = 'DEVOLUCAO' and not n.cancelada),
         coalesce(sum(n.valor) filter (where n.tipo = 'DEVOLUCAO' and not n.cancelada), 0),
         count(*) filter (where n.cancelada), coalesce(sum(n.valor) filter (where n.cancelada), 0)
    from novos n group by 1, 2, 3 order by 1, 2, 3
  on conflict (assinante_id, loja_id, data) do update
    set cupons = r.cupons + excluded.cupons, valor_cupons = r.valor_cupons + excluded.valor_cupons,
        devolucoes = r.devolucoes + excluded.devolucoes,
        valor_devolucoes = r.valor_devolucoes + excluded.valor_devolucoes,
        cancelados = r.cancelados + excluded.cancelados, valor_cancelado = r.valor_cancelado + excluded.valor_cancelado;

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
    from novos c
    join item_cupom_fiscal i on i.assinante_id = c.assinante_id and i.cupom_id = c.id and i.data = c.data
    cross join lateral (select not i.cancelado and not c.cancelada as util,
                               case when c.tipo = 'DEVOLUCAO' then -1 else 1 end as sinal) v
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (assinante_id, loja_id, data) do update
    set itens = r.itens + excluded.itens, unidades = r.unidades + excluded.unidades,
        descontos = r.descontos + excluded.descontos, itens_cancelados = r.itens_cancelados + excluded.itens_cancelados,
        valor_itens_cancelados = r.valor_itens_cancelados + excluded.valor_itens_cancelados,
        valor = r.valor + excluded.valor, custo = r.custo + excluded.custo;
  return null;
end $$;

-- rows summed while the order was wrong (items before their cupom): the items' part read again from the rows
update venda_loja_dia r
   set itens = coalesce(x.itens, 0), unidades = coalesce(x.unidades, 0), descontos = coalesce(x.descontos, 0),
       itens_cancelados = coalesce(x.itens_cancelados, 0), valor_itens_cancelados = coalesce(x.valor_itens_cancelados, 0),
       valor = coalesce(x.valor, 0), custo = coalesce(x.custo, 0)
  from venda_loja_dia r2
  left join (select i.assinante_id, i.loja_id, i.data,
               count(*) filter (where v.util and c.tipo = 'VENDA') as itens,
               coalesce(sum(i.quantidade_venda) filter (where v.util and c.tipo = 'VENDA'), 0) as unidades,
               coalesce(sum(i.valor_desconto) filter (where v.util and c.tipo = 'VENDA'), 0) as descontos,
               count(*) filter (where i.cancelado and not c.cancelada) as itens_cancelados,
               coalesce(sum(i.valor_total) filter (where i.cancelado and not c.cancelada), 0) as valor_itens_cancelados,
               coalesce(sum(v.sinal * i.valor_total) filter (where v.util), 0) as valor,
               coalesce(sum(v.sinal * i.quantidade_venda * i.fator * coalesce(i.preco_custo_medio, 0))
                        filter (where v.util), 0) as custo
          from item_cupom_fiscal i
          join cupom_fiscal c on c.assinante_id = i.assinante_id and c.id = i.cupom_id and c.data = i.data
          cross join lateral (select not i.cancelado and not c.cancelada as util,
                                     case when c.tipo = 'DEVOLUCAO' then -1 else 1 end as sinal) v
         group by 1, 2, 3) x
    on x.assinante_id = r2.assinante_id and x.loja_id = r2.loja_id and x.data = r2.data
 where r.assinante_id = r2.assinante_id and r.loja_id = r2.loja_id and r.data = r2.data;
