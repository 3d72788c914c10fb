-- Sources of the inconsistency counters (spec §4, §7 "Counters and holdings"; domain.md §3.7, §4).
-- Filled by the workflows that own them (sales upload, the product fiscal checker and lots);
-- the counters only read them, per the caller's stores.

-- Sales-upload transactions that the POS → back-office upload could not post (domain.md §4 "Subida de vendas").
create table subida_venda_transacao (
  assinante_id   integer not null references assinante (id),
  id             bigserial primary key,
  loja_id        integer not null references loja (id),
  pdv            integer not null,
  numero_cupom   integer,
  chave          char(44),
  data_movimento date not null,
  data_hora      timestamptz not null,
  operador       text,
  valor          numeric(15, 2) not null,
  tipo_erro      text not null check (tipo_erro in ('PRODUTO_NAO_CADASTRADO', 'PRODUTO_INATIVO', 'FINALIZADORA_NAO_CADASTRADA',
                   'OPERADOR_NAO_CADASTRADO', 'PDV_NAO_CADASTRADO', 'CUPOM_DUPLICADO', 'TOTAL_DIVERGENTE', 'MOVIMENTO_FECHADO',
                   'CLIENTE_NAO_CADASTRADO', 'TRIBUTACAO_AUSENTE')),
  mensagem       text not null,
  -- the POS JSON exactly as received, so it can be reprocessed once the master data is fixed
  payload        jsonb not null default '{}'::jsonb,
  status         text not null default 'PENDENTE' check (status in ('PENDENTE', 'REPROCESSADA', 'DESCARTADA')),
  tentativas     integer not null default 1,
  criado_em      timestamptz not null default now(),
  alterado_em    timestamptz not null default now()
);
create index subida_venda_pendente_idx on subida_venda_transacao (assinante_id, loja_id, tipo_erro) where status = 'PENDENTE';

-- Product fiscal inconsistencies found by the checker (domain.md §3.7), open until resolved.
-- loja_id null: the problem is the product's own (NCM, CEST), valid for every store.
-- produto_id null: an item of imported data that never became a product (e.g. an NCM absent
-- from the official table cannot be saved in the register); codigo/descricao keep what it was.
create table inconsistencia_produto (
  assinante_id integer not null references assinante (id),
  id           bigserial primary key,
  produto_id   integer references produto (id) on delete cascade,
  loja_id      integer references loja (id),
  codigo       text,
  descricao    text not null,
  tipo         text not null check (tipo in ('SEM_NCM', 'NCM_INEXISTENTE_OU_VENCIDO', 'SEM_CEST', 'CEST_INCOMPATIVEL_NCM',
                 'SEM_NATUREZA_RECEITA', 'CST_PIS_COFINS_INCOMPATIVEL', 'SEM_REGIME_ESTADUAL_LOJA', 'SEM_SITUACAO_FISCAL',
                 'CST_INCOMPATIVEL_CRT', 'GTIN_INVALIDO', 'CFOP_NAO_PERMITIDO_NFCE',
                 -- no tax scenario yields a CFOP/CST for the product in the store (counted as inconsistenciasDeTributacao)
                 'SEM_CENARIO_FISCAL')),
  valor_atual  text,
  detalhe      text,
  detectada_em timestamptz not null default now(),
  resolvida_em timestamptz
);
create index inconsistencia_produto_aberta_idx on inconsistencia_produto (assinante_id, tipo, loja_id) where resolvida_em is null;

do $$
declare t text;
begin
  foreach t in array array['subida_venda_transacao', 'inconsistencia_produto']
  loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy assinante_isolamento on %I using (assinante_id = app_assinante()) '
                   'with check (assinante_id = app_assinante())', t);
  end loop;
end $$;
