-- Pessoa registers: holding, ramo/status de cliente, fornecedor (+ contatos), cliente, funcionário,
-- contador, condutor; and the store register's extra columns. RLS and composite tenant FKs as in 0010.

create table holding (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           serial primary key,
  id_externo   text,
  ativo        boolean not null default true,
  nome         text not null,
  cnpj_raiz    char(8),
  observacao   text,
  criado_em    timestamptz not null default now(),
  alterado_em  timestamptz not null default now(),
  versao       integer not null default 1,
  unique (assinante_id, id)
);
create unique index holding_nome_uq on holding (assinante_id, lower(nome)) where ativo;
select app_proteger_tabela('holding');

create table ramo_cliente (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao text not null,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index ramo_cliente_descricao_uq on ramo_cliente (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('ramo_cliente');

create table status_cliente (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao            text not null,
  cor                  char(7),
  bloqueia_venda       boolean not null default false,
  bloqueia_venda_prazo boolean not null default false,
  exige_autorizacao    boolean not null default false,
  mensagem_pdv         text,
  padrao               boolean not null default false,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index status_cliente_descricao_uq on status_cliente (assinante_id, lower(descricao)) where ativo;
-- at most one default status per tenant
create unique index status_cliente_padrao_uq on status_cliente (assinante_id) where padrao;
select app_proteger_tabela('status_cliente');

create table fornecedor (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  tipo_de_pessoa       char(1) not null check (tipo_de_pessoa in ('F', 'J')),
  numero_do_documento  text not null,
  nome                 text not null,
  fantasia             text not null,
  inscricao_estadual   text,
  indicador_ie         smallint check (indicador_ie in (1, 2, 9)),
  inscricao_municipal  text,
  crt                  smallint check (crt in (1, 2, 3, 4)),
  holding_id           integer,
  produtor_rural       boolean not null default false,
  tipo_de_fornecedor   text,
  tipo_de_frete        text,
  prazo_de_entrega     integer,
  pedido_minimo        numeric(15, 2),
  telefone1 text, telefone2 text, email text, observacao text,
  endereco_cep char(8), endereco_uf char(2), endereco_codigo_ibge char(7) references municipio (codigo_ibge),
  endereco_municipio text, endereco_logradouro text, endereco_numero text, endereco_bairro text, endereco_complemento text,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, holding_id) references holding (assinante_id, id)
);
create unique index fornecedor_numero_do_documento_uq on fornecedor (assinante_id, numero_do_documento);
create index fornecedor_nome_trgm on fornecedor using gin (unaccent(nome) gin_trgm_ops);
create index fornecedor_fantasia_trgm on fornecedor using gin (unaccent(fantasia) gin_trgm_ops);
select app_proteger_tabela('fornecedor');

create table fornecedor_contato (
  assinante_id  integer not null default app_assinante() references assinante (id),
  id            serial primary key,
  fornecedor_id integer not null references fornecedor (id) on delete cascade,
  ordem         integer not null default 0,
  tipo          text not null check (tipo in ('TELEFONE', 'CELULAR', 'WHATSAPP', 'EMAIL', 'EMAIL_NFE')),
  nome          text,
  cargo         text,
  valor         text not null
);
create index fornecedor_contato_fornecedor_idx on fornecedor_contato (fornecedor_id);
select app_proteger_tabela('fornecedor_contato');

alter table marca add foreign key (assinante_id, fabricante_id) references fornecedor (assinante_id, id);

create table cliente (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  tipo_de_pessoa            char(1) not null check (tipo_de_pessoa in ('F', 'J')),
  numero_do_documento       text,
  nome                      text not null,
  fantasia                  text,
  numero_de_identificacao   text,
  orgao_expedidor           text,
  inscricao_estadual        text,
  inscricao_municipal       text,
  tipo_contribuinte         smallint check (tipo_contribuinte in (1, 2, 9)),
  telefone1 text, telefone2 text, fax text, email text, contato text, observacao text,
  data_nascimento           date,
  status_id                 integer,
  ramo_id                   integer,
  holding_id                integer,
  loja_id                   integer,
  desconto_concedido_ao_cliente numeric(7, 4),
  limite_de_credito         numeric(15, 2),
  endereco_cep char(8), endereco_uf char(2), endereco_codigo_ibge char(7) references municipio (codigo_ibge),
  endereco_municipio text, endereco_logradouro text, endereco_numero text, endereco_bairro text, endereco_complemento text,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, status_id) references status_cliente (assinante_id, id),
  foreign key (assinante_id, ramo_id) references ramo_cliente (assinante_id, id),
  foreign key (assinante_id, holding_id) references holding (assinante_id, id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id)
);
create unique index cliente_numero_do_documento_uq on cliente (assinante_id, numero_do_documento);
create index cliente_nome_trgm on cliente using gin (unaccent(nome) gin_trgm_ops);
select app_proteger_tabela('cliente');

create table funcionario (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  nome text not null, cpf char(11) not null, cargo text, email text, telefone text,
  loja_id integer not null, setor_id integer, data_admissao date, comissao numeric(7, 4),
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  foreign key (assinante_id, setor_id) references setor (assinante_id, id)
);
create unique index funcionario_cpf_uq on funcionario (assinante_id, cpf);
create index funcionario_loja_idx on funcionario (loja_id);
select app_proteger_tabela('funcionario');

create table contador (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  nome text not null, cpf char(11) not null, crc text not null, cnpj_escritorio text, telefone text, email text,
  endereco_cep char(8), endereco_uf char(2), endereco_codigo_ibge char(7) references municipio (codigo_ibge),
  endereco_municipio text, endereco_logradouro text, endereco_numero text, endereco_bairro text, endereco_complemento text,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index contador_cpf_uq on contador (assinante_id, cpf);
select app_proteger_tabela('contador');

create table condutor (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  nome text not null, cpf char(11) not null, rg text, cnh char(11), categoria_cnh text, validade_cnh date, telefone text,
  veiculo_padrao_placa text, veiculo_padrao_renavam char(11), veiculo_padrao_uf char(2),
  veiculo_padrao_tara_kg numeric(15, 3), veiculo_padrao_capacidade_kg numeric(15, 3),
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index condutor_cpf_uq on condutor (assinante_id, cpf);
select app_proteger_tabela('condutor');

-- the store register (Administrativo > Lojas) on the foundation's table
alter table loja add column id_externo text;
alter table loja add column holding_id integer;
alter table loja add column contador_id integer;
alter table loja add column complemento text;
alter table loja add foreign key (assinante_id, holding_id) references holding (assinante_id, id);
alter table loja add foreign key (assinante_id, contador_id) references contador (assinante_id, id);
