-- Collector-file layouts (issue #25.1): how a tenant's collectors and spreadsheets lay out code and
-- quantity (delimited "EAN;QTD", fixed width, XLSX), saved by name where inventory and purchasing
-- configure them and every item grid reads them (apps/server/src/modules/produto/coletor.routes.ts). The
-- definition is validated by the domain's `layoutColetor` before it is written; "EAN;QTD" needs no row.
create table layout_coletor (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           integer generated always as identity,
  nome         text not null check (length(nome) between 1 and 60),
  definicao    jsonb not null check (jsonb_typeof(definicao) = 'object' and length(definicao::text) <= 2000),
  versao       integer not null default 1,
  alterado_em  timestamptz not null default now(),
  alterado_por integer,
  primary key (assinante_id, id),
  unique (assinante_id, nome)
);
select app_proteger_tabela('layout_coletor');
