-- Stock transfers (domain §5; issue "Transfers"): between locations of one store and between stores of one
-- company (same CNPJ root). Sending posts the exit at the origin location and the entry into the ORIGIN
-- store's TRANSITO location (the goods stay the origin's, in its weighted average, until received);
-- receiving posts the exit from that TRANSITO location and the entry at the destination at the same cost;
-- what did not arrive leaves TRANSITO as a loss (PERDA) of the origin. Movements carry
-- documento_tipo = 'TRANSFERENCIA', documento_id = id. A store's TRANSITO location (local_estoque, tipo
-- TRANSITO, 'Em trânsito', not for sale, not counted) is created by its first transfer, in that transaction.
create table transferencia_estoque (
  assinante_id           integer not null default app_assinante() references assinante (id),
  id                     bigint generated always as identity,
  loja_origem_id         integer not null,
  local_origem_id        integer not null,
  loja_destino_id        integer not null,
  local_destino_id       integer not null,
  -- the origin store's TRANSITO location the goods wait in
  local_transito_id      integer not null,
  data                   date not null,
  status                 text not null default 'EM_TRANSITO'
                         check (status in ('EM_TRANSITO', 'RECEBIDA', 'RECEBIDA_COM_DIVERGENCIA', 'CANCELADA')),
  observacao             text,
  quantidade_itens       integer not null,
  usuario_id             integer,
  criado_em              timestamptz not null default now(),
  data_recebimento       date,
  observacao_recebimento text,
  usuario_recebimento_id integer,
  recebido_em            timestamptz,
  cancelado_em           timestamptz,
  usuario_cancelamento_id integer,
  primary key (assinante_id, id),
  check (local_origem_id <> local_destino_id),
  check ((status in ('RECEBIDA', 'RECEBIDA_COM_DIVERGENCIA')) = (recebido_em is not null)),
  foreign key (assinante_id, loja_origem_id) references loja (assinante_id, id),
  foreign key (assinante_id, loja_destino_id) references loja (assinante_id, id),
  foreign key (assinante_id, local_origem_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, local_destino_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, local_transito_id) references local_estoque (assinante_id, id)
);
create index transferencia_estoque_origem_idx on transferencia_estoque (assinante_id, loja_origem_id, data);
create index transferencia_estoque_destino_idx on transferencia_estoque (assinante_id, loja_destino_id, data);
-- "what is still on its way": the receiving store's inbox
create index transferencia_estoque_em_transito_idx on transferencia_estoque (assinante_id, loja_destino_id)
  where status = 'EM_TRANSITO';
select app_proteger_tabela('transferencia_estoque');

-- One line per product: sent at the origin's average; on receipt, what arrived and its cost; the
-- divergence (sent − received) stays recorded here.
create table item_transferencia_estoque (
  assinante_id        integer not null default app_assinante() references assinante (id),
  transferencia_id    bigint not null,
  produto_id          integer not null,
  -- the line's place in the document as it was typed
  ordem               integer not null,
  quantidade          numeric(18, 4) not null check (quantidade > 0),
  custo_unitario      numeric(18, 6) not null,
  quantidade_recebida numeric(18, 4) check (quantidade_recebida >= 0 and quantidade_recebida <= quantidade),
  custo_recebimento   numeric(18, 6),
  diferenca           numeric(18, 4) generated always as (quantidade - quantidade_recebida) stored,
  primary key (assinante_id, transferencia_id, produto_id),
  foreign key (assinante_id, transferencia_id) references transferencia_estoque (assinante_id, id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id)
);
select app_proteger_tabela('item_transferencia_estoque');
