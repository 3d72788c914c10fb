-- Funções PDV (domain §4): each store's matrix função × perfil (habilitada, exige supervisor, limite) at its
-- current version. The catalogue of functions is the domain's (frente-de-loja/funcoes-pdv.ts); a store with no
-- saved version uses the catalogue's defaults (version 0). Every save writes the whole matrix and bumps the
-- store's version; a POS terminal is "pendente de sincronização" until it acknowledges that version through the
-- change feed's confirmation (dispositivo.funcoes_versao).
create table funcao_pdv_loja (
  assinante_id       integer not null default app_assinante() references assinante (id),
  loja_id            integer not null,
  funcao             text not null check (funcao ~ '^[A-Z_]{2,40}$'),
  perfil             text not null check (perfil in ('OPERADOR', 'FISCAL_CAIXA', 'GERENTE')),
  habilitada         boolean not null,
  exige_supervisor   boolean not null,
  limite             numeric(15, 2) check (limite >= 0),
  primary key (assinante_id, loja_id, funcao, perfil),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id)
);
select app_proteger_tabela('funcao_pdv_loja');

create table funcao_pdv_versao (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           integer not null,
  versao       integer not null check (versao > 0),
  alterado_em  timestamptz not null default now(),
  alterado_por integer,
  -- id = the store's id: one row per store (the change log's key)
  primary key (assinante_id, id),
  foreign key (assinante_id, id) references loja (assinante_id, id)
);
select app_proteger_tabela('funcao_pdv_versao');

-- what each terminal acknowledged through the feed's confirmation
alter table dispositivo
  add column funcoes_versao integer not null default 0,
  add column marcador_confirmado text,
  add column sincronizado_em timestamptz;
