-- Daily sales aggregates (issue "subida de vendas", read by the dashboards and sell-out): per store × product ×
-- day, with the cost at the time (the average cost when sold), and per store × payment form × day × hour. Kept in
-- the upload's own transaction: ONE grouped upsert per batch (never per sale), under the store locks the stock
-- posting already holds, so the aggregate is never behind the cupons it sums. Returns subtract.
create table venda_resumo_dia (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  produto_id   integer not null,
  data         date not null,
  quantidade   numeric(18, 4) not null default 0,
  valor        numeric(15, 2) not null default 0,
  custo        numeric(18, 6) not null default 0,
  cupons       integer not null default 0,
  primary key (assinante_id, loja_id, data, produto_id)
);
create index venda_resumo_dia_produto_idx on venda_resumo_dia (assinante_id, produto_id, data);
select app_proteger_tabela('venda_resumo_dia');

create table venda_forma_hora (
  assinante_id       integer not null default app_assinante() references assinante (id),
  loja_id            integer not null,
  forma_pagamento_id integer not null,
  data               date not null,
  hora               smallint not null check (hora between 0 and 23),
  valor              numeric(15, 2) not null default 0,
  recebimentos       integer not null default 0,
  primary key (assinante_id, loja_id, data, hora, forma_pagamento_id)
);
select app_proteger_tabela('venda_forma_hora');
