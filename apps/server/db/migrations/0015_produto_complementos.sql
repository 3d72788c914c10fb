-- The remaining product registers: características, aplicações, família, mix, similares,
-- grupo NCM (with its NCM prefixes as child rows) and regime tributário (state ICMS regime).

create table caracteristica (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao text not null,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index caracteristica_descricao_uq on caracteristica (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('caracteristica');

create table aplicacao (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao text not null,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index aplicacao_descricao_uq on aplicacao (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('aplicacao');

create table familia_produto (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao text not null,
  utiliza_preco_por_quantidade boolean not null default false,
  quantidade_minima_preco2 numeric(15, 3), quantidade_minima_preco3 numeric(15, 3),
  produtos_ids integer[] not null default '{}',
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index familia_produto_descricao_uq on familia_produto (assinante_id, lower(descricao)) where ativo;
create index familia_produto_produtos_idx on familia_produto using gin (produtos_ids);
select app_proteger_tabela('familia_produto');

create table mix (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao text not null,
  finalidade text not null default 'VENDA' check (finalidade in ('VENDA', 'COMPRA', 'ECOMMERCE')),
  lojas_ids integer[] not null default '{}',
  produtos_ids integer[] not null default '{}',
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index mix_descricao_uq on mix (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('mix');

create table similar_produto (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao text not null,
  produto_referencia_id integer,
  produtos_ids integer[] not null default '{}',
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, produto_referencia_id) references produto (assinante_id, id)
);
create unique index similar_produto_descricao_uq on similar_produto (assinante_id, lower(descricao)) where ativo;
create index similar_produto_produtos_idx on similar_produto using gin (produtos_ids);
select app_proteger_tabela('similar_produto');

create table grupo_ncm (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao text not null,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index grupo_ncm_descricao_uq on grupo_ncm (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('grupo_ncm');

create table grupo_ncm_item (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           serial primary key,
  grupo_ncm_id integer not null references grupo_ncm (id) on delete cascade,
  ordem        integer not null default 0,
  ncm          text not null check (ncm ~ '^\d{2,8}$')
);
create index grupo_ncm_item_ncm_idx on grupo_ncm_item (assinante_id, ncm);
select app_proteger_tabela('grupo_ncm_item');

create table regime_tributario (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao text not null,
  uf char(2) not null,
  situacao_fiscal_saida_id integer not null,
  situacao_fiscal_entrada_id integer,
  aliquota_icms numeric(7, 4) not null,
  percentual_reducao_base numeric(7, 4),
  aliquota_fcp numeric(7, 4),
  modalidade_bc smallint not null default 3 check (modalidade_bc between 0 and 3),
  modalidade_bc_st smallint check (modalidade_bc_st between 0 and 6),
  mva numeric(7, 4),
  aliquota_icms_st numeric(7, 4),
  reducao_base_st numeric(7, 4),
  fcp_st numeric(7, 4),
  codigo_beneficio_fiscal text,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, situacao_fiscal_saida_id) references situacao_fiscal (assinante_id, id),
  foreign key (assinante_id, situacao_fiscal_entrada_id) references situacao_fiscal (assinante_id, id)
);
create unique index regime_tributario_descricao_uq on regime_tributario (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('regime_tributario');
