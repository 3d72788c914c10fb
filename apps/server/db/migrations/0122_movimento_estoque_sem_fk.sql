-- The ledger's rows carry no foreign keys of their own: every movement's store, location and product are
-- those of the saldo_estoque row the same statement writes (its foreign keys check them once per key),
-- and per-row RI checks cost more than the rest of a set-based posting (3 lookups per movement).
alter table movimento_estoque drop constraint movimento_estoque_assinante_id_loja_id_fkey;
alter table movimento_estoque drop constraint movimento_estoque_assinante_id_local_id_fkey;
alter table movimento_estoque drop constraint movimento_estoque_assinante_id_produto_id_fkey;
alter table saldo_estoque add foreign key (assinante_id, loja_id) references loja (assinante_id, id);
