-- Dashboards (issue "Dashboards over real data"): a user's own, or shared with groups; each holds indicators from
-- the catalogue (packages/domain/src/painel/indicadores) with their chart, size and own filter. Written only by
-- the commands of modules/painel; read by the owner, by members of the groups it is shared with, and by
-- administrators (a dashboard of another user not shared with the caller answers 404).
create table dashboard (
  assinante_id   integer not null default app_assinante() references assinante (id),
  id             integer not null,
  usuario_id     integer not null,
  nome           text not null check (length(nome) between 1 and 80),
  compartilhado  boolean not null default false,
  -- a preset of packages/domain/src/painel/periodos.ts, resolved on the stores' local day when read
  periodo_padrao text not null,
  -- the default stores (null: every store of the viewer)
  lojas          integer[],
  versao         integer not null default 1,
  criado_em      timestamptz not null default now(),
  alterado_em    timestamptz not null default now(),
  primary key (assinante_id, id),
  foreign key (assinante_id, usuario_id) references usuario (assinante_id, id) on delete cascade
);
create index dashboard_usuario_idx on dashboard (assinante_id, usuario_id);
select app_proteger_tabela('dashboard');
select app_numerar_tabela('dashboard');

create table dashboard_grupo (
  assinante_id integer not null default app_assinante() references assinante (id),
  dashboard_id integer not null,
  grupo_id     integer not null,
  primary key (assinante_id, dashboard_id, grupo_id),
  foreign key (assinante_id, dashboard_id) references dashboard (assinante_id, id) on delete cascade
);
create index dashboard_grupo_grupo_idx on dashboard_grupo (assinante_id, grupo_id);
select app_proteger_tabela('dashboard_grupo');

create table dashboard_indicador (
  assinante_id  integer not null default app_assinante() references assinante (id),
  id            integer generated always as identity,
  dashboard_id  integer not null,
  indicador     text not null,
  visualizacao  text not null check (visualizacao in ('LINHA', 'BARRA', 'PIZZA', 'NUMERO', 'TABELA')),
  -- columns of a 12-column grid
  tamanho       smallint not null check (tamanho in (3, 4, 6, 8, 12)),
  ordem         smallint not null default 0,
  titulo        text check (length(titulo) <= 80),
  -- the indicator's own filter ({periodo?, lojas?, limite?}); absent keys take the dashboard's
  filtro        jsonb not null default '{}',
  primary key (assinante_id, id),
  foreign key (assinante_id, dashboard_id) references dashboard (assinante_id, id) on delete cascade
);
create index dashboard_indicador_dashboard_idx on dashboard_indicador (assinante_id, dashboard_id, ordem);
select app_proteger_tabela('dashboard_indicador');
