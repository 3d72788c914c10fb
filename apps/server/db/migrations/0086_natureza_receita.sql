-- SPED EFD-Contribuições "natureza da receita" tables 4.3.10–4.3.16 (not obtainable offline: SOURCES.md).
-- An administrator uploads the official pipe-delimited file of one table; each upload is a new
-- version (the rows of the latest version of each table are the ones in force). Loaded per tenant:
-- a wrong file never reaches other subscribers, and each keeps the versions it validated.

create table natureza_receita_versao (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           serial primary key,
  tabela       text not null check (tabela in ('4.3.10', '4.3.11', '4.3.12', '4.3.13', '4.3.14', '4.3.15', '4.3.16')),
  arquivo      text not null,
  sha256       text not null,
  linhas       integer not null,
  usuario_id   integer,
  carregada_em timestamptz not null default now()
);
create index natureza_receita_versao_tabela_idx on natureza_receita_versao (assinante_id, tabela, id desc);
select app_proteger_tabela('natureza_receita_versao');

create table natureza_receita (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           serial primary key,
  versao_id    integer not null references natureza_receita_versao (id) on delete cascade,
  codigo       char(3) not null check (codigo ~ '^\d{3}$'),
  descricao    text not null,
  ncm          text,
  data_inicio  date,
  data_fim     date
);
create index natureza_receita_versao_idx on natureza_receita (versao_id, codigo);
select app_proteger_tabela('natureza_receita');
