-- Commercial agreements (domain §8, issue "Purchasing"): a supplier (or a holding: every supplier of it) gives
-- the chain money measured on purchases received (sell-in) or on sales (sell-out) of a product scope in some
-- stores over a period. Numbered per tenant. The apuração is re-runnable: each run replaces the per store ×
-- month figures and the lines (products) it used; receipts are insert-only (grants.sql).
create table acordo_comercial (
  assinante_id        integer not null default app_assinante() references assinante (id),
  id                  integer not null,
  tipo_acordo_id      integer not null,
  fornecedor_id       integer,
  holding_id          integer,
  comprador_id        integer,
  descricao           text,
  escopo_tipo         text not null check (escopo_tipo in ('LINHA_FORNECEDOR', 'SECOES', 'MARCAS', 'PRODUTOS')),
  vigencia_inicio     date not null,
  vigencia_fim        date not null,
  data_vencimento     date not null,
  base                text not null check (base in ('SELL_IN', 'SELL_OUT')),
  forma_valor         text not null check (forma_valor in ('PERCENTUAL', 'VALOR_POR_UNIDADE', 'VALOR_FIXO')),
  valor               numeric(17, 4) not null check (valor >= 0),
  meta_tipo           text not null default 'VALOR' check (meta_tipo in ('VALOR', 'QUANTIDADE')),
  forma_recebimento   text not null
                      check (forma_recebimento in ('ABATIMENTO_TITULO', 'DEPOSITO', 'BONIFICACAO_MERCADORIA', 'BOLETO_FORNECEDOR')),
  valor_previsto      numeric(15, 2) not null default 0 check (valor_previsto >= 0),
  base_valor          numeric(15, 2) not null default 0,
  base_quantidade     numeric(18, 4) not null default 0,
  faixa_atingida      integer,
  valor_apurado       numeric(15, 2) not null default 0,
  valor_recebido      numeric(15, 2) not null default 0,
  status              text not null default 'RASCUNHO'
                      check (status in ('RASCUNHO', 'VIGENTE', 'EM_APURACAO', 'A_RECEBER', 'RECEBIDO_PARCIAL',
                                        'RECEBIDO', 'CANCELADO', 'VENCIDO')),
  motivo_cancelamento text,
  observacao          text,
  usuario_id          integer,
  apurado_em          timestamptz,
  criado_em           timestamptz not null default now(),
  alterado_em         timestamptz not null default now(),
  versao              integer not null default 1,
  primary key (assinante_id, id),
  check ((fornecedor_id is null) <> (holding_id is null)),
  check (vigencia_fim >= vigencia_inicio and data_vencimento >= vigencia_fim),
  check (valor_recebido <= valor_apurado),
  foreign key (assinante_id, tipo_acordo_id) references tipo_acordo (assinante_id, id),
  foreign key (assinante_id, fornecedor_id) references fornecedor (assinante_id, id),
  foreign key (assinante_id, holding_id) references holding (assinante_id, id),
  foreign key (assinante_id, comprador_id) references usuario (assinante_id, id)
);
create index acordo_comercial_status_idx on acordo_comercial (assinante_id, status, data_vencimento);
select app_proteger_tabela('acordo_comercial');
select app_numerar_tabela('acordo_comercial');

create table acordo_comercial_loja (
  assinante_id integer not null default app_assinante() references assinante (id),
  acordo_id    integer not null,
  loja_id      integer not null,
  primary key (assinante_id, acordo_id, loja_id),
  foreign key (assinante_id, acordo_id) references acordo_comercial (assinante_id, id) on delete cascade,
  foreign key (assinante_id, loja_id) references loja (assinante_id, id)
);
create index acordo_comercial_loja_idx on acordo_comercial_loja (assinante_id, loja_id);
select app_proteger_tabela('acordo_comercial_loja');

-- the seções, marcas or products of the scope (none for the supplier's whole line)
create table acordo_comercial_escopo (
  assinante_id integer not null default app_assinante() references assinante (id),
  acordo_id    integer not null,
  ref_id       integer not null,
  primary key (assinante_id, acordo_id, ref_id),
  foreign key (assinante_id, acordo_id) references acordo_comercial (assinante_id, id) on delete cascade
);
select app_proteger_tabela('acordo_comercial_escopo');

-- goals with tiers (rappel): the highest tier reached gives the rate (or the fixed total)
create table acordo_comercial_faixa (
  assinante_id integer not null default app_assinante() references assinante (id),
  acordo_id    integer not null,
  ordem        integer not null,
  meta         numeric(17, 4) not null check (meta > 0),
  valor        numeric(17, 4) not null check (valor >= 0),
  primary key (assinante_id, acordo_id, ordem),
  foreign key (assinante_id, acordo_id) references acordo_comercial (assinante_id, id) on delete cascade
);
select app_proteger_tabela('acordo_comercial_faixa');

-- the last apuração per store and month, and the lines (store × month × product) it used
create table acordo_apuracao (
  assinante_id    integer not null default app_assinante() references assinante (id),
  acordo_id       integer not null,
  loja_id         integer not null,
  mes             date not null,
  base_valor      numeric(15, 2) not null,
  base_quantidade numeric(18, 4) not null,
  valor_apurado   numeric(15, 2) not null,
  linhas          integer not null,
  primary key (assinante_id, acordo_id, loja_id, mes),
  foreign key (assinante_id, acordo_id) references acordo_comercial (assinante_id, id) on delete cascade
);
select app_proteger_tabela('acordo_apuracao');

create table acordo_apuracao_linha (
  assinante_id integer not null default app_assinante() references assinante (id),
  acordo_id    integer not null,
  loja_id      integer not null,
  mes          date not null,
  produto_id   integer not null,
  quantidade   numeric(18, 4) not null,
  valor        numeric(15, 2) not null,
  primary key (assinante_id, acordo_id, loja_id, mes, produto_id),
  foreign key (assinante_id, acordo_id) references acordo_comercial (assinante_id, id) on delete cascade
);
select app_proteger_tabela('acordo_apuracao_linha');

create table acordo_recebimento (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           integer not null,
  acordo_id    integer not null,
  data         date not null,
  valor        numeric(15, 2) not null check (valor > 0),
  forma        text not null
               check (forma in ('ABATIMENTO_TITULO', 'DEPOSITO', 'BONIFICACAO_MERCADORIA', 'BOLETO_FORNECEDOR')),
  documento    text,
  observacao   text,
  usuario_id   integer,
  criado_em    timestamptz not null default now(),
  primary key (assinante_id, id),
  foreign key (assinante_id, acordo_id) references acordo_comercial (assinante_id, id)
);
create index acordo_recebimento_acordo_idx on acordo_recebimento (assinante_id, acordo_id, id);
select app_proteger_tabela('acordo_recebimento');
select app_numerar_tabela('acordo_recebimento');

-- The daily sweep across tenants (security definer: it has no tenant): an agreement to receive whose due date
-- has passed with a balance becomes VENCIDO; how many it changed.
create function app_acordos_vencer(p_hoje date) returns integer
  language sql security definer set search_path = public
  as $$ with v as (
          update acordo_comercial set status = 'VENCIDO', alterado_em = now(), versao = versao + 1
           where status in ('A_RECEBER', 'RECEBIDO_PARCIAL') and data_vencimento < p_hoje
             and valor_apurado > valor_recebido
          returning 1)
        select count(*)::integer from v $$;
