-- Stock period closing (domain §5, "estoque fechado até"): movements dated on or before fechado_ate are
-- refused by every stock command (assertPeriodoAberto). One row per store; history is in auditoria.
create table fechamento_estoque (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  fechado_ate  date,
  alterado_por integer,
  alterado_em  timestamptz not null default now(),
  primary key (assinante_id, loja_id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id) on delete cascade,
  foreign key (assinante_id, alterado_por) references usuario (assinante_id, id)
);
select app_proteger_tabela('fechamento_estoque');
