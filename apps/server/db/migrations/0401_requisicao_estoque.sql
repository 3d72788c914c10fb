-- Stock requisitions (domain §5, "Motivo requisição"): a location asks another (of its store or of another
-- store of the same company) for goods, for a motivo of the register. Numbered per tenant. ABERTA →
-- APROVADA (when the motivo exige_aprovacao) → TRANSFERIDA → RECEBIDA | CANCELADA (before the transfer).
-- Transferring posts, like a stock transfer, the exit at the origin location and the entry into the ORIGIN
-- store's TRANSITO location at its average; receiving posts the exit from TRANSITO and the entry at the
-- destination at the same cost, what did not arrive leaving TRANSITO as a loss (PERDA) of the origin.
-- Movements carry documento_tipo = 'REQUISICAO', documento_id = id, tipo REQUISICAO (PERDA for a shortfall).
create table requisicao_estoque (
  assinante_id            integer not null default app_assinante() references assinante (id),
  id                      integer not null,
  -- the requesting end: the store that opens, receives and cancels
  loja_destino_id         integer not null,
  local_destino_id        integer not null,
  -- the end that gives the goods: approves and transfers
  loja_origem_id          integer not null,
  local_origem_id         integer not null,
  motivo_id               integer not null,
  status                  text not null default 'ABERTA'
                          check (status in ('ABERTA', 'APROVADA', 'TRANSFERIDA', 'RECEBIDA', 'CANCELADA')),
  observacao              text,
  quantidade_itens        integer not null,
  usuario_id              integer,
  criado_em               timestamptz not null default now(),
  usuario_aprovacao_id    integer,
  aprovado_em             timestamptz,
  -- set by the transfer
  local_transito_id       integer,
  data_transferencia      date,
  usuario_transferencia_id integer,
  transferido_em          timestamptz,
  data_recebimento        date,
  observacao_recebimento  text,
  usuario_recebimento_id  integer,
  recebido_em             timestamptz,
  cancelado_em            timestamptz,
  usuario_cancelamento_id integer,
  observacao_cancelamento text,
  primary key (assinante_id, id),
  check (local_origem_id <> local_destino_id),
  check ((status in ('TRANSFERIDA', 'RECEBIDA')) = (transferido_em is not null)),
  check ((status = 'RECEBIDA') = (recebido_em is not null)),
  foreign key (assinante_id, loja_origem_id) references loja (assinante_id, id),
  foreign key (assinante_id, loja_destino_id) references loja (assinante_id, id),
  foreign key (assinante_id, local_origem_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, local_destino_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, local_transito_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, motivo_id) references motivo_requisicao (assinante_id, id)
);
create index requisicao_estoque_origem_idx on requisicao_estoque (assinante_id, loja_origem_id, id);
create index requisicao_estoque_destino_idx on requisicao_estoque (assinante_id, loja_destino_id, id);
select app_proteger_tabela('requisicao_estoque');
select app_numerar_tabela('requisicao_estoque');

-- One line per product: requested; at the transfer, the origin's average (the exit's cost); on receipt,
-- what arrived and its cost; the divergence (requested − received) stays recorded here.
create table item_requisicao_estoque (
  assinante_id        integer not null default app_assinante() references assinante (id),
  requisicao_id       integer not null,
  produto_id          integer not null,
  ordem               integer not null,
  quantidade          numeric(18, 4) not null check (quantidade > 0),
  custo_unitario      numeric(18, 6),
  quantidade_recebida numeric(18, 4) check (quantidade_recebida >= 0 and quantidade_recebida <= quantidade),
  custo_recebimento   numeric(18, 6),
  diferenca           numeric(18, 4) generated always as (quantidade - quantidade_recebida) stored,
  primary key (assinante_id, requisicao_id, produto_id),
  foreign key (assinante_id, requisicao_id) references requisicao_estoque (assinante_id, id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id)
);
select app_proteger_tabela('item_requisicao_estoque');
