-- Financeiro registers (domain.md §2): motivos (cancelamento, desconto, acréscimo),
-- histórico padrão, espécie de documento, agente financeiro, conta corrente, formas de pagamento.
-- Same shape as 0010: assinante_id + RLS (app_proteger_tabela: enable + FORCE + assinante_isolamento),
-- composite (assinante_id, id) keys so a reference can never point at another tenant's row.

create table motivo_cancelamento (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao        text not null check (char_length(descricao) <= 255),
  aplicacao        text[] not null default '{}'
                   check (aplicacao <@ array['CUPOM_NFCE', 'NFE', 'ITEM_PDV', 'TITULO', 'PEDIDO_VENDA', 'PEDIDO_COMPRA']),
  exige_observacao boolean not null default false,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index motivo_cancelamento_descricao_uq on motivo_cancelamento (assinante_id, lower(descricao)) where ativo;
create index motivo_cancelamento_descricao_trgm on motivo_cancelamento using gin (unaccent(descricao) gin_trgm_ops);
select app_proteger_tabela('motivo_cancelamento');

create table motivo_desconto (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao                    text not null,
  aplicacao                    text[] not null default '{}' check (aplicacao <@ array['PDV_ITEM', 'PDV_TOTAL', 'BAIXA_TITULO', 'PEDIDO']),
  percentual_maximo            numeric(7, 4) check (percentual_maximo between 0 and 100),
  exige_autorizacao_supervisor boolean not null default false,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index motivo_desconto_descricao_uq on motivo_desconto (assinante_id, lower(descricao)) where ativo;
create index motivo_desconto_descricao_trgm on motivo_desconto using gin (unaccent(descricao) gin_trgm_ops);
select app_proteger_tabela('motivo_desconto');

create table motivo_acrescimo (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao                    text not null,
  aplicacao                    text[] not null default '{}' check (aplicacao <@ array['PDV_ITEM', 'PDV_TOTAL', 'BAIXA_TITULO', 'PEDIDO']),
  percentual_maximo            numeric(7, 4) check (percentual_maximo between 0 and 100),
  exige_autorizacao_supervisor boolean not null default false,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index motivo_acrescimo_descricao_uq on motivo_acrescimo (assinante_id, lower(descricao)) where ativo;
create index motivo_acrescimo_descricao_trgm on motivo_acrescimo using gin (unaccent(descricao) gin_trgm_ops);
select app_proteger_tabela('motivo_acrescimo');


create table historico_padrao (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  codigo         integer not null check (codigo between 1 and 999999),
  descricao      text not null check (char_length(descricao) <= 100),
  natureza       text not null default 'AMBOS' check (natureza in ('DEBITO', 'CREDITO', 'AMBOS')),
  aplicacao      text[] not null default '{}' check (aplicacao <@ array['CONTA_CORRENTE', 'PAGAR', 'RECEBER', 'CAIXA']),
  conta_contabil text,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index historico_padrao_codigo_uq on historico_padrao (assinante_id, codigo);
create unique index historico_padrao_descricao_uq on historico_padrao (assinante_id, lower(descricao)) where ativo;
create index historico_padrao_descricao_trgm on historico_padrao using gin (unaccent(descricao) gin_trgm_ops);
select app_proteger_tabela('historico_padrao');

create table especie_documento (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  sigla                  text not null check (sigla ~ '^[A-Z0-9]{1,5}$'),
  descricao              text not null,
  aplicacao              text not null default 'AMBOS' check (aplicacao in ('PAGAR', 'RECEBER', 'AMBOS')),
  gera_boleto            boolean not null default false,
  exige_numero_documento boolean not null default false,
  codigo_cnab            text,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
-- the sigla is unique among all rows (inactive ones too): integrations look it up by sigla
create unique index especie_documento_sigla_uq on especie_documento (assinante_id, sigla);
create unique index especie_documento_descricao_uq on especie_documento (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('especie_documento');

create table agente_financeiro (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao    text not null,
  tipo         text not null check (tipo in ('BANCO', 'ADQUIRENTE', 'FINANCEIRA', 'COOPERATIVA', 'CAIXA_INTERNO')),
  -- COMPE code from the official banks table (BCB list loaded by seed-fiscal)
  codigo_banco char(3) references banco (compe),
  ispb         char(8),
  cnpj         text,
  taxa_padrao  numeric(7, 4) check (taxa_padrao between 0 and 100),
  site         text,
  telefone     text,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  check (tipo <> 'BANCO' or codigo_banco is not null)
);
create unique index agente_financeiro_descricao_uq on agente_financeiro (assinante_id, lower(descricao)) where ativo;
create index agente_financeiro_descricao_trgm on agente_financeiro using gin (unaccent(descricao) gin_trgm_ops);
create index agente_financeiro_banco_idx on agente_financeiro (codigo_banco);
select app_proteger_tabela('agente_financeiro');

create table conta_corrente (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao            text not null,
  loja_id              integer not null,
  tipo_conta           text not null default 'CORRENTE' check (tipo_conta in ('CORRENTE', 'POUPANCA', 'CAIXA', 'APLICACAO', 'RECEBIVEIS_CARTAO')),
  agente_financeiro_id integer,
  agencia              text check (agencia ~ '^\d{1,5}$'),
  agencia_digito       char(1) check (agencia_digito ~ '^[0-9XP]$'),
  numero_conta         text check (numero_conta ~ '^\d{1,12}$'),
  numero_conta_digito  char(1) check (numero_conta_digito ~ '^[0-9XP]$'),
  carteira             text,
  convenio             text,
  tipo_chave_pix       text check (tipo_chave_pix in ('CPF_CNPJ', 'EMAIL', 'TELEFONE', 'ALEATORIA')),
  chave_pix            text,
  saldo_inicial        numeric(15, 2) not null default 0,
  data_saldo_inicial   date not null,
  limite               numeric(15, 2),
  conta_contabil       text,
  utiliza_conciliacao  boolean not null default false,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  foreign key (assinante_id, agente_financeiro_id) references agente_financeiro (assinante_id, id),
  check (tipo_conta = 'CAIXA' or (agente_financeiro_id is not null and agencia is not null and numero_conta is not null))
);
-- bank + branch + account identify an account (OFX import finds it by BANKID + ACCTID)
create unique index conta_corrente_bancaria_uq on conta_corrente (assinante_id, agente_financeiro_id, agencia, numero_conta)
  where agencia is not null and numero_conta is not null;
create unique index conta_corrente_descricao_uq on conta_corrente (assinante_id, lower(descricao)) where ativo;
create index conta_corrente_loja_idx on conta_corrente (loja_id);
create index conta_corrente_conciliacao_idx on conta_corrente (assinante_id) where utiliza_conciliacao and ativo;
select app_proteger_tabela('conta_corrente');

create table forma_pagamento (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao              text not null,
  -- NFC-e tPag (MOC)
  tipo_pagamento         char(2) not null check (tipo_pagamento in ('01','02','03','04','05','10','11','12','13','15','16','17','18','19','20','90','99')),
  descricao_pagamento    text,
  permite_troco          boolean not null default false,
  utiliza_tef            boolean not null default false,
  exige_cliente          boolean not null default false,
  abre_gaveta            boolean not null default false,
  agente_financeiro_id   integer,
  especie_documento_id   integer,
  prazo_recebimento_dias integer check (prazo_recebimento_dias between 0 and 365),
  taxa_administracao     numeric(7, 4) check (taxa_administracao between 0 and 100),
  valor_minimo           numeric(15, 2) check (valor_minimo >= 0),
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, agente_financeiro_id) references agente_financeiro (assinante_id, id),
  foreign key (assinante_id, especie_documento_id) references especie_documento (assinante_id, id)
);
create unique index forma_pagamento_descricao_uq on forma_pagamento (assinante_id, lower(descricao)) where ativo;
create index forma_pagamento_tipo_idx on forma_pagamento (assinante_id, tipo_pagamento);
select app_proteger_tabela('forma_pagamento');
