-- Stock ledger (domain §5; architecture §5 "Ledgers"). movimento_estoque is insert-only for the app role
-- (grants.sql revokes update/delete on it and its partitions): a correction is a reversing entry (estorno_de).
-- Partitioned by month on the store-local business date; months are created ahead by
-- app_estoque_particoes(ate) (SECURITY DEFINER: the app role cannot create tables), called by this
-- migration up to 24 months ahead and by the server at start-up; anything outside lands in the default
-- partition, so a posting never fails for a missing month (that month's partition then cannot be
-- created until the default is emptied: create ahead).
create table movimento_estoque (
  assinante_id   integer not null default app_assinante() references assinante (id),
  id             bigint generated always as identity,
  loja_id        integer not null,
  local_id       integer not null,
  produto_id     integer not null,
  data           date not null,
  lancado_em     timestamptz not null default now(),
  tipo           text not null check (tipo in ('VENDA', 'DEVOLUCAO_VENDA', 'ENTRADA_NF', 'DEVOLUCAO_COMPRA',
                   'TRANSFERENCIA_SAIDA', 'TRANSFERENCIA_ENTRADA', 'AJUSTE_ENTRADA', 'AJUSTE_SAIDA', 'INVENTARIO',
                   'REQUISICAO', 'PRODUCAO', 'PERDA', 'BONIFICACAO')),
  quantidade     numeric(18, 4) not null check (quantidade <> 0),
  -- entries: the cost carried (or the average when none); exits: the store+product average at posting
  custo_unitario numeric(18, 6) not null,
  -- the store+product weighted average right after this posting, in POSTING order (see saldo_estoque)
  custo_medio_apos numeric(18, 6) not null,
  documento_tipo text not null,
  documento_id   bigint,
  usuario_id     integer,
  estorno_de     bigint,
  primary key (assinante_id, data, id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  foreign key (assinante_id, local_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id)
) partition by range (data);
create table movimento_estoque_padrao partition of movimento_estoque default;
-- statements and the average as of a date: one product in one store, in date order
create index movimento_estoque_produto_idx on movimento_estoque (assinante_id, loja_id, produto_id, data, id);
create index movimento_estoque_documento_idx on movimento_estoque (assinante_id, documento_tipo, documento_id);
select app_proteger_tabela('movimento_estoque');
select app_proteger_tabela('movimento_estoque_padrao');

-- Creates the monthly partitions from the first month of `de` through the month of `ate` (idempotent).
create function app_estoque_particoes(de date, ate date) returns integer
  language plpgsql security definer set search_path = public as $$
declare
  m date := date_trunc('month', de)::date;
  nome text;
  n integer := 0;
begin
  while m <= ate loop
    nome := 'movimento_estoque_' || to_char(m, 'YYYYMM');
    if to_regclass(nome) is null then
      execute format('create table %I partition of movimento_estoque for values from (%L) to (%L)',
                     nome, m, (m + interval '1 month')::date);
      perform app_proteger_tabela(nome);
      execute format('grant select, insert on %I to retaguarda_app', nome);
      n := n + 1;
    end if;
    m := (m + interval '1 month')::date;
  end loop;
  return n;
end $$;
revoke execute on function app_estoque_particoes(date, date) from public;
select app_estoque_particoes(date '2024-01-01', (current_date + interval '24 months')::date);

-- Current balance per store + location + product (derived state, kept in the posting's transaction).
create table saldo_estoque (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  local_id     integer not null,
  produto_id   integer not null,
  quantidade   numeric(18, 4) not null default 0,
  atualizado_em timestamptz not null default now(),
  primary key (assinante_id, loja_id, local_id, produto_id),
  foreign key (assinante_id, local_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id)
);
create index saldo_estoque_produto_idx on saldo_estoque (assinante_id, produto_id);
select app_proteger_tabela('saldo_estoque');

-- Weighted average cost per store + product (domain §5: it changes only on entries carrying a cost;
-- exits leave at it). It follows POSTING order: a back-dated entry moves today's average, it does not
-- rewrite the averages of the movements posted before it (they are ledger rows). A period can be
-- revalued by a recompute command replaying its movements in date order (documented, not built).
create table custo_medio_estoque (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  produto_id   integer not null,
  -- the store's quantity over all its locations (the weight of the average)
  quantidade   numeric(18, 4) not null default 0,
  custo_medio  numeric(18, 6) not null default 0,
  primary key (assinante_id, loja_id, produto_id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id)
);
select app_proteger_tabela('custo_medio_estoque');

-- Closing balance per store + location + product + day with movements. A posting dated D upserts the
-- row of D and adds its delta to the rows after D (back-dated postings are normal: POS uploads,
-- invoices entered late), so the balance at the end of any day X is ONE indexed lookup:
-- the last row with data <= X. Rows exist only for days with movements (bounded by the ledger).
create table saldo_estoque_dia (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  local_id     integer not null,
  produto_id   integer not null,
  data         date not null,
  -- the day's net movement, and the balance at the end of the day
  quantidade_dia numeric(18, 4) not null,
  saldo        numeric(18, 4) not null,
  primary key (assinante_id, loja_id, local_id, produto_id, data)
);
select app_proteger_tabela('saldo_estoque_dia');

-- Per-store stock setting: negative balances allowed (default, flagged in reads) or refused.
create table configuracao_estoque_loja (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  permite_saldo_negativo boolean not null default true,
  primary key (assinante_id, loja_id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id) on delete cascade
);
select app_proteger_tabela('configuracao_estoque_loja');
