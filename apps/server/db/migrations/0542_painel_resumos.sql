-- The dashboards' aggregates (issue "Dashboards over real data"). No dashboard ever scans raw cupom items: it reads
-- the POS upload's daily aggregates (0461) and these, all kept in the SAME transaction as the rows they sum, by
-- statement-level triggers over transition tables (one grouped upsert per statement, never per row):
--
-- * venda_resumo_mes / venda_forma_mes: monthly roll-ups of venda_resumo_dia (store × product × day) and
--   venda_forma_hora (store × payment form × day × hour). The triggers follow every insert, update and delete
--   of the daily rows, so the ingest's upserts, a returned sale and the aggregates' rebuild (delete + re-sum,
--   `reconstruirResumos`) keep month = Σ days without touching the ingest's code. A period is read as its whole
--   months from the roll-up plus its edge days from the daily table.
-- * venda_loja_dia: store × day totals the product table cannot give (cupons — a cupom spans many products —,
--   items, discounts, cancellations) plus the same net value and cost the product table sums. Cupons and their
--   items are insert-only (0460), so the insert triggers alone keep it. 50 stores × 365 days is 18 k rows a
--   year: no monthly roll-up is needed for it.
create table venda_resumo_mes (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  produto_id   integer not null,
  mes          date not null check (extract(day from mes) = 1),
  quantidade   numeric(18, 4) not null default 0,
  valor        numeric(15, 2) not null default 0,
  custo        numeric(18, 6) not null default 0,
  primary key (assinante_id, loja_id, mes, produto_id)
);
select app_proteger_tabela('venda_resumo_mes');

create table venda_forma_mes (
  assinante_id       integer not null default app_assinante() references assinante (id),
  loja_id            integer not null,
  forma_pagamento_id integer not null,
  mes                date not null check (extract(day from mes) = 1),
  valor              numeric(15, 2) not null default 0,
  recebimentos       integer not null default 0,
  primary key (assinante_id, loja_id, mes, forma_pagamento_id)
);
select app_proteger_tabela('venda_forma_mes');

create table venda_loja_dia (
  assinante_id           integer not null default app_assinante() references assinante (id),
  loja_id                integer not null,
  data                   date not null,
  -- sale cupons not cancelled, and what they total (cupom_fiscal.valor)
  cupons                 integer not null default 0,
  valor_cupons           numeric(15, 2) not null default 0,
  devolucoes             integer not null default 0,
  valor_devolucoes       numeric(15, 2) not null default 0,
  cancelados             integer not null default 0,
  valor_cancelado        numeric(15, 2) not null default 0,
  -- item lines and units sold (not cancelled, in sale cupons not cancelled) and their discounts
  itens                  integer not null default 0,
  unidades               numeric(18, 4) not null default 0,
  descontos              numeric(15, 2) not null default 0,
  itens_cancelados       integer not null default 0,
  valor_itens_cancelados numeric(15, 2) not null default 0,
  -- net of returns, exactly as venda_resumo_dia sums it (value and cost at the time)
  valor                  numeric(15, 2) not null default 0,
  custo                  numeric(18, 6) not null default 0,
  primary key (assinante_id, loja_id, data)
);
select app_proteger_tabela('venda_loja_dia');

-- The rows a statement changed, signed: inserted +1, deleted -1, updated both (old -1, new +1). A transition table
-- exists only for its own event, hence the dynamic text (EXECUTE sees the trigger's transition tables).
create function app_linhas_alteradas(op text) returns text language sql immutable as $$
  select case op
    when 'INSERT' then 'select n.*, 1 as sinal from novos n'
    when 'DELETE' then 'select v.*, -1 as sinal from velhos v'
    else 'select n.*, 1 as sinal from novos n union all select v.*, -1 as sinal from velhos v' end
$$;

create function app_venda_resumo_mes() returns trigger language plpgsql as $$
begin
  execute format($q$
    insert into venda_resumo_mes as r (assinante_id, loja_id, produto_id, mes, quantidade, valor, custo)
    select d.assinante_id, d.loja_id, d.produto_id, date_trunc('month', d.data)::date,
           sum(d.sinal * d.quantidade), sum(d.sinal * d.valor), sum(d.sinal * d.custo)
      from (%s) d
     group by 1, 2, 3, 4 order by 1, 2, 4, 3
    on conflict (assinante_id, loja_id, mes, produto_id) do update
      set quantidade = r.quantidade + excluded.quantidade, valor = r.valor + excluded.valor,
          custo = r.custo + excluded.custo$q$, app_linhas_alteradas(tg_op));
  return null;
end $$;
create trigger venda_resumo_mes_ins after insert on venda_resumo_dia
  referencing new table as novos for each statement execute function app_venda_resumo_mes();
create trigger venda_resumo_mes_upd after update on venda_resumo_dia
  referencing old table as velhos new table as novos for each statement execute function app_venda_resumo_mes();
create trigger venda_resumo_mes_del after delete on venda_resumo_dia
  referencing old table as velhos for each statement execute function app_venda_resumo_mes();

create function app_venda_forma_mes() returns trigger language plpgsql as $$
begin
  execute format($q$
    insert into venda_forma_mes as r (assinante_id, loja_id, forma_pagamento_id, mes, valor, recebimentos)
    select d.assinante_id, d.loja_id, d.forma_pagamento_id, date_trunc('month', d.data)::date,
           sum(d.sinal * d.valor), sum(d.sinal * d.recebimentos)
      from (%s) d
     group by 1, 2, 3, 4 order by 1, 2, 4, 3
    on conflict (assinante_id, loja_id, mes, forma_pagamento_id) do update
      set valor = r.valor + excluded.valor, recebimentos = r.recebimentos + excluded.recebimentos$q$,
    app_linhas_alteradas(tg_op));
  return null;
end $$;
create trigger venda_forma_mes_ins after insert on venda_forma_hora
  referencing new table as novos for each statement execute function app_venda_forma_mes();
create trigger venda_forma_mes_upd after update on venda_forma_hora
  referencing old table as velhos new table as novos for each statement execute function app_venda_forma_mes();
create trigger venda_forma_mes_del after delete on venda_forma_hora
  referencing old table as velhos for each statement execute function app_venda_forma_mes();

-- cupons (insert-only): counts and totals per store × day
create function app_venda_loja_dia_cupons() returns trigger language plpgsql as $$
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
  return null;
end $$;
create trigger venda_loja_dia_cupons after insert on cupom_fiscal
  referencing new table as novos for each statement execute function app_venda_loja_dia_cupons();

-- items (insert-only, written after their cupom in the same transaction): the net value and cost as
-- venda_resumo_dia sums them (a return subtracts), units, discounts and cancelled lines
create function app_venda_loja_dia_itens() returns trigger language plpgsql as $$
begin
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
    from novos i
    join cupom_fiscal c on c.assinante_id = i.assinante_id and c.id = i.cupom_id and c.data = i.data
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
create trigger venda_loja_dia_itens after insert on item_cupom_fiscal
  referencing new table as novos for each statement execute function app_venda_loja_dia_itens();

-- what the aggregates already hold (before RLS: the migration runs without a tenant)
insert into venda_resumo_mes (assinante_id, loja_id, produto_id, mes, quantidade, valor, custo)
select assinante_id, loja_id, produto_id, date_trunc('month', data)::date, sum(quantidade), sum(valor), sum(custo)
  from venda_resumo_dia group by 1, 2, 3, 4;
insert into venda_forma_mes (assinante_id, loja_id, forma_pagamento_id, mes, valor, recebimentos)
select assinante_id, loja_id, forma_pagamento_id, date_trunc('month', data)::date, sum(valor), sum(recebimentos)
  from venda_forma_hora group by 1, 2, 3, 4;
insert into venda_loja_dia (assinante_id, loja_id, data, cupons, valor_cupons, devolucoes, valor_devolucoes, cancelados,
                            valor_cancelado)
select assinante_id, loja_id, data,
       count(*) filter (where tipo = 'VENDA' and not cancelada),
       coalesce(sum(valor) filter (where tipo = 'VENDA' and not cancelada), 0),
       count(*) filter (where tipo = 'DEVOLUCAO' and not cancelada),
       coalesce(sum(valor) filter (where tipo = 'DEVOLUCAO' and not cancelada), 0),
       count(*) filter (where cancelada), coalesce(sum(valor) filter (where cancelada), 0)
  from cupom_fiscal group by 1, 2, 3;
update venda_loja_dia r
   set itens = x.itens, unidades = x.unidades, descontos = x.descontos, itens_cancelados = x.itens_cancelados,
       valor_itens_cancelados = x.valor_itens_cancelados, valor = x.valor, custo = x.custo
  from (select i.assinante_id, i.loja_id, i.data,
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
 where r.assinante_id = x.assinante_id and r.loja_id = x.loja_id and r.data = x.data;
