-- Delivery log of the order status notifications sent to a store's delivery app (venda.integracaoDelivery):
-- one row per attempt (the job retries with backoff), what was sent and what the receiver answered.
create table entrega_webhook_pedido (
  assinante_id  integer not null default app_assinante() references assinante (id),
  id            bigint generated always as identity,
  pedido_id     integer not null,
  etapa         text not null,
  status        text not null,
  versao        integer not null,
  url           text not null,
  tentativa     integer not null,
  status_http   integer,
  erro          text,
  em            timestamptz not null default now(),
  primary key (assinante_id, id),
  foreign key (assinante_id, pedido_id) references pedido_venda (assinante_id, id)
);
create index entrega_webhook_pedido_pedido_idx on entrega_webhook_pedido (assinante_id, pedido_id, id);
select app_proteger_tabela('entrega_webhook_pedido');
