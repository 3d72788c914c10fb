-- @backup-antes
-- Stock posting speed (issue #25.4), profiled on a 1 000-line posting (bench/estoque-ledger-perfil.ts).
--
-- 1. The tables a posting writes one row per movement or per key and day — the ledger itself and its per-day
-- derived tables — lose their per-row reference to assinante: the tenant of every row is app_assinante()
-- (RLS WITH CHECK), and the saldo_estoque / custo_medio_estoque rows the same statement writes for the same
-- keys keep their references (tenant, store, location, product), checked once per key, as 0122 did for the
-- ledger's store, location and product. The RI triggers cost about 45 ms of 230 (1 000 lookups each).
alter table movimento_estoque drop constraint movimento_estoque_assinante_id_fkey;
alter table saldo_estoque_dia drop constraint saldo_estoque_dia_assinante_id_fkey;
alter table custo_medio_dia drop constraint custo_medio_dia_assinante_id_fkey;

-- 2. The per-day summary (0132: entries, exits, number of movements) had the same key as the daily balances
-- (store, location, product, day) and was a second upsert of every key and day, by a statement trigger
-- (15-25 ms of a posting). It becomes three columns of saldo_estoque_dia, written by the posting's own
-- daily-balance upsert (ledger/saldo-dia.ts); movimento_estoque_resumo_dia stays as a view for its readers.
alter table saldo_estoque_dia
  add column entradas numeric(18, 4) not null default 0,
  add column saidas numeric(18, 4) not null default 0,
  add column movimentos integer not null default 0;
update saldo_estoque_dia d
   set entradas = r.entradas, saidas = r.saidas, movimentos = r.movimentos
  from movimento_estoque_resumo_dia r
 where r.assinante_id = d.assinante_id and r.loja_id = d.loja_id and r.local_id = d.local_id
   and r.produto_id = d.produto_id and r.data = d.data;
drop trigger movimento_estoque_resumo on movimento_estoque;
drop function app_movimento_estoque_resumo();
drop table movimento_estoque_resumo_dia;
create view movimento_estoque_resumo_dia with (security_invoker = true) as
select assinante_id, loja_id, produto_id, data, local_id, entradas, saidas, movimentos from saldo_estoque_dia;
