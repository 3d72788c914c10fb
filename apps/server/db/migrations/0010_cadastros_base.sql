-- Register engine, part 1: helpers shared by every register table, and the first simple registers.
-- Every register table: assinante_id + RLS (FORCE, policy assinante_isolamento as in 0001),
-- id, id_externo, ativo, criado_em, alterado_em, versao; unique (assinante_id, id) so that
-- references are composite foreign keys: an FK check bypasses RLS, the composite key does not
-- let a row point at another tenant's row.

-- The list filter (rsql-kysely) searches `unaccent(col) ilike unaccent('%x%')`. unaccent(text) is
-- declared STABLE only because its dictionary could be swapped; we never do that, so marking it
-- IMMUTABLE lets trigram indexes on unaccent(col) serve accent-insensitive "contains" searches.
alter function unaccent(text) immutable;

create function app_proteger_tabela(t text) returns void language plpgsql as $$
begin
  execute format('alter table %I enable row level security', t);
  execute format('alter table %I force row level security', t);
  execute format('create policy assinante_isolamento on %I using (assinante_id = app_assinante()) '
                 'with check (assinante_id = app_assinante())', t);
end $$;

alter table loja add constraint loja_assinante_id_uq unique (assinante_id, id);
alter table usuario add constraint usuario_assinante_id_uq unique (assinante_id, id);

create table marca (
  assinante_id  integer not null default app_assinante() references assinante (id),
  id            serial primary key,
  id_externo    text,
  ativo         boolean not null default true,
  descricao     text not null,
  fabricante_id integer,
  criado_em     timestamptz not null default now(),
  alterado_em   timestamptz not null default now(),
  versao        integer not null default 1,
  unique (assinante_id, id)
);
create unique index marca_descricao_uq on marca (assinante_id, lower(descricao)) where ativo;
create index marca_descricao_trgm on marca using gin (unaccent(descricao) gin_trgm_ops);
select app_proteger_tabela('marca');

create table unidade (
  assinante_id          integer not null default app_assinante() references assinante (id),
  id                    serial primary key,
  id_externo            text,
  ativo                 boolean not null default true,
  sigla                 text not null,
  descricao             text not null,
  permite_fracionamento boolean not null default false,
  casas_decimais        integer not null default 0 check (casas_decimais between 0 and 3),
  criado_em             timestamptz not null default now(),
  alterado_em           timestamptz not null default now(),
  versao                integer not null default 1,
  unique (assinante_id, id)
);
create unique index unidade_sigla_uq on unidade (assinante_id, sigla);
create unique index unidade_descricao_uq on unidade (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('unidade');

create table setor (
  assinante_id   integer not null default app_assinante() references assinante (id),
  id             serial primary key,
  id_externo     text,
  ativo          boolean not null default true,
  descricao      text not null,
  loja_id        integer,
  responsavel_id integer,
  centro_custo   text,
  criado_em      timestamptz not null default now(),
  alterado_em    timestamptz not null default now(),
  versao         integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  foreign key (assinante_id, responsavel_id) references usuario (assinante_id, id)
);
create unique index setor_descricao_uq on setor (assinante_id, lower(descricao)) where ativo;
create index setor_loja_idx on setor (loja_id);
select app_proteger_tabela('setor');
