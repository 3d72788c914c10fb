-- Inconsistency lots (domain.md §3.7): a type + filters pick the products currently inconsistent;
-- each item proposes a new value for one field (per store for the state regime); finalization applies
-- them all, writing one before/after row per field changed, recounts and closes the lot.

create table lote_inconsistencia (
  assinante_id  integer not null default app_assinante() references assinante (id),
  id            serial primary key,
  descricao     text not null,
  tipo          text not null check (tipo in ('SEM_NCM', 'NCM_INEXISTENTE_OU_VENCIDO', 'SEM_CEST', 'CEST_INCOMPATIVEL_NCM',
                  'SEM_NATUREZA_RECEITA', 'CST_PIS_COFINS_INCOMPATIVEL', 'SEM_REGIME_ESTADUAL_LOJA', 'SEM_SITUACAO_FISCAL',
                  'CST_INCOMPATIVEL_CRT', 'GTIN_INVALIDO')),
  filtros       jsonb not null default '{}'::jsonb,
  status        text not null default 'RASCUNHO' check (status in ('RASCUNHO', 'EM_ANALISE', 'FINALIZADO', 'CANCELADO')),
  quantidade_produtos   integer not null default 0,
  quantidade_corrigidos integer not null default 0,
  -- a big lot is finalized by a job: its id while it runs (a second finalization answers 409)
  tarefa_id     uuid,
  usuario_id    integer,
  usuario_nome  text,
  criado_em     timestamptz not null default now(),
  alterado_em   timestamptz not null default now(),
  finalizado_em timestamptz,
  finalizado_por integer,
  unique (assinante_id, id)
);
create index lote_inconsistencia_status_idx on lote_inconsistencia (assinante_id, status, id desc);
select app_proteger_tabela('lote_inconsistencia');

create table lote_inconsistencia_item (
  assinante_id   integer not null default app_assinante() references assinante (id),
  id             bigserial primary key,
  lote_id        integer not null references lote_inconsistencia (id) on delete cascade,
  produto_id     integer not null references produto (id) on delete cascade,
  loja_id        integer references loja (id),
  -- ncm | cest | natureza | regime | situacao | gtin
  campo          text not null check (campo in ('ncm', 'cest', 'natureza', 'regime', 'situacao', 'gtin')),
  valor_atual    text,
  valor_proposto text,
  aplicado_em    timestamptz,
  unique (lote_id, produto_id, loja_id, valor_atual)
);
create index lote_inconsistencia_item_lote_idx on lote_inconsistencia_item (lote_id, id);
select app_proteger_tabela('lote_inconsistencia_item');

-- the per-field log of a finalization (before → after), read on the finalization screen afterwards
create table lote_inconsistencia_alteracao (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           bigserial primary key,
  lote_id      integer not null references lote_inconsistencia (id) on delete cascade,
  produto_id   integer not null,
  loja_id      integer,
  campo        text not null,
  antes        text,
  depois       text,
  usuario_id   integer,
  alterado_em  timestamptz not null default now()
);
create index lote_inconsistencia_alteracao_lote_idx on lote_inconsistencia_alteracao (lote_id, id);
select app_proteger_tabela('lote_inconsistencia_alteracao');
