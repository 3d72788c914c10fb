-- Identity: server-side sessions, integration keys, user contacts, avatars, per-tenant session
-- settings, login throttling (when Redis is not configured) and the app's signing secret.

alter table usuario add column setor_id integer; -- the setor register comes later: no FK yet

create table sessao (
  assinante_id        integer not null references assinante (id),
  id                  uuid primary key,               -- public handle (JWT `sid`, lists, admin login)
  usuario_id          integer not null references usuario (id) on delete cascade,
  tipo                text not null check (tipo in ('SENHA', 'LEGADO', 'SSO')),
  token_hash          text not null unique,           -- sha-256 of the opaque session token
  refresh_hash        text not null unique,           -- sha-256 of the refresh token
  criada_em           timestamptz not null default now(),
  ultima_atividade    timestamptz not null default now(),
  expira_em           timestamptz not null,           -- absolute lifetime
  ip                  text,
  user_agent          text,
  encerrada_em        timestamptz,
  motivo_encerramento text check (motivo_encerramento in
    ('LOGOUT', 'INATIVIDADE', 'EXPIRADA', 'SENHA_ALTERADA', 'USUARIO_INATIVADO', 'ENCERRADA_POR_LOGIN', 'ADMINISTRADOR', 'SSO_REVOGADO')),
  sso_refresh_token   text,
  sso_renovado_em     timestamptz
);
create index sessao_ativa_idx on sessao (assinante_id, usuario_id) where encerrada_em is null;

create table chave_integracao (
  assinante_id integer not null references assinante (id),
  id           serial primary key,
  nome         text not null,
  prefixo      text not null,                         -- first characters, to recognise a key in lists
  chave_hash   text not null unique,                  -- sha-256 of the key: shown once, never stored
  permissoes   text[] not null default '{}',
  lojas        integer[],                             -- null = every store of the tenant
  criada_em    timestamptz not null default now(),
  criada_por   integer references usuario (id) on delete set null,
  ultimo_uso   timestamptz,
  revogada_em  timestamptz,
  revogada_por integer references usuario (id) on delete set null
);
create unique index chave_integracao_nome_idx on chave_integracao (assinante_id, lower(nome)) where revogada_em is null;

create table usuario_contato (
  assinante_id integer not null references assinante (id),
  id           serial primary key,
  usuario_id   integer not null references usuario (id) on delete cascade,
  tipo         text not null check (tipo in ('TELEFONE', 'CELULAR', 'WHATSAPP', 'EMAIL', 'OUTRO')),
  valor        text not null,
  descricao    text
);
create index usuario_contato_usuario_idx on usuario_contato (usuario_id);

create table avatar (
  assinante_id  integer not null references assinante (id),
  uuid          uuid primary key,
  criado_por    integer references usuario (id) on delete set null,
  nome_arquivo  text,
  content_type  text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  dados         bytea not null,
  criado_em     timestamptz not null default now(),
  alterado_em   timestamptz not null default now()
);

-- One row per tenant that changed the defaults (absent = defaults).
create table configuracao_sessao (
  assinante_id        integer primary key references assinante (id),
  limite_sessoes      integer check (limite_sessoes is null or limite_sessoes > 0), -- null = no limit (default)
  inatividade_minutos integer not null default 720 check (inatividade_minutos between 5 and 10080)
);

do $$
declare t text;
begin
  foreach t in array array['sessao', 'chave_integracao', 'usuario_contato', 'avatar', 'configuracao_sessao']
  loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy assinante_isolamento on %I using (assinante_id = app_assinante()) '
                   'with check (assinante_id = app_assinante())', t);
  end loop;
end $$;

-- Not tenant data: failed logins are throttled per username and per IP (an IP spans tenants).
create table login_falha (
  chave text not null,
  em    timestamptz not null default now()
);
create index login_falha_chave_idx on login_falha (chave, em);

-- Secrets the app generates once and shares between its instances (JWT signing key when
-- JWT_SECRET is not set). Only readable through the definer function below.
create table app_segredo (
  nome  text primary key,
  valor text not null
);
create function app_segredo_obter(p_nome text, p_novo text) returns text
  language plpgsql security definer set search_path = public as $$
declare v text;
begin
  insert into app_segredo (nome, valor) values (p_nome, p_novo) on conflict (nome) do nothing;
  select valor into v from app_segredo where nome = p_nome;
  return v;
end $$;
