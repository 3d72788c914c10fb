-- Estoque (domain.md §5), Venda (§7) and Compras (§8) registers: tipo de ajuste, motivo de
-- requisição, local de estoque, setor de produção, motivo de troca/devolução, tipo de acordo.

create table tipo_ajuste (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao            text not null,
  tipo                 text not null check (tipo in ('ENTRADA', 'SAIDA')),
  afeta_custo_medio    boolean not null default false,
  exige_observacao     boolean not null default false,
  uso_inventario       text check (uso_inventario in ('SOBRA', 'FALTA')),
  cfop                 char(4) references cfop_oficial (codigo),
  estorna_credito_icms boolean not null default false,
  conta_contabil       text,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  check (uso_inventario is null or (uso_inventario = 'SOBRA') = (tipo = 'ENTRADA'))
);
create unique index tipo_ajuste_descricao_uq on tipo_ajuste (assinante_id, lower(descricao)) where ativo;
-- one active default type for inventory surplus, one for shortage
create unique index tipo_ajuste_uso_inventario_uq on tipo_ajuste (assinante_id, uso_inventario) where ativo and uso_inventario is not null;
select app_proteger_tabela('tipo_ajuste');

create table motivo_requisicao (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao       text not null,
  tipo            text not null check (tipo in ('CONSUMO_INTERNO', 'TRANSFERENCIA', 'USO_PRODUCAO', 'DEGUSTACAO', 'BRINDE', 'PERDA')),
  exige_aprovacao boolean not null default false,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index motivo_requisicao_descricao_uq on motivo_requisicao (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('motivo_requisicao');

create table local_estoque (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  loja_id        integer not null,
  descricao      text not null,
  tipo           text not null check (tipo in ('LOJA', 'DEPOSITO', 'AVARIA', 'TROCA', 'PRODUCAO', 'TRANSITO')),
  permite_venda  boolean not null default false,
  padrao_venda   boolean not null default false,
  padrao_entrada boolean not null default false,
  inventariavel  boolean not null default true,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  check (not padrao_venda or permite_venda)
);
create unique index local_estoque_descricao_uq on local_estoque (assinante_id, loja_id, lower(descricao)) where ativo;
-- one default sale location and one default entry location per store
create unique index local_estoque_padrao_venda_uq on local_estoque (assinante_id, loja_id) where padrao_venda and ativo;
create unique index local_estoque_padrao_entrada_uq on local_estoque (assinante_id, loja_id) where padrao_entrada and ativo;
create index local_estoque_loja_idx on local_estoque (loja_id);
select app_proteger_tabela('local_estoque');

create table setor_producao (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao          text not null,
  lojas              integer[] not null default '{}',
  local_estoque_id   integer,
  local_consumo_id   integer,
  local_de_impressao text,
  responsavel_id     integer,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, local_estoque_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, local_consumo_id) references local_estoque (assinante_id, id),
  foreign key (assinante_id, responsavel_id) references usuario (assinante_id, id)
);
create unique index setor_producao_descricao_uq on setor_producao (assinante_id, lower(descricao)) where ativo;
create index setor_producao_lojas_idx on setor_producao using gin (lojas);
select app_proteger_tabela('setor_producao');

create table motivo_troca_devolucao (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao          text not null,
  tipo               text not null default 'AMBOS' check (tipo in ('TROCA', 'DEVOLUCAO', 'AMBOS')),
  retorna_estoque    boolean not null default true,
  tipo_local_destino text check (tipo_local_destino in ('LOJA', 'AVARIA', 'TROCA', 'DEPOSITO')),
  gera_vale_troca    boolean not null default false,
  exige_autorizacao  boolean not null default false,
  prazo_maximo_dias  integer check (prazo_maximo_dias between 0 and 365),
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index motivo_troca_devolucao_descricao_uq on motivo_troca_devolucao (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('motivo_troca_devolucao');

create table tipo_acordo (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao                text not null,
  forma_apuracao           text not null check (forma_apuracao in
                           ('VALOR_FIXO', 'PERCENTUAL_COMPRAS', 'PERCENTUAL_VENDAS', 'VALOR_POR_UNIDADE_VENDIDA', 'VALOR_POR_UNIDADE_COMPRADA')),
  forma_recebimento_padrao text not null check (forma_recebimento_padrao in
                           ('ABATIMENTO_TITULO', 'DEPOSITO', 'BONIFICACAO_MERCADORIA', 'BOLETO_FORNECEDOR')),
  exige_contrato_anexo     boolean not null default false,
  especie_documento_id     integer,
  historico_padrao_id      integer,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, especie_documento_id) references especie_documento (assinante_id, id),
  foreign key (assinante_id, historico_padrao_id) references historico_padrao (assinante_id, id)
);
create unique index tipo_acordo_descricao_uq on tipo_acordo (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('tipo_acordo');
