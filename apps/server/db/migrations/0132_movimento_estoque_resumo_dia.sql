-- Extrato de estoque: the period's entries, exits and number of movements per store + location + product +
-- day, so a statement's totals cost one row per day instead of one per movement (a product with 100 000
-- movements). Derived state like saldo_estoque_dia, kept by a statement-level trigger on the ledger: every
-- posting path (lancamento.ts, whatever command) is covered in the posting's own statement and transaction,
-- one grouped upsert per statement. Insert-only ledger: rows only ever grow.
create table movimento_estoque_resumo_dia (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  produto_id   integer not null,
  data         date not null,
  local_id     integer not null,
  entradas     numeric(18, 4) not null,
  saidas       numeric(18, 4) not null,
  movimentos   integer not null,
  primary key (assinante_id, loja_id, produto_id, data, local_id)
);
-- what the ledger already holds (before RLS: the migration runs without a tenant)
insert into movimento_estoque_resumo_dia (assinante_id, loja_id, produto_id, data, local_id, entradas, saidas, movimentos)
select assinante_id, loja_id, produto_id, data, local_id, sum(greatest(quantidade, 0)), sum(greatest(-quantidade, 0)),
       count(*)
  from movimento_estoque group by 1, 2, 3, 4, 5;
select app_proteger_tabela('movimento_estoque_resumo_dia');

create function app_movimento_estoque_resumo() returns trigger language plpgsql as $$
begin
  insert into movimento_estoque_resumo_dia as r (assinante_id, loja_id, produto_id, data, local_id, entradas, saidas,
                                                  movimentos)
  select n.assinante_id, n.loja_id, n.produto_id, n.data, n.local_id, sum(greatest(n.quantidade, 0)),
         sum(greatest(-n.quantidade, 0)), count(*)
    from novos n group by 1, 2, 3, 4, 5
   order by 1, 2, 3, 4, 5
  on conflict (assinante_id, loja_id, produto_id, data, local_id) do update
    set entradas = r.entradas + excluded.entradas, saidas = r.saidas + excluded.saidas,
        movimentos = r.movimentos + excluded.movimentos;
  return null;
end $$;
create trigger movimento_estoque_resumo after insert on movimento_estoque
  referencing new table as novos for each statement execute function app_movimento_estoque_resumo();
