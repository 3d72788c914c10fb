-- Official fiscal tables (GLOBAL reference data: no assinante_id, read by every tenant, written only
-- by the versioned loader apps/server/src/db/seed-fiscal.ts), and the tenant's fiscal registers:
-- gênero (seeded from the NCM chapters, edit only), NCM local attributes, situação fiscal and
-- natureza PIS/COFINS (impostos federais).

create table tabela_oficial_versao (
  tabela      text primary key,
  versao      text not null,
  sha256      text not null,
  linhas      integer not null,
  carregada_em timestamptz not null default now()
);

create table ncm_oficial (
  codigo             text primary key check (codigo ~ '^\d{2,8}$'),
  codigo_formatado   text not null,
  digitos            smallint not null,
  nivel              text not null,
  capitulo           char(2) not null,
  codigo_pai         text references ncm_oficial (codigo),
  descricao          text not null,
  descricao_original text not null,
  data_inicio        date not null,
  data_fim           date not null
);
create index ncm_oficial_codigo_trgm on ncm_oficial using gin (codigo gin_trgm_ops);
create index ncm_oficial_descricao_trgm on ncm_oficial using gin (unaccent(descricao) gin_trgm_ops);
create index ncm_oficial_pai_idx on ncm_oficial (codigo_pai);

create table cest_oficial (
  codigo    char(7) not null,
  ncm       text not null,
  segmento  text not null,
  item      text,
  descricao text not null,
  primary key (codigo, ncm)
);
create index cest_oficial_ncm_idx on cest_oficial (ncm);
-- a CEST referenced alone (product) needs a key of its own
create table cest_codigo (codigo char(7) primary key, descricao text not null);

create table cfop_oficial (
  codigo    char(4) primary key,
  descricao text not null,
  tipo      text not null,
  fluxo     text not null,
  utilizavel boolean not null,
  -- CFOP is known to be incomplete (SOURCES.md): administrators may add a missing code
  incluido_manualmente boolean not null default false
);
create table cst_icms (codigo char(2) primary key, descricao text not null);
create table csosn (codigo char(3) primary key, descricao text not null);
create table cst_pis_cofins (codigo char(2) primary key, descricao text not null, tipo_operacao text not null);
create table cst_ipi (codigo char(2) primary key, descricao text not null, tipo_operacao text not null);
create table origem_mercadoria (codigo char(1) primary key, descricao text not null);
create table uf_oficial (sigla char(2) primary key, codigo_ibge char(2) not null unique, nome text not null);
create table municipio (
  codigo_ibge char(7) primary key,
  nome        text not null,
  uf          char(2) not null references uf_oficial (sigla)
);
create index municipio_nome_trgm on municipio using gin (unaccent(nome) gin_trgm_ops);
create table banco (
  compe         char(3) primary key,
  ispb          char(8),
  nome          text not null,
  nome_reduzido text
);

-- Gênero (SPED 4.2.1): 00 serviço + the NCM chapters; seeded per tenant, description editable.
create table genero (
  assinante_id       integer not null default app_assinante() references assinante (id),
  id                 char(2) not null check (id ~ '^\d{2}$'),
  id_externo         text,
  ativo              boolean not null default true,
  descricao          text not null,
  descricao_completa text,
  criado_em          timestamptz not null default now(),
  alterado_em        timestamptz not null default now(),
  versao             integer not null default 1,
  primary key (assinante_id, id)
);
select app_proteger_tabela('genero');

-- Loads the gênero table of the current tenant from the NCM chapters (idempotent).
create function app_semear_generos() returns void language sql as $$
  insert into genero (assinante_id, id, descricao, descricao_completa)
  select app_assinante(), '00', 'Serviço', 'Serviço'
  union all
  select app_assinante(), n.codigo, left(n.descricao, 60), n.descricao from ncm_oficial n where n.digitos = 2
  on conflict do nothing
$$;

-- NCM: the official row plus this tenant's local attributes; the view is the register's table.
create table ncm_local (
  assinante_id integer not null default app_assinante() references assinante (id),
  codigo       text not null references ncm_oficial (codigo),
  observacao   text,
  ativo        boolean not null default true,
  id_externo   text,
  alterado_em  timestamptz not null default now(),
  versao       integer not null default 1,
  primary key (assinante_id, codigo)
);
select app_proteger_tabela('ncm_local');

create view ncm_cadastro with (security_invoker = true) as
  select n.codigo as id, n.codigo_formatado, n.digitos, n.nivel, n.capitulo as genero_id, n.codigo_pai,
         n.descricao, n.data_inicio, n.data_fim, (n.digitos = 8 and n.data_fim >= current_date) as vigente,
         l.observacao, coalesce(l.ativo, true) as ativo, l.id_externo,
         timestamptz '2026-08-13 00:00:00-03' as criado_em,
         coalesce(l.alterado_em, timestamptz '2026-08-13 00:00:00-03') as alterado_em, coalesce(l.versao, 1) as versao
    from ncm_oficial n
    left join ncm_local l on l.codigo = n.codigo and l.assinante_id = app_assinante();

-- Editing an NCM writes only its local attributes, never the official text.
create function ncm_cadastro_update() returns trigger language plpgsql as $$
begin
  insert into ncm_local (assinante_id, codigo, observacao, ativo, id_externo, alterado_em, versao)
  values (app_assinante(), old.id, new.observacao, new.ativo, new.id_externo, now(), new.versao)
  on conflict (assinante_id, codigo) do update
    set observacao = excluded.observacao, ativo = excluded.ativo, id_externo = excluded.id_externo,
        alterado_em = now(), versao = excluded.versao;
  return new;
end $$;
create trigger ncm_cadastro_update instead of update on ncm_cadastro
  for each row execute function ncm_cadastro_update();

create table situacao_fiscal (
  assinante_id    integer not null default app_assinante() references assinante (id),
  id              serial primary key,
  id_externo      text,
  ativo           boolean not null default true,
  codigo          text not null,
  descricao       text not null,
  tipo            text not null check (tipo in ('TRIBUTADO', 'SUBSTITUICAO', 'ISENTO', 'NAO_TRIBUTADO', 'ISS')),
  cst             char(2) references cst_icms (codigo),
  csosn           char(3) references csosn (codigo),
  aliquota        numeric(7, 4),
  totalizador_pdv text,
  mensagem_legal  text,
  criado_em       timestamptz not null default now(),
  alterado_em     timestamptz not null default now(),
  versao          integer not null default 1,
  unique (assinante_id, id)
);
create unique index situacao_fiscal_codigo_uq on situacao_fiscal (assinante_id, upper(codigo));
create unique index situacao_fiscal_descricao_uq on situacao_fiscal (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('situacao_fiscal');

-- Natureza PIS/COFINS as existing integrations send it (/api/v1/fiscal/impostos-federais): id is a code.
create table natureza_pis_cofins (
  assinante_id          integer not null default app_assinante() references assinante (id),
  id                    text not null check (id ~ '^[0-9A-Za-z]{1,10}$'),
  id_externo            text,
  ativo                 boolean not null default true,
  descricao             text not null,
  tipo_imposto          text not null check (tipo_imposto in ('PIS', 'COFINS')),
  tipo_incidencia       text,
  retencao              boolean not null default false,
  cst_entrada           char(2) references cst_pis_cofins (codigo),
  cst_saida             char(2) references cst_pis_cofins (codigo),
  cst_entrada_presumido char(2) references cst_pis_cofins (codigo),
  aliquota_entrada      numeric(7, 4),
  aliquota_saida        numeric(7, 4),
  natureza_receita      char(3),
  observacao            text,
  criado_em             timestamptz not null default now(),
  alterado_em           timestamptz not null default now(),
  versao                integer not null default 1,
  primary key (assinante_id, id)
);
select app_proteger_tabela('natureza_pis_cofins');
