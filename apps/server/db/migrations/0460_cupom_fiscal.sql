-- Store sales uploaded by the POS (domain §4 "Subida de vendas", §7; POST /api/v1/pdv/vendas).
-- A cupom (sale or return) is written once, in the upload's transaction, with its items (the fiscal data as
-- sold), its receipts (one per payment form: insert-only, the receipts ledger) and its NFC-e document row.
-- The big tables are partitioned by month on the store-local sale date (`data`); their unique key cannot
-- hold across partitions, so the cupom's own key (store + caixa + sequencial) lives in `cupom_fiscal_chave`,
-- the set-based dedup target of the upload (`on conflict do nothing`).

-- identificadorId: strictly increasing in acceptance order per tenant (the integrations' cursor, C11
-- `identificadorId=gt=N`): taken from this row under its row lock, held to the upload's commit, so no
-- smaller number can commit after a larger one is visible.
create table cupom_identificador (
  assinante_id integer primary key default app_assinante() references assinante (id),
  ultimo       bigint not null default 0
);
select app_proteger_tabela('cupom_identificador');

create table cupom_fiscal_chave (
  assinante_id     integer not null default app_assinante() references assinante (id),
  loja_id          integer not null,
  numero_caixa     integer not null,
  sequencial       bigint not null,
  identificador_id bigint not null,
  data             date not null,
  -- the content's digest: the same key with other content is CUPOM_DUPLICADO, the same content DUPLICADO
  conteudo_hash    text not null,
  primary key (assinante_id, loja_id, numero_caixa, sequencial)
);
select app_proteger_tabela('cupom_fiscal_chave');

create table cupom_fiscal (
  assinante_id            integer not null default app_assinante(),
  id                      bigint generated always as identity,
  identificador_id        bigint not null,
  loja_id                 integer not null,
  numero_caixa            integer not null,
  sequencial              bigint not null,
  tipo                    text not null default 'VENDA' check (tipo in ('VENDA', 'DEVOLUCAO')),
  -- store-local sale date and local date-times as the POS wrote them (filtered as such)
  data                    date not null,
  data_hora_abertura      timestamp not null,
  data_hora_fechamento    timestamp,
  ocorrido_em             timestamptz not null,
  funcionario_id          integer,
  cliente_id              integer,
  cpf_na_nota             text,
  cancelada               boolean not null default false,
  valor                   numeric(15, 2) not null,
  qtd_itens               integer not null,
  qtd_unidades            numeric(15, 4) not null,
  em_oferta               boolean not null default false,
  chave                   char(44),
  -- returns: the original sale and the store the goods went back to
  coo_venda               bigint,
  data_venda_original     date,
  criado_em               timestamptz not null default now(),
  dispositivo_id          bigint,
  primary key (assinante_id, data, id)
) partition by range (data);
create table cupom_fiscal_padrao partition of cupom_fiscal default;
create index cupom_fiscal_identificador_idx on cupom_fiscal (assinante_id, identificador_id);
create index cupom_fiscal_id_idx on cupom_fiscal (assinante_id, id);
create index cupom_fiscal_loja_idx on cupom_fiscal (assinante_id, loja_id, data, data_hora_abertura);
select app_proteger_tabela('cupom_fiscal');
select app_proteger_tabela('cupom_fiscal_padrao');

create table item_cupom_fiscal (
  assinante_id            integer not null default app_assinante(),
  id                      bigint generated always as identity,
  cupom_id                bigint not null,
  data                    date not null,
  loja_id                 integer not null,
  sequencia               integer not null,
  produto_id              integer not null,
  codigo                  text,
  codigo_auxiliar_id      integer,
  -- the pack factor of the auxiliary code sold (the stock moves quantidade × fator)
  fator                   numeric(15, 4) not null default 1,
  quantidade_venda        numeric(15, 4) not null,
  valor_unidade           numeric(15, 4) not null,
  valor_desconto          numeric(15, 2) not null default 0,
  motivo_desconto         text,
  valor_acrescimo         numeric(15, 2) not null default 0,
  valor_total             numeric(15, 2) not null,
  cancelado               boolean not null default false,
  funcionario_vendedor_id integer,
  preco_venda             numeric(15, 4),
  preco_custo_medio       numeric(15, 6),
  em_oferta               boolean not null default false,
  -- the fiscal data as sold (resolverTributacao at the sale's date)
  ncm                     text,
  cest                    text,
  origem                  text,
  cfop                    text,
  cst                     text,
  csosn                   text,
  aliquota_icms           numeric(7, 4),
  cst_pis                 text,
  aliquota_pis            numeric(7, 4),
  cst_cofins              text,
  aliquota_cofins         numeric(7, 4),
  primary key (assinante_id, data, id)
) partition by range (data);
create table item_cupom_fiscal_padrao partition of item_cupom_fiscal default;
create index item_cupom_fiscal_cupom_idx on item_cupom_fiscal (assinante_id, cupom_id);
create index item_cupom_fiscal_produto_idx on item_cupom_fiscal (assinante_id, loja_id, produto_id, data);
select app_proteger_tabela('item_cupom_fiscal');
select app_proteger_tabela('item_cupom_fiscal_padrao');

-- Receipts per payment form of each cupom (insert-only: a correction is a reversing row). `valor` is what
-- the form settled (payments less change); fee and settlement date from the plan, else the payment form.
create table recebimento_pdv (
  assinante_id           integer not null default app_assinante(),
  id                     bigint generated always as identity,
  cupom_id               bigint not null,
  data                   date not null,
  loja_id                integer not null,
  numero_caixa           integer not null,
  forma_pagamento_id     integer not null,
  plano_pagamento_id     integer,
  valor                  numeric(15, 2) not null,
  troco                  numeric(15, 2) not null default 0,
  parcelas               integer not null default 1,
  nsu                    text,
  bandeira               text,
  taxa_administracao     numeric(7, 4),
  valor_taxa             numeric(15, 2) not null default 0,
  valor_liquido          numeric(15, 2) not null,
  data_prevista          date,
  ocorrido_em            timestamptz not null,
  lancado_em             timestamptz not null default now(),
  primary key (assinante_id, data, id)
) partition by range (data);
create table recebimento_pdv_padrao partition of recebimento_pdv default;
create index recebimento_pdv_loja_idx on recebimento_pdv (assinante_id, loja_id, data);
create index recebimento_pdv_cupom_idx on recebimento_pdv (assinante_id, cupom_id);
create index recebimento_pdv_id_idx on recebimento_pdv (assinante_id, id);
select app_proteger_tabela('recebimento_pdv');
select app_proteger_tabela('recebimento_pdv_padrao');

-- The NFC-e of a cupom, one row per chave (the NFC-e issue reads and updates this document table).
create table documento_nfce (
  assinante_id integer not null default app_assinante() references assinante (id),
  chave        char(44) not null,
  cupom_id     bigint not null,
  data         date not null,
  loja_id      integer not null,
  modelo       text not null default '65',
  serie        integer,
  numero       integer,
  tp_emis      integer,
  status       text,
  c_stat       integer,
  x_motivo     text,
  protocolo    text,
  xml          text,
  criado_em    timestamptz not null default now(),
  primary key (assinante_id, chave)
);
create index documento_nfce_cupom_idx on documento_nfce (assinante_id, cupom_id);
select app_proteger_tabela('documento_nfce');

create function app_cupom_particoes(de date, ate date) returns integer
  language plpgsql security definer set search_path = public as $$
declare
  m date := date_trunc('month', de)::date;
  t text;
  nome text;
  n integer := 0;
begin
  while m <= ate loop
    foreach t in array array['cupom_fiscal', 'item_cupom_fiscal', 'recebimento_pdv'] loop
      nome := t || '_' || to_char(m, 'YYYYMM');
      if to_regclass(nome) is null then
        execute format('create table %I partition of %I for values from (%L) to (%L)',
                       nome, t, m, (m + interval '1 month')::date);
        perform app_proteger_tabela(nome);
        execute format('grant select, insert on %I to retaguarda_app', nome);
        n := n + 1;
      end if;
    end loop;
    m := (m + interval '1 month')::date;
  end loop;
  return n;
end $$;
revoke execute on function app_cupom_particoes(date, date) from public;
select app_cupom_particoes(date '2024-01-01', (current_date + interval '24 months')::date);

-- A pending sale is stored once: a resent one meets its own row (the upload answers DUPLICADO).
create unique index subida_venda_pendente_cupom_uq on subida_venda_transacao (assinante_id, loja_id, pdv, numero_cupom)
  where status = 'PENDENTE' and numero_cupom is not null;
alter table subida_venda_transacao add column motivo_descarte text;
alter table subida_venda_transacao add column cupom_id bigint;
