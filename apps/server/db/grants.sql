-- Applied after every migration run (idempotent): what the application role may do.
-- The role itself is created by the set-up step (it needs a password).
grant usage on schema public to retaguarda_app;
grant select, insert, update, delete on all tables in schema public to retaguarda_app;
grant usage, select on all sequences in schema public to retaguarda_app;
revoke insert, update, delete on permissao from retaguarda_app;
revoke insert, update, delete on assinante from retaguarda_app;
grant update (nome, tema) on assinante to retaguarda_app;
revoke update, delete on auditoria from retaguarda_app;
revoke all on schema_migrations from retaguarda_app;
grant execute on function app_resolver_assinante(text) to retaguarda_app;
-- identity (0002): secrets only through app_segredo_obter; failed logins are pruned by the app
revoke all on app_segredo from retaguarda_app;
revoke execute on function app_segredo_obter(text, text) from public;
grant execute on function app_segredo_obter(text, text) to retaguarda_app;
-- registers (0011): official fiscal tables are global reference data, written only by the loader
revoke insert, update, delete on tabela_oficial_versao, ncm_oficial, cest_oficial, cest_codigo, cfop_oficial, cst_icms, csosn,
  cst_pis_cofins, cst_ipi, origem_mercadoria, uf_oficial, municipio, banco from retaguarda_app;
-- fiscal maintenance (0085): administrators add codes missing from the official tables, insert-only
grant execute on function app_incluir_cfop(text, text) to retaguarda_app;
grant execute on function app_incluir_cest(text, text, text, text) to retaguarda_app;
revoke insert, update, delete on nfe_cstat from retaguarda_app;
grant execute on function app_incluir_cstat(text, text, text) to retaguarda_app;
-- jobs (0110): the pg-boss schema is installed and migrated by the owner; the app only uses it
grant usage on schema pgboss to retaguarda_app;
grant select, insert, update, delete on all tables in schema pgboss to retaguarda_app;
grant usage, select on all sequences in schema pgboss to retaguarda_app;
grant execute on all functions in schema pgboss to retaguarda_app;
-- stock ledger (0120): movements are insert-only (a correction is a reversing entry), partitions included
revoke update, delete, truncate on movimento_estoque from retaguarda_app;
do $$
declare p record;
begin
  for p in select inhrelid::regclass as t from pg_inherits where inhparent = 'movimento_estoque'::regclass loop
    execute format('revoke update, delete, truncate on %s from retaguarda_app', p.t);
  end loop;
end $$;
grant execute on function app_estoque_particoes(date, date) to retaguarda_app;
-- bank ledger (0420): entries are insert-only (a correction is a reversing entry), partitions included
-- (guarded: a database migrated only up to an older migration has no bank ledger yet)
do $$
declare p record;
begin
  if to_regclass('lancamento_bancario') is null then return; end if;
  revoke update, delete, truncate on lancamento_bancario from retaguarda_app;
  for p in select inhrelid::regclass as t from pg_inherits where inhparent = 'lancamento_bancario'::regclass loop
    execute format('revoke update, delete, truncate on %s from retaguarda_app', p.t);
  end loop;
  grant execute on function app_banco_particoes(date, date) to retaguarda_app;
end $$;
-- the only writer of past averages (migration 0180): replays a store's movements in date order
grant execute on function app_estoque_recalcular_custo(integer, date, integer[]) to retaguarda_app;
-- sales orders (0500): the history of moves is insert-only (guarded as the bank ledger above)
do $$
begin
  if to_regclass('historico_pedido_venda') is not null then
    revoke update, delete, truncate on historico_pedido_venda from retaguarda_app;
  end if;
end $$;
-- POS sales (0460): receipts are insert-only (a correction is a reversing row), partitions included (guarded)
do $$
declare p record;
begin
  if to_regclass('recebimento_pdv') is null then return; end if;
  revoke update, delete, truncate on recebimento_pdv from retaguarda_app;
  for p in select inhrelid::regclass as t from pg_inherits where inhparent = 'recebimento_pdv'::regclass loop
    execute format('revoke update, delete, truncate on %s from retaguarda_app', p.t);
  end loop;
  grant execute on function app_cupom_particoes(date, date) to retaguarda_app;
end $$;

-- NFC-e events (0480): the document's SEFAZ timeline is insert-only
do $$
begin
  if to_regclass('evento_nfce') is not null then
    revoke update, delete, truncate on evento_nfce from retaguarda_app;
  end if;
end $$;

-- Inventory count lines (0400): insert-only, the item's history of who counted what
do $$
begin
  if to_regclass('contagem_inventario') is not null then
    revoke update, delete, truncate on contagem_inventario from retaguarda_app;
  end if;
end $$;

-- Agreement receipts (0522): insert-only, the money that came in against an agreement
do $$
begin
  if to_regclass('acordo_recebimento') is not null then
    revoke update, delete, truncate on acordo_recebimento from retaguarda_app;
  end if;
end $$;

-- POS cash operations (0464): insert-only, corrected by another operation as at the POS
do $$
begin
  if to_regclass('operacao_caixa_pdv') is not null then
    revoke update, delete, truncate on operacao_caixa_pdv from retaguarda_app;
  end if;
end $$;
