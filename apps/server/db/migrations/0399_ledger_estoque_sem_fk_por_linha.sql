-- Stock posting speed (issue #25.4). The tables a posting writes one row per movement or per key and day —
-- the ledger itself and its per-day derived tables — lose their per-row reference to assinante: the tenant
-- of every row is app_assinante() (RLS WITH CHECK), and the saldo_estoque / custo_medio_estoque rows the
-- same statement writes for the same keys keep their references (tenant, store, location, product), checked
-- once per key, as 0122 did for the ledger's store, location and product. Profiled on a 1 000-line posting:
-- the four RI triggers cost about 45 ms of 230 (1 000 lookups each).
alter table movimento_estoque drop constraint movimento_estoque_assinante_id_fkey;
alter table saldo_estoque_dia drop constraint saldo_estoque_dia_assinante_id_fkey;
alter table movimento_estoque_resumo_dia drop constraint movimento_estoque_resumo_dia_assinante_id_fkey;
alter table custo_medio_dia drop constraint custo_medio_dia_assinante_id_fkey;
