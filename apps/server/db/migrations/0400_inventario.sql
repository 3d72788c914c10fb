-- Inventory counting (domain §5.1; issue "Inventory counting"): a document per store location, numbered per
-- tenant, moved ABERTO → EM_CONTAGEM → EM_CONFERENCIA → FINALIZADO (CANCELADO before) by named commands.
-- Starting the count freezes each item's expected balance at data_referencia (a store-local instant);
-- finalizing re-reads it (late uploads of earlier sales count) and posts one INVENTARIO movement per item
-- through the stock ledger (documento_tipo INVENTARIO, documento_id = id), diferença = contado − esperado.
create table inventario (
  assinante_id         integer not null default app_assinante() references assinante (id),
  id                   integer not null,
  loja_id              integer not null,
  local_id             integer not null,
  descricao            text not null,
  tipo                 text not null check (tipo in ('GERAL', 'PARCIAL', 'ROTATIVO')),
  -- PARCIAL / ROTATIVO: {secoes[], grupos[], marcas[], fornecedores[], produtos[]} (ids); GERAL: null
  escopo               jsonb,
  -- the store-local instant the expected balance is taken at (local time as typed, the store's zone)
  data_referencia      timestamp not null,
  contagem_cega        boolean not null default false,
  numero_contagens     integer not null default 1 check (numero_contagens between 1 and 3),
  -- the count lines go to (1, then 2 and 3 for the recounts)
  contagem_atual       integer not null default 1 check (contagem_atual between 1 and numero_contagens),
  status               text not null default 'ABERTO'
                       check (status in ('ABERTO', 'EM_CONTAGEM', 'EM_CONFERENCIA', 'FINALIZADO', 'CANCELADO')),
  usuario_id           integer,
  criado_em            timestamptz not null default now(),
  iniciado_em          timestamptz,
  finalizado_em        timestamptz,
  usuario_finalizacao_id integer,
  cancelado_em         timestamptz,
  -- the finalization's options and summary (posting date, adjustment types, totals), kept as answered
  data_lancamento      date,
  tipo_ajuste_sobra_id integer,
  tipo_ajuste_falta_id integer,
  zerar_nao_contados   boolean not null default false,
  resumo               jsonb,
  primary key (assinante_id, id),
  check (tipo = 'GERAL' or escopo is not null),
  check ((status = 'FINALIZADO') = (finalizado_em is not null)),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  foreign key (assinante_id, local_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, tipo_ajuste_sobra_id) references tipo_ajuste (assinante_id, id),
  foreign key (assinante_id, tipo_ajuste_falta_id) references tipo_ajuste (assinante_id, id)
);
-- one open inventory per location
create unique index inventario_aberto_uq on inventario (assinante_id, local_id)
  where status in ('ABERTO', 'EM_CONTAGEM', 'EM_CONFERENCIA');
create index inventario_loja_idx on inventario (assinante_id, loja_id, id);
select app_proteger_tabela('inventario');
select app_numerar_tabela('inventario');

-- One line per product: the expected balance frozen at the start (re-read at finalization), the latest
-- quantity of each count (1..3; null: not counted in that count), the final quantity (the latest count made)
-- and, once finalized, the posted difference at the average cost. `recontar`: asked for in the current count.
create table item_inventario (
  assinante_id        integer not null default app_assinante() references assinante (id),
  inventario_id       integer not null,
  produto_id          integer not null,
  quantidade_sistema  numeric(18, 4) not null default 0,
  contagem_1          numeric(18, 4) check (contagem_1 >= 0),
  contagem_2          numeric(18, 4) check (contagem_2 >= 0),
  contagem_3          numeric(18, 4) check (contagem_3 >= 0),
  recontar            boolean not null default false,
  quantidade_final    numeric(18, 4) generated always as (coalesce(contagem_3, contagem_2, contagem_1)) stored,
  -- set at finalization
  diferenca           numeric(18, 4),
  custo_medio         numeric(18, 6),
  valor_diferenca     numeric(15, 2),
  -- the latest count line (who, which device, when)
  usuario_id          integer,
  dispositivo_id      integer,
  contado_em          timestamptz,
  primary key (assinante_id, inventario_id, produto_id),
  foreign key (assinante_id, inventario_id) references inventario (assinante_id, id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id)
);
select app_proteger_tabela('item_inventario');

-- Every count line as sent (insert-only): the item's `contagens[]` and who counted what, when, on which device.
create table contagem_inventario (
  assinante_id    integer not null default app_assinante() references assinante (id),
  id              bigint generated always as identity,
  inventario_id   integer not null,
  produto_id      integer not null,
  n               integer not null check (n between 1 and 3),
  quantidade      numeric(18, 4) not null,
  -- SOMAR: adds to the count (another shelf of the product); SUBSTITUIR: the count's quantity is this one
  modo            text not null default 'SOMAR' check (modo in ('SOMAR', 'SUBSTITUIR')),
  usuario_id      integer,
  dispositivo_id  integer,
  em              timestamptz not null default now(),
  primary key (assinante_id, id),
  foreign key (assinante_id, inventario_id, produto_id) references item_inventario (assinante_id, inventario_id, produto_id)
);
create index contagem_inventario_item_idx on contagem_inventario (assinante_id, inventario_id, produto_id, id);
select app_proteger_tabela('contagem_inventario');
