-- Core: tenants (assinantes), stores, users, groups, the permission catalogue, the audit log.
-- Every business table carries assinante_id and is protected by row-level security
-- (FORCE, so even the table owner is filtered); the tenant comes from the per-transaction
-- setting app.assinante_id, and current_setting() without it raises: fail closed.

create extension if not exists unaccent;
create extension if not exists pg_trgm;

create function app_assinante() returns integer language plpgsql stable as $$
declare v text := current_setting('app.assinante_id', true);
begin
  if v is null or v = '' then
    raise exception 'app.assinante_id não definido: consulta sem assinante recusada' using errcode = '42501';
  end if;
  return v::integer;
end $$;

create table assinante (
  id           serial primary key,
  nome         text not null,
  tipo_cliente text not null default 'TODOS' check (tipo_cliente in ('BOTICARIO', 'TODOS')),
  tema         text not null default 'blue'
               check (tema in ('blue', 'green_two', 'red', 'orange', 'black', 'green', 'institucional')),
  hosts        text[] not null default '{}',
  criado_em    timestamptz not null default now()
);
create index assinante_host_idx on assinante using gin (hosts);

-- Host → tenant lookup happens before any tenant is known: a definer function answers it
-- without opening the table to the application role.
create function app_resolver_assinante(p_host text)
  returns table (id integer, nome text, tipo_cliente text, tema text, criado_em timestamptz)
  language sql stable security definer set search_path = public
  as $$ select a.id, a.nome, a.tipo_cliente, a.tema, a.criado_em from assinante a
        where lower(p_host) = any (a.hosts) order by a.id limit 1 $$;

create table loja (
  assinante_id        integer not null references assinante (id),
  id                  serial primary key,
  ativo               boolean not null default true,
  sigla               text not null,
  numero_do_documento text not null,
  fantasia            text not null,
  nome                text not null,
  uf                  char(2) not null,
  inscricao_estadual  text,
  inscricao_municipal text,
  cnae_principal      text,
  crt                 smallint not null default 3 check (crt in (1, 2, 3, 4)),
  regime_apuracao     text not null default 'LUCRO_PRESUMIDO'
                      check (regime_apuracao in ('SIMPLES', 'LUCRO_PRESUMIDO', 'LUCRO_REAL')),
  tipo                text not null default 'FILIAL' check (tipo in ('MATRIZ', 'FILIAL')),
  codigo_ibge         char(7),
  municipio           text,
  cep                 char(8),
  logradouro          text,
  numero              text,
  bairro              text,
  criado_em           timestamptz not null default now(),
  alterado_em         timestamptz not null default now(),
  versao              integer not null default 1,
  unique (assinante_id, sigla),
  unique (assinante_id, numero_do_documento)
);

create table usuario (
  assinante_id         integer not null references assinante (id),
  id                   serial primary key,
  nome                 text not null,
  username             text not null,
  email                text,
  cpf                  char(11),
  senha_hash           text not null,
  ativo                boolean not null default true,
  administrador        boolean not null default false,
  tipo_cliente         text not null default 'TODOS' check (tipo_cliente in ('BOTICARIO', 'TODOS')),
  force_password_reset boolean not null default false,
  ultimo_acesso        timestamptz,
  avatar_uuid          uuid,
  criado_em            timestamptz not null default now(),
  alterado_em          timestamptz not null default now(),
  versao               integer not null default 1
);
create unique index usuario_username_idx on usuario (assinante_id, lower(username));

create table usuario_loja (
  assinante_id integer not null references assinante (id),
  usuario_id   integer not null references usuario (id) on delete cascade,
  loja_id      integer not null references loja (id),
  principal    boolean not null default false,
  primary key (usuario_id, loja_id)
);
-- exactly one principal store per user (at most one here; "at least one" is checked on write)
create unique index usuario_loja_principal_idx on usuario_loja (usuario_id) where principal;

create table grupo (
  assinante_id       integer not null references assinante (id),
  id                 serial primary key,
  nome               text not null,
  status_de_ativacao text not null default 'ATIVO' check (status_de_ativacao in ('ATIVO', 'INATIVO')),
  criado_em          timestamptz not null default now(),
  alterado_em        timestamptz not null default now(),
  versao             integer not null default 1
);
create unique index grupo_nome_idx on grupo (assinante_id, lower(nome));

create table grupo_membro (
  assinante_id integer not null references assinante (id),
  grupo_id     integer not null references grupo (id) on delete cascade,
  usuario_id   integer not null references usuario (id) on delete cascade,
  primary key (grupo_id, usuario_id)
);

-- Global catalogue (not tenant data): every PERM_* code of the spec.
create table permissao (
  codigo    text primary key check (codigo like 'PERM\_%'),
  descricao text not null
);

create table grupo_permissao (
  assinante_id integer not null references assinante (id),
  grupo_id     integer not null references grupo (id) on delete cascade,
  permissao    text not null references permissao (codigo),
  primary key (grupo_id, permissao)
);

-- Append-only audit trail: who, when, tenant, store, entity, id, old → new.
create table auditoria (
  assinante_id integer not null references assinante (id),
  id           bigserial primary key,
  em           timestamptz not null default now(),
  usuario_id   integer,
  loja_id      integer,
  entidade     text not null,
  entidade_id  text,
  operacao     text not null check (operacao in ('INCLUSAO', 'ALTERACAO', 'EXCLUSAO', 'ACESSO', 'OUTRO')),
  antes        jsonb,
  depois       jsonb,
  request_id   text
);
create index auditoria_entidade_idx on auditoria (assinante_id, entidade, entidade_id);

create function auditoria_imutavel() returns trigger language plpgsql as $$
begin
  raise exception 'auditoria é somente inclusão' using errcode = '42501';
end $$;
create trigger auditoria_sem_alteracao before update or delete on auditoria
  for each row execute function auditoria_imutavel();

-- Row-level security on every tenant table.
do $$
declare t text;
begin
  foreach t in array array['loja', 'usuario', 'usuario_loja', 'grupo', 'grupo_membro', 'grupo_permissao', 'auditoria']
  loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy assinante_isolamento on %I using (assinante_id = app_assinante()) '
                   'with check (assinante_id = app_assinante())', t);
  end loop;
end $$;

alter table assinante enable row level security;
alter table assinante force row level security;
create policy assinante_isolamento on assinante using (id = app_assinante()) with check (id = app_assinante());
