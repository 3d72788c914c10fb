-- Cash operations of the POS terminals (domain §4, Funções PDV: CAIXA): abertura (the change fund),
-- suprimento, sangria and fechamento (the counted cash the operator declares), uploaded like the sales by
-- POST /api/v1/pdv/operacoes-caixa. One row per operation, keyed by store + caixa + the POS's sequencial
-- (a resend with the same content is DUPLICADA; other content under a used key is refused). Insert-only
-- (grants.sql): a wrong operation is corrected by another one, as at the POS. `data` is the store-local day
-- of the local date-time the POS wrote: the drawer's day of the cash summary.
create table operacao_caixa_pdv (
  assinante_id   integer not null default app_assinante() references assinante (id),
  id             bigint generated always as identity,
  loja_id        integer not null,
  numero_caixa   integer not null check (numero_caixa between 1 and 999),
  sequencial     bigint not null check (sequencial > 0),
  tipo           text not null check (tipo in ('ABERTURA', 'SUPRIMENTO', 'SANGRIA', 'FECHAMENTO')),
  data           date not null,
  data_hora      timestamp not null,
  funcionario_id integer,
  supervisor_id  integer,
  valor          numeric(15, 2) not null check (valor >= 0),
  observacao     text,
  conteudo_hash  text not null,
  dispositivo_id integer,
  usuario_id     integer,
  recebido_em    timestamptz not null default now(),
  primary key (assinante_id, id),
  unique (assinante_id, loja_id, numero_caixa, sequencial),
  check (tipo not in ('SANGRIA', 'SUPRIMENTO') or valor > 0),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id)
);
create index operacao_caixa_pdv_dia_idx on operacao_caixa_pdv (assinante_id, loja_id, data, numero_caixa);
select app_proteger_tabela('operacao_caixa_pdv');
