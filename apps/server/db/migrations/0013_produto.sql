-- Produto: hierarchy seção → grupo → subgrupo (composite keys keep a grupo inside its seção),
-- produto with its fiscal fields, barcodes (códigos auxiliares), prices and costs per store,
-- product ↔ supplier. Indexes back the list's sorts and filters; trigram serves "contains".

create table secao (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao text not null,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index secao_descricao_uq on secao (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('secao');

create table grupo_produto (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  secao_id  integer not null,
  descricao text not null,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  unique (assinante_id, secao_id, id),
  foreign key (assinante_id, secao_id) references secao (assinante_id, id)
);
create unique index grupo_produto_descricao_uq on grupo_produto (assinante_id, secao_id, lower(descricao)) where ativo;
select app_proteger_tabela('grupo_produto');

create table subgrupo (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  secao_id  integer not null,
  grupo_id  integer not null,
  descricao text not null,
  -- one client's list reads `nome`, its single GET reads `descricao`: serve both
  nome      text generated always as (descricao) stored,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  unique (assinante_id, secao_id, grupo_id, id),
  foreign key (assinante_id, secao_id, grupo_id) references grupo_produto (assinante_id, secao_id, id)
);
create unique index subgrupo_descricao_uq on subgrupo (assinante_id, grupo_id, lower(descricao)) where ativo;
select app_proteger_tabela('subgrupo');

create table produto (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  codigo_interno        text,
  descricao             text not null,
  descricao_reduzida    text,
  secao_id              integer,
  grupo_id              integer,
  subgrupo_id           integer,
  marca_id              integer,
  genero_id             char(2),
  ncm_id                text references ncm_oficial (codigo),
  cest                  char(7) references cest_codigo (codigo),
  origem                char(1) references origem_mercadoria (codigo),
  situacao_fiscal_id       integer,
  situacao_fiscal_saida_id integer,
  natureza_de_imposto_federal_id text,
  unidade_de_venda_id   integer,
  unidade_de_compra_id  integer,
  itens_embalagem       numeric(15, 3),
  peso_bruto            numeric(15, 3),
  peso_liquido          numeric(15, 3),
  largura               numeric(15, 3),
  altura                numeric(15, 3),
  comprimento           numeric(15, 3),
  peso_variavel         boolean not null default false,
  envia_balanca         boolean not null default false,
  controla_estoque      boolean not null default true,
  controla_validade     boolean not null default false,
  validade_minima       integer,
  permite_desconto      boolean not null default true,
  desconto_maximo       numeric(7, 4),
  producao              text check (producao in ('PROPRIO', 'TERCEIROS')),
  imagem                uuid,
  ativo_no_ecommerce    boolean not null default false,
  data_saida            date,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, secao_id) references secao (assinante_id, id),
  foreign key (assinante_id, secao_id, grupo_id) references grupo_produto (assinante_id, secao_id, id),
  foreign key (assinante_id, secao_id, grupo_id, subgrupo_id) references subgrupo (assinante_id, secao_id, grupo_id, id),
  foreign key (assinante_id, marca_id) references marca (assinante_id, id),
  foreign key (assinante_id, genero_id) references genero (assinante_id, id),
  foreign key (assinante_id, situacao_fiscal_id) references situacao_fiscal (assinante_id, id),
  foreign key (assinante_id, situacao_fiscal_saida_id) references situacao_fiscal (assinante_id, id),
  foreign key (assinante_id, natureza_de_imposto_federal_id) references natureza_pis_cofins (assinante_id, id),
  foreign key (assinante_id, unidade_de_venda_id) references unidade (assinante_id, id),
  foreign key (assinante_id, unidade_de_compra_id) references unidade (assinante_id, id)
);
create unique index produto_codigo_interno_uq on produto (assinante_id, codigo_interno);
create index produto_descricao_trgm on produto using gin (unaccent(descricao) gin_trgm_ops);
create index produto_descricao_idx on produto (assinante_id, descricao);
create index produto_secao_idx on produto (assinante_id, secao_id, grupo_id, subgrupo_id);
create index produto_marca_idx on produto (marca_id);
create index produto_ncm_idx on produto (ncm_id);
create index produto_alterado_idx on produto (assinante_id, alterado_em);
select app_proteger_tabela('produto');

-- barcodes: the id IS the code (api-compat)
create table codigo_auxiliar (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           text not null,
  id_externo   text,
  ativo        boolean not null default true,
  produto_id   integer not null,
  tipo         text not null default 'EAN' check (tipo in ('EAN', 'LITERAL', 'NUMERICO')),
  fator        numeric(15, 3) not null default 1,
  ean_tributado boolean not null default true,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  primary key (assinante_id, id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id) on delete cascade
);
create index codigo_auxiliar_produto_idx on codigo_auxiliar (produto_id);
select app_proteger_tabela('codigo_auxiliar');

create table preco (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  produto_id integer not null,
  loja_id    integer not null,
  preco_venda1 numeric(15, 2), preco_venda2 numeric(15, 2), preco_venda3 numeric(15, 2),
  preco_oferta1 numeric(15, 2), preco_oferta2 numeric(15, 2), preco_oferta3 numeric(15, 2),
  margem_preco1 numeric(7, 4), margem_preco2 numeric(7, 4), margem_preco3 numeric(7, 4),
  quantidade_minima_preco2 numeric(15, 3), quantidade_minima_preco3 numeric(15, 3),
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  unique (assinante_id, produto_id, loja_id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id) on delete cascade,
  foreign key (assinante_id, loja_id) references loja (assinante_id, id)
);
create index preco_produto_idx on preco (produto_id, loja_id);
select app_proteger_tabela('preco');

create table custo (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  produto_id integer not null,
  loja_id    integer not null,
  custo_reposicao numeric(15, 4),
  custo_medio     numeric(15, 4),
  custo_fiscal    numeric(15, 4),
  -- the flat /produto/custos list is read with these names by one client
  custo_produto              numeric(15, 4) generated always as (custo_reposicao) stored,
  preco_medio_de_reposicao   numeric(15, 4) generated always as (custo_medio) stored,
  preco_fiscal_de_reposicao  numeric(15, 4) generated always as (custo_fiscal) stored,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  unique (assinante_id, produto_id, loja_id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id) on delete cascade,
  foreign key (assinante_id, loja_id) references loja (assinante_id, id)
);
create index custo_produto_idx on custo (produto_id, loja_id);
select app_proteger_tabela('custo');

create table produto_fornecedor (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  produto_id    integer not null,
  fornecedor_id integer not null,
  referencia    text,
  embalagem     numeric(15, 3),
  principal     boolean not null default false,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  unique (assinante_id, produto_id, fornecedor_id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id) on delete cascade,
  foreign key (assinante_id, fornecedor_id) references fornecedor (assinante_id, id)
);
select app_proteger_tabela('produto_fornecedor');

-- consulta/{codigo}: internal code or barcode compared left-padded to 14 digits
create index produto_codigo14_idx on produto (assinante_id, lpad(codigo_interno, 14, '0'));
create index codigo_auxiliar_codigo14_idx on codigo_auxiliar (assinante_id, lpad(id, 14, '0'));
