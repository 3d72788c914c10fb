-- Stock adjustments (POST /api/v1/estoque/ajustes, api-compat.md): the document header; its items are
-- its movements (movimento_estoque.documento_tipo = 'AJUSTE', documento_id = id), one per item.
create table ajuste_estoque (
  assinante_id     integer not null default app_assinante() references assinante (id),
  id               bigint generated always as identity,
  loja_id          integer not null,
  local_id         integer not null,
  tipo_ajuste_id   integer not null,
  tipo_de_operacao text not null check (tipo_de_operacao in ('ENTRADA', 'SAIDA')),
  data             date not null,
  observacao       text,
  quantidade_itens integer not null,
  usuario_id       integer,
  criado_em        timestamptz not null default now(),
  primary key (assinante_id, id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  foreign key (assinante_id, local_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, tipo_ajuste_id) references tipo_ajuste (assinante_id, id)
);
create index ajuste_estoque_loja_idx on ajuste_estoque (assinante_id, loja_id, data);
select app_proteger_tabela('ajuste_estoque');
