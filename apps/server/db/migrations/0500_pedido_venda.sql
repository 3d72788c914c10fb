-- Sales orders (domain §7; issue "Sales orders"): received from integrations (POST /api/v1/venda/pedidos),
-- moved along the board NOVO → CONFIRMADO → EM_SEPARACAO → PRONTO → EM_ENTREGA → CONCLUIDO (CANCELADO
-- before CONCLUIDO) by named commands on the row's `versao`. Numbered per tenant. `id_externo` is the
-- integration's number, unique per store. Items keep the product as sent (no foreign key: an unknown
-- product is an inconsistency the store fixes, not a refusal).
create table pedido_venda (
  assinante_id                   integer not null default app_assinante() references assinante (id),
  id                             integer not null,
  loja_id                        integer not null,
  id_externo                     text,
  canal                          text not null default 'ECOMMERCE'
                                 check (canal in ('ECOMMERCE', 'APP_DELIVERY', 'TELEVENDAS', 'WHATSAPP', 'PRE_VENDA', 'VENDA_DIRETA')),
  etapa                          text not null default 'NOVO'
                                 check (etapa in ('NOVO', 'CONFIRMADO', 'EM_SEPARACAO', 'PRONTO', 'EM_ENTREGA', 'CONCLUIDO', 'CANCELADO')),
  -- a cancelled order refused by the store (reads RECUSADO to the integration)
  recusado                       boolean not null default false,
  etapa_desde                    timestamptz not null default now(),
  -- local date and time as the integration sent them
  data_emissao                   timestamp not null,
  data_faturamento               timestamp,
  data_entrega                   timestamp,
  data_previsao                  timestamp,
  cliente_id                     integer,
  vendedor_id                    integer,
  pessoa_autorizada_recebimento  text,
  retirada_na_loja               boolean not null default false,
  cpf_no_cupom                   text,
  observacao                     text,
  valor_total                    numeric(15, 2) not null check (valor_total >= 0),
  tipo_de_frete                  text,
  tipo_faturamento               text,
  total_outras_despesas          numeric(15, 2) not null default 0,
  valor_entrega                  numeric(15, 2) not null default 0,
  valor_delivery                 numeric(15, 2) not null default 0,
  valor_retirada                 numeric(15, 2) not null default 0,
  valor_conveniencia             numeric(15, 2) not null default 0,
  endereco_entrega               jsonb,
  itens_inconsistentes           integer not null default 0,
  quantidade_itens               integer not null,
  condutor_id                    integer,
  motivo_cancelamento_id         integer,
  observacao_cancelamento        text,
  -- the sale posted once (invoicing): the ledger's movements carry documento_tipo PEDIDO_VENDA
  faturado_em                    timestamptz,
  criado_em                      timestamptz not null default now(),
  alterado_em                    timestamptz not null default now(),
  versao                         integer not null default 1,
  primary key (assinante_id, id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  foreign key (assinante_id, cliente_id) references cliente (assinante_id, id),
  foreign key (assinante_id, condutor_id) references condutor (assinante_id, id),
  foreign key (assinante_id, motivo_cancelamento_id) references motivo_cancelamento (assinante_id, id)
);
create unique index pedido_venda_id_externo_uq on pedido_venda (assinante_id, loja_id, id_externo)
  where id_externo is not null;
-- the board: open orders of the user's stores
create index pedido_venda_board_idx on pedido_venda (assinante_id, loja_id, etapa, id);
create index pedido_venda_emissao_idx on pedido_venda (assinante_id, data_emissao);
select app_proteger_tabela('pedido_venda');
select app_numerar_tabela('pedido_venda');

create table item_pedido_venda (
  assinante_id                      integer not null default app_assinante() references assinante (id),
  pedido_id                         integer not null,
  -- the line's place as sent, from 1
  ordem                             integer not null,
  produto_id                        integer,
  unidade                           text,
  descricao_produto_ecommerce       text,
  quantidade_de_embalagem           numeric(18, 4) not null check (quantidade_de_embalagem > 0),
  quantidade_de_item_embalagem      numeric(18, 4) not null check (quantidade_de_item_embalagem > 0),
  quantidade_de_embalagem_atendida  numeric(18, 4),
  valor_embalagem                   numeric(17, 4),
  -- units of the product: packs × items per pack
  quantidade                        numeric(18, 4) not null,
  compoe_valor_total                boolean not null default true,
  valor                             numeric(17, 4) not null,
  valor_desconto                    numeric(15, 2) not null default 0,
  tipo_desconto                     text,
  -- why the line does not resolve (unknown, inactive, no price, the unit's decimals), or null
  inconsistencia                    text,
  primary key (assinante_id, pedido_id, ordem),
  foreign key (assinante_id, pedido_id) references pedido_venda (assinante_id, id)
);
select app_proteger_tabela('item_pedido_venda');

create table pagamento_pedido_venda (
  assinante_id        integer not null default app_assinante() references assinante (id),
  pedido_id           integer not null,
  ordem               integer not null,
  forma_pagamento_id  integer not null,
  data_vencimento     date,
  valor               numeric(15, 2) not null check (valor >= 0),
  numero_parcelas     integer not null default 1,
  pago                boolean not null default false,
  primary key (assinante_id, pedido_id, ordem),
  foreign key (assinante_id, pedido_id) references pedido_venda (assinante_id, id),
  foreign key (assinante_id, forma_pagamento_id) references forma_pagamento (assinante_id, id)
);
select app_proteger_tabela('pagamento_pedido_venda');

-- Who moved the order where and when (insert-only).
create table historico_pedido_venda (
  assinante_id  integer not null default app_assinante() references assinante (id),
  id            bigint generated always as identity,
  pedido_id     integer not null,
  etapa         text not null,
  acao          text not null,
  usuario_id    integer,
  em            timestamptz not null default now(),
  obs           text,
  primary key (assinante_id, id),
  foreign key (assinante_id, pedido_id) references pedido_venda (assinante_id, id)
);
create index historico_pedido_venda_pedido_idx on historico_pedido_venda (assinante_id, pedido_id, id);
select app_proteger_tabela('historico_pedido_venda');

-- Stock reserved by accepted orders, beside the ledger (ledger/README.md): state, not movements. Available
-- = balance − Σ reservations of the store and product. Written on accepting, deleted on cancelling or
-- invoicing.
create table reserva_estoque_pedido (
  assinante_id  integer not null default app_assinante() references assinante (id),
  pedido_id     integer not null,
  loja_id       integer not null,
  produto_id    integer not null,
  quantidade    numeric(18, 4) not null check (quantidade > 0),
  primary key (assinante_id, pedido_id, produto_id),
  foreign key (assinante_id, pedido_id) references pedido_venda (assinante_id, id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id)
);
create index reserva_estoque_pedido_produto_idx on reserva_estoque_pedido (assinante_id, loja_id, produto_id);
select app_proteger_tabela('reserva_estoque_pedido');
