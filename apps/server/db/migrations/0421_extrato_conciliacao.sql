-- Bank statements (OFX import, domain §2.3) and reconciliations (§2.4). A statement line's identity is
-- account + FITID + date + amount + memo + its ordinal among otherwise identical lines (never its place in
-- the file): re-importing a file adds nothing, two identical fee lines stay two.
create table extrato_bancario (
  assinante_id      integer not null default app_assinante() references assinante (id),
  id                integer generated always as identity,
  conta_corrente_id integer not null,
  loja_id           integer not null,
  nome_arquivo      text,
  banco             text,
  agencia           text,
  conta             text,
  periodo_inicio    date,
  periodo_fim       date,
  saldo_extrato     numeric(15, 2),
  data_saldo        date,
  importado_em      timestamptz not null default now(),
  usuario_id        integer,
  quantidade_linhas integer not null default 0,
  status            text not null default 'IMPORTADO'
                      check (status in ('IMPORTADO', 'PARCIALMENTE_CONCILIADO', 'CONCILIADO')),
  primary key (assinante_id, id),
  foreign key (assinante_id, conta_corrente_id) references conta_corrente (assinante_id, id)
);
create index extrato_bancario_conta_idx on extrato_bancario (assinante_id, conta_corrente_id, periodo_fim);
select app_proteger_tabela('extrato_bancario');

create table extrato_linha (
  assinante_id      integer not null default app_assinante() references assinante (id),
  id                bigint generated always as identity,
  extrato_id        integer not null,
  conta_corrente_id integer not null,
  identidade        text not null,
  fit_id            text,
  tipo_transacao    text not null,
  data              date not null,
  -- signed: negative = débito
  valor             numeric(15, 2) not null check (valor <> 0),
  descricao         text,
  numero_documento  text,
  -- dated after the file's DTSERVER: kept out of matching until its date
  futura            boolean not null default false,
  ignorado          boolean not null default false,
  primary key (assinante_id, id),
  foreign key (assinante_id, extrato_id) references extrato_bancario (assinante_id, id) on delete cascade
);
create unique index extrato_linha_identidade_uq on extrato_linha (assinante_id, conta_corrente_id, identidade);
create index extrato_linha_conta_data_idx on extrato_linha (assinante_id, conta_corrente_id, data);
create index extrato_linha_extrato_idx on extrato_linha (assinante_id, extrato_id, id);
select app_proteger_tabela('extrato_linha');

-- A reconciliation: statement lines matched to ledger entries with an exact sum. Its links live in their own
-- tables (ledger rows are never updated); an active link locks its side; Desconciliar deactivates them.
create table conciliacao (
  assinante_id      integer not null default app_assinante() references assinante (id),
  id                bigint generated always as identity,
  conta_corrente_id integer not null,
  usuario_id        integer,
  -- the rule that made it (auto-reconciliation), when one did
  regra_id          integer,
  criado_em         timestamptz not null default now(),
  ativo             boolean not null default true,
  desfeita_em       timestamptz,
  desfeita_por      integer,
  primary key (assinante_id, id),
  foreign key (assinante_id, conta_corrente_id) references conta_corrente (assinante_id, id)
);
create index conciliacao_conta_idx on conciliacao (assinante_id, conta_corrente_id, criado_em);
select app_proteger_tabela('conciliacao');

create table conciliacao_linha (
  assinante_id   integer not null default app_assinante() references assinante (id),
  conciliacao_id bigint not null,
  linha_id       bigint not null,
  ativo          boolean not null default true,
  primary key (assinante_id, conciliacao_id, linha_id),
  foreign key (assinante_id, conciliacao_id) references conciliacao (assinante_id, id),
  foreign key (assinante_id, linha_id) references extrato_linha (assinante_id, id) on delete cascade
);
create unique index conciliacao_linha_ativa_uq on conciliacao_linha (assinante_id, linha_id) where ativo;
select app_proteger_tabela('conciliacao_linha');

create table conciliacao_lancamento (
  assinante_id   integer not null default app_assinante() references assinante (id),
  conciliacao_id bigint not null,
  lancamento_id  bigint not null,
  ativo          boolean not null default true,
  primary key (assinante_id, conciliacao_id, lancamento_id),
  foreign key (assinante_id, conciliacao_id) references conciliacao (assinante_id, id)
);
create unique index conciliacao_lancamento_ativo_uq on conciliacao_lancamento (assinante_id, lancamento_id) where ativo;
select app_proteger_tabela('conciliacao_lancamento');
