-- Purchase invoices and receiving (domain §8, issue "Purchasing"): the supplier's NF-e entered from its XML
-- or typed (DIGITADA), optionally counted in a conferência (EM_CONFERENCIA), then confirmed (CONFIRMADA):
-- the confirmation posts ENTRADA_NF into the stock ledger (documento_tipo NOTA_FISCAL_COMPRA, documento_id
-- = id) at the item's entry cost, and the parcels (the XML's duplicatas or typed) stay for accounts payable.
-- Numbered per tenant. One invoice per chave de acesso (a unique key: a second entry answers 409).
create table nota_fiscal_compra (
  assinante_id        integer not null default app_assinante() references assinante (id),
  id                  integer not null,
  loja_id             integer not null,
  fornecedor_id       integer not null,
  local_id            integer not null,
  status              text not null default 'DIGITADA'
                      check (status in ('DIGITADA', 'EM_CONFERENCIA', 'CONFIRMADA', 'CANCELADA')),
  origem              text not null check (origem in ('XML', 'DIGITACAO')),
  modelo              text not null default '55',
  serie               text not null,
  numero_nota         bigint not null check (numero_nota > 0),
  chave_da_nfe        text,
  natureza_operacao   text,
  data_emissao        timestamp not null,
  data_entrada        date not null,
  valor_produtos      numeric(15, 2) not null default 0,
  valor_frete         numeric(15, 2) not null default 0,
  valor_seguro        numeric(15, 2) not null default 0,
  valor_desconto      numeric(15, 2) not null default 0,
  valor_outras        numeric(15, 2) not null default 0,
  base_icms           numeric(15, 2) not null default 0,
  valor_icms          numeric(15, 2) not null default 0,
  base_icms_st        numeric(15, 2) not null default 0,
  valor_icms_st       numeric(15, 2) not null default 0,
  valor_ipi           numeric(15, 2) not null default 0,
  valor_pis           numeric(15, 2) not null default 0,
  valor_cofins        numeric(15, 2) not null default 0,
  valor_do_documento  numeric(15, 2) not null check (valor_do_documento >= 0),
  quantidade_itens    integer not null,
  observacao          text,
  usuario_id          integer,
  confirmada_em       timestamptz,
  criado_em           timestamptz not null default now(),
  alterado_em         timestamptz not null default now(),
  versao              integer not null default 1,
  primary key (assinante_id, id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  foreign key (assinante_id, fornecedor_id) references fornecedor (assinante_id, id),
  foreign key (assinante_id, local_id) references local_estoque (assinante_id, id)
);
create unique index nota_fiscal_compra_chave_uq on nota_fiscal_compra (assinante_id, chave_da_nfe)
  where chave_da_nfe is not null;
create unique index nota_fiscal_compra_numero_uq
  on nota_fiscal_compra (assinante_id, fornecedor_id, modelo, serie, numero_nota) where status <> 'CANCELADA';
create index nota_fiscal_compra_loja_idx on nota_fiscal_compra (assinante_id, loja_id, data_emissao desc);
select app_proteger_tabela('nota_fiscal_compra');
select app_numerar_tabela('nota_fiscal_compra');

-- The invoice's items with the tax values as the supplier wrote them; `quantidade` and `custo_unitario` in
-- the product's own unit (the supplier's unit × the pack factor), `quantidade_recebida` set by a conferência.
create table item_nota_fiscal_compra (
  assinante_id         integer not null default app_assinante() references assinante (id),
  nota_id              integer not null,
  ordem                integer not null,
  produto_id           integer not null,
  codigo_fornecedor    text,
  ean                  text,
  descricao            text not null,
  ncm                  text,
  cest                 text,
  cfop                 text,
  unidade_comercial    text,
  quantidade_comercial numeric(18, 4) not null check (quantidade_comercial > 0),
  valor_unitario       numeric(21, 10) not null check (valor_unitario >= 0),
  fator                numeric(15, 3) not null default 1 check (fator > 0),
  quantidade           numeric(18, 4) not null check (quantidade > 0),
  valor_total          numeric(15, 2) not null check (valor_total >= 0),
  valor_desconto       numeric(15, 2) not null default 0,
  valor_frete          numeric(15, 2) not null default 0,
  valor_seguro         numeric(15, 2) not null default 0,
  valor_outras         numeric(15, 2) not null default 0,
  origem_mercadoria    text,
  cst_icms             text,
  base_icms            numeric(15, 2) not null default 0,
  aliquota_icms        numeric(7, 4) not null default 0,
  valor_icms           numeric(15, 2) not null default 0,
  base_icms_st         numeric(15, 2) not null default 0,
  aliquota_icms_st     numeric(7, 4) not null default 0,
  valor_icms_st        numeric(15, 2) not null default 0,
  cst_ipi              text,
  aliquota_ipi         numeric(7, 4) not null default 0,
  valor_ipi            numeric(15, 2) not null default 0,
  cst_pis              text,
  aliquota_pis         numeric(7, 4) not null default 0,
  valor_pis            numeric(15, 2) not null default 0,
  cst_cofins           text,
  aliquota_cofins      numeric(7, 4) not null default 0,
  valor_cofins         numeric(15, 2) not null default 0,
  -- the entry cost per product unit: (total − discount + freight + insurance + other + IPI + ICMS-ST) / quantity
  custo_unitario       numeric(18, 6) not null check (custo_unitario >= 0),
  quantidade_recebida  numeric(18, 4),
  primary key (assinante_id, nota_id, ordem),
  foreign key (assinante_id, nota_id) references nota_fiscal_compra (assinante_id, id) on delete cascade,
  foreign key (assinante_id, produto_id) references produto (assinante_id, id)
);
create index item_nota_fiscal_compra_produto_idx on item_nota_fiscal_compra (assinante_id, produto_id);
select app_proteger_tabela('item_nota_fiscal_compra');

-- What accounts payable will need: the payment parcels (the XML's duplicatas, or typed).
create table parcela_nota_fiscal_compra (
  assinante_id  integer not null default app_assinante() references assinante (id),
  nota_id       integer not null,
  numero        text not null,
  vencimento    date not null,
  valor         numeric(15, 2) not null check (valor > 0),
  primary key (assinante_id, nota_id, numero),
  foreign key (assinante_id, nota_id) references nota_fiscal_compra (assinante_id, id) on delete cascade
);
select app_proteger_tabela('parcela_nota_fiscal_compra');

-- Conferência: counting what arrived against one invoice; closing it confirms the invoice with the counted
-- quantities (the divergences stay on the items). At most one open or closed per invoice.
create table conferencia_compra (
  assinante_id   integer not null default app_assinante() references assinante (id),
  id             integer not null,
  loja_id        integer not null,
  nota_id        integer not null,
  status         text not null default 'ABERTA' check (status in ('ABERTA', 'FECHADA', 'CANCELADA')),
  observacao     text,
  usuario_id     integer,
  aberta_em      timestamptz not null default now(),
  fechada_em     timestamptz,
  divergencias   integer not null default 0,
  versao         integer not null default 1,
  primary key (assinante_id, id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id),
  foreign key (assinante_id, nota_id) references nota_fiscal_compra (assinante_id, id)
);
create unique index conferencia_compra_nota_uq on conferencia_compra (assinante_id, nota_id)
  where status <> 'CANCELADA';
create index conferencia_compra_loja_idx on conferencia_compra (assinante_id, loja_id, id desc);
select app_proteger_tabela('conferencia_compra');
select app_numerar_tabela('conferencia_compra');

-- The counted quantity per product (a count adds to it: a scanner beep, a collector line, the SDK's batch).
create table item_conferencia_compra (
  assinante_id     integer not null default app_assinante() references assinante (id),
  conferencia_id   integer not null,
  produto_id       integer not null,
  quantidade       numeric(18, 4) not null check (quantidade >= 0),
  contagens        integer not null default 1,
  contado_em       timestamptz not null default now(),
  primary key (assinante_id, conferencia_id, produto_id),
  foreign key (assinante_id, conferencia_id) references conferencia_compra (assinante_id, id) on delete cascade,
  foreign key (assinante_id, produto_id) references produto (assinante_id, id)
);
select app_proteger_tabela('item_conferencia_compra');
