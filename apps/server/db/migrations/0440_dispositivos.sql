-- Device registration (domain §4, Cadastro de dispositivo). A QR token (`dispositivo_token`) is issued for one
-- store, lives a few minutes and is consumed once; registering with it creates a `dispositivo` holding the hash
-- of its credential (the secret travels once, in the registration's answer). The credential authenticates the
-- POS and collector APIs of the device's store only (plugins/auth/dispositivos.ts): it is checked against this
-- table on every request, so blocking or revoking refuses the very next one on every instance.
create table dispositivo_token (
  assinante_id   integer not null default app_assinante() references assinante (id),
  id             bigint generated always as identity,
  loja_id        integer not null,
  token_hash     text not null,
  criado_em      timestamptz not null default now(),
  expira_em      timestamptz not null,
  usado_em       timestamptz,
  criado_por     integer,
  dispositivo_id bigint,
  primary key (assinante_id, id),
  unique (assinante_id, token_hash),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id)
);
select app_proteger_tabela('dispositivo_token');

create table dispositivo (
  assinante_id        integer not null default app_assinante() references assinante (id),
  id                  bigint generated always as identity,
  loja_id             integer not null,
  identificador       text not null check (length(identificador) between 1 and 100),
  nome                text not null check (length(nome) between 1 and 80),
  tipo                text not null check (tipo in ('CELULAR', 'TABLET', 'COLETOR', 'POS_ANDROID')),
  fabricante          text check (length(fabricante) <= 60),
  modelo              text check (length(modelo) <= 60),
  sistema_operacional text check (length(sistema_operacional) <= 60),
  versao_app          text check (length(versao_app) <= 30),
  -- a POS terminal's number in its store (what the sales upload's PDV_NAO_CADASTRADO checks)
  numero_caixa        integer check (numero_caixa between 1 and 999),
  credencial_hash     text not null,
  prefixo             text not null,
  status              text not null default 'ATIVO' check (status in ('ATIVO', 'BLOQUEADO', 'REVOGADO')),
  usuario_cadastro_id integer,
  cadastrado_em       timestamptz not null default now(),
  ultimo_acesso_em    timestamptz,
  status_em           timestamptz,
  status_por          integer,
  versao              integer not null default 1,
  primary key (assinante_id, id),
  unique (assinante_id, credencial_hash),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  check (tipo <> 'POS_ANDROID' or numero_caixa is not null)
);
select app_proteger_tabela('dispositivo');
-- one POS number and one app install per store among devices not revoked (a revoked one frees both)
create unique index dispositivo_caixa_idx on dispositivo (assinante_id, loja_id, numero_caixa)
  where status <> 'REVOGADO' and numero_caixa is not null;
create unique index dispositivo_identificador_idx on dispositivo (assinante_id, loja_id, identificador)
  where status <> 'REVOGADO';
create index dispositivo_loja_idx on dispositivo (assinante_id, loja_id, status);
