-- Saldo de estoque as of a past date values each store + product at the average after its last movement
-- on or before the date. It was found in the ledger itself, per row of the report: the last day in
-- saldo_estoque_dia, then that day's last movement in movimento_estoque (a partitioned table: an Append
-- pruned again on every row) — two lookups, the ledger's the dearer (measured 1 M balances: about half
-- the query). This table holds, per store + product + day with movements, the average after the day's
-- last movement (by id, i.e. posting order, as custo_medio_apos): the report reads one row per balance.
-- Derived state like movimento_estoque_resumo_dia, kept by statement-level triggers on the ledger: every
-- posting path (inserts) and the average recompute (0180, which rewrites custo_medio_apos) are covered.
create table custo_medio_dia (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  produto_id   integer not null,
  data         date not null,
  -- the movement whose average this is: the day's last one (a later posting on the same day replaces it)
  movimento_id bigint not null,
  custo_medio  numeric(18, 6) not null,
  primary key (assinante_id, loja_id, produto_id, data)
);
-- what the ledger already holds (before RLS: the migration runs without a tenant)
insert into custo_medio_dia (assinante_id, loja_id, produto_id, data, movimento_id, custo_medio)
select distinct on (assinante_id, loja_id, produto_id, data) assinante_id, loja_id, produto_id, data, id, custo_medio_apos
  from movimento_estoque
 order by assinante_id, loja_id, produto_id, data, id desc;
select app_proteger_tabela('custo_medio_dia');

-- new rows (postings) or rewritten ones (the recompute): each day's last movement among them, kept
-- unless the table already holds a later movement of that day
create function app_custo_medio_dia() returns trigger language plpgsql as $$
begin
  insert into custo_medio_dia as c (assinante_id, loja_id, produto_id, data, movimento_id, custo_medio)
  select distinct on (n.assinante_id, n.loja_id, n.produto_id, n.data)
         n.assinante_id, n.loja_id, n.produto_id, n.data, n.id, n.custo_medio_apos
    from novos n
   order by n.assinante_id, n.loja_id, n.produto_id, n.data, n.id desc
  on conflict (assinante_id, loja_id, produto_id, data) do update
    set movimento_id = excluded.movimento_id, custo_medio = excluded.custo_medio
    where excluded.movimento_id >= c.movimento_id;
  return null;
end $$;
create trigger custo_medio_dia_lancamento after insert on movimento_estoque
  referencing new table as novos for each statement execute function app_custo_medio_dia();
create trigger custo_medio_dia_recalculo after update on movimento_estoque
  referencing new table as novos for each statement execute function app_custo_medio_dia();
