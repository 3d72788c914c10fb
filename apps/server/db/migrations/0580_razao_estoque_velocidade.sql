-- @backup-antes
-- Stock posting speed (issue #25.4, bench/estoque-ledger.ts): fewer rows and index entries written per movement.
--
-- 1. The average as of a day moves into the daily balances. custo_medio_dia (0241) was a fourth table written
-- per store + product + day by a statement trigger on the ledger (its transition table, a sort and an upsert:
-- a third of a 1 000-line posting). saldo_estoque_dia now keeps, per store + location + product + day, the
-- last movement of that key and day (by id, i.e. posting order) and the average after it, written by the
-- posting's own daily-balance upsert; the store + product average as of a day is the row with the latest
-- movement among the store's locations on the last day on or before it (custo_medio_dia stays as a view).
alter table saldo_estoque_dia
  add column movimento_id bigint not null default 0,
  add column custo_medio numeric(18, 6) not null default 0;
-- what the ledger already holds (before RLS: the migration runs without a tenant)
update saldo_estoque_dia d
   set movimento_id = m.id, custo_medio = m.custo_medio_apos
  from (select distinct on (assinante_id, loja_id, local_id, produto_id, data)
               assinante_id, loja_id, local_id, produto_id, data, id, custo_medio_apos
          from movimento_estoque
         order by assinante_id, loja_id, local_id, produto_id, data, id desc) m
 where m.assinante_id = d.assinante_id and m.loja_id = d.loja_id and m.local_id = d.local_id
   and m.produto_id = d.produto_id and m.data = d.data;

drop trigger custo_medio_dia_lancamento on movimento_estoque;
drop trigger custo_medio_dia_recalculo on movimento_estoque;
drop function app_custo_medio_dia();
drop table custo_medio_dia;
create view custo_medio_dia with (security_invoker = true) as
select distinct on (assinante_id, loja_id, produto_id, data)
       assinante_id, loja_id, produto_id, data, movimento_id, custo_medio
  from saldo_estoque_dia
 order by assinante_id, loja_id, produto_id, data, movimento_id desc;

-- The average recompute (0180) rewrites custo_medio_apos of every movement of a store + product from a date:
-- the last movement of each key and day is among them, and its daily-balance row takes its new average.
create function app_saldo_estoque_dia_custo() returns trigger language plpgsql as $$
begin
  update saldo_estoque_dia d set custo_medio = n.custo_medio_apos
    from novos n
   where d.assinante_id = n.assinante_id and d.loja_id = n.loja_id and d.produto_id = n.produto_id
     and d.data = n.data and d.local_id = n.local_id and d.movimento_id = n.id
     and d.custo_medio is distinct from n.custo_medio_apos;
  return null;
end $$;
create trigger saldo_estoque_dia_recalculo after update on movimento_estoque
  referencing new table as novos for each statement execute function app_saldo_estoque_dia_custo();

-- 2. One index on the daily balances instead of two: the key (store, location, product, day) and the reports'
-- (store, product, day) (0135) become one unique index on (store, product, day, location). A key's rows are
-- still one range (a product has a handful of locations in a store), and every new day's row writes one
-- index entry fewer.
alter table saldo_estoque_dia drop constraint saldo_estoque_dia_pkey;
drop index saldo_estoque_dia_produto_idx;
alter table saldo_estoque_dia add primary key (assinante_id, loja_id, produto_id, data, local_id);

-- 3. The current balances and averages are updated by every posting of their key: room in each page keeps
-- those updates HOT (no new index entries; the tables are small, one row per key). New pages only; a
-- VACUUM FULL applies it to the existing ones when convenient.
alter table saldo_estoque set (fillfactor = 50);
alter table custo_medio_estoque set (fillfactor = 50);
