-- Raw uploads (apps/server/src/http/upload): the bytes live in PostgreSQL so any instance can read them;
-- sha256 recognises the same file sent twice (one row per file and tenant).
create table arquivo_enviado (
  assinante_id  integer not null default app_assinante() references assinante (id),
  id            uuid not null default gen_random_uuid(),
  nome          text not null check (length(nome) between 1 and 255),
  tipo_conteudo text not null check (length(tipo_conteudo) between 1 and 255),
  tamanho       bigint not null check (tamanho >= 0),
  sha256        char(64) not null,
  conteudo      bytea not null,
  enviado_por   integer,
  enviado_em    timestamptz not null default now(),
  primary key (assinante_id, id),
  unique (assinante_id, sha256),
  foreign key (assinante_id, enviado_por) references usuario (assinante_id, id)
);
select app_proteger_tabela('arquivo_enviado');
