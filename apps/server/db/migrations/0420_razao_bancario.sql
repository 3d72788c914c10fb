-- Bank ledger (domain §2.2; ledger/README.md): the second ledger on the ledger kit. lancamento_bancario is
-- insert-only for the app role (grants.sql revokes update/delete on it and its partitions): a correction is a
-- reversing entry (estorno_de). Partitioned by month on the store-local business date; the postings of one
-- account hold its lock (modules/financeiro/razao-bancario.ts) and refuse a date in its closed period.
create table lancamento_bancario (
  assinante_id       integer not null default app_assinante(),
  id                 bigint generated always as identity,
  conta_corrente_id  integer not null,
  loja_id            integer not null,
  data               date not null,
  lancado_em         timestamptz not null default now(),
  ocorrido_em        timestamptz not null default now(),
  tipo               text not null check (tipo in ('CREDITO', 'DEBITO')),
  valor              numeric(15, 2) not null check (valor > 0),
  historico_padrao_id integer,
  complemento        text,
  numero_documento   text,
  origem             text not null check (origem in ('MANUAL', 'TARIFA', 'TRANSFERENCIA', 'TITULO_PAGAR',
                       'TITULO_RECEBER', 'SANGRIA_PDV', 'CONCILIACAO')),
  -- the two entries of one transfer share it
  transferencia_id   uuid,
  estorno_de         bigint,
  usuario_id         integer,
  primary key (assinante_id, data, id)
) partition by range (data);
create table lancamento_bancario_padrao partition of lancamento_bancario default;
-- statements: one account in date order; a reversal finds its original
create index lancamento_bancario_conta_idx on lancamento_bancario (assinante_id, conta_corrente_id, data, id);
create index lancamento_bancario_estorno_idx on lancamento_bancario (assinante_id, estorno_de) where estorno_de is not null;
create index lancamento_bancario_id_idx on lancamento_bancario (assinante_id, id);
select app_proteger_tabela('lancamento_bancario');
select app_proteger_tabela('lancamento_bancario_padrao');

create function app_banco_particoes(de date, ate date) returns integer
  language plpgsql security definer set search_path = public as $$
declare
  m date := date_trunc('month', de)::date;
  nome text;
  n integer := 0;
begin
  while m <= ate loop
    nome := 'lancamento_bancario_' || to_char(m, 'YYYYMM');
    if to_regclass(nome) is null then
      execute format('create table %I partition of lancamento_bancario for values from (%L) to (%L)',
                     nome, m, (m + interval '1 month')::date);
      perform app_proteger_tabela(nome);
      execute format('grant select, insert on %I to retaguarda_app', nome);
      n := n + 1;
    end if;
    m := (m + interval '1 month')::date;
  end loop;
  return n;
end $$;
revoke execute on function app_banco_particoes(date, date) from public;
select app_banco_particoes(date '2024-01-01', (current_date + interval '24 months')::date);

-- Closing balance per account and day with entries (the movements only: the account's balance adds
-- conta_corrente.saldo_inicial), with the day's credits, debits and count for statements.
create table saldo_bancario_dia (
  assinante_id      integer not null default app_assinante() references assinante (id),
  conta_corrente_id integer not null,
  data              date not null,
  valor_dia         numeric(15, 2) not null,
  saldo             numeric(15, 2) not null,
  creditos          numeric(15, 2) not null default 0,
  debitos           numeric(15, 2) not null default 0,
  movimentos        integer not null default 0,
  primary key (assinante_id, conta_corrente_id, data),
  foreign key (assinante_id, conta_corrente_id) references conta_corrente (assinante_id, id)
);
select app_proteger_tabela('saldo_bancario_dia');

-- An account closed up to a date (a finished reconciliation): entries on or before it are refused.
create table fechamento_conta_corrente (
  assinante_id      integer not null default app_assinante() references assinante (id),
  conta_corrente_id integer not null,
  fechado_ate       date,
  alterado_por      integer,
  alterado_em       timestamptz not null default now(),
  primary key (assinante_id, conta_corrente_id),
  foreign key (assinante_id, conta_corrente_id) references conta_corrente (assinante_id, id) on delete cascade
);
select app_proteger_tabela('fechamento_conta_corrente');
