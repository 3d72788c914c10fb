-- Fiscal and Frente de loja registers: processo judicial (domain.md §3.1), ramo de atuação
-- (§3, permission FIGURA_FISCAL) and mensagens promocionais (§4). RLS and composite tenant keys as in 0010.

create table processo_judicial (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  -- JUDICIAL: CNJ number, masked NNNNNNN-DD.AAAA.J.TR.OOOO (check digit verified by the register hook)
  numero_processo     text not null,
  tipo                text not null default 'JUDICIAL' check (tipo in ('JUDICIAL', 'ADMINISTRATIVO')),
  origem              text not null check (origem in ('0', '1', '2', '3', '4', '9')),
  tributos            text[] not null check (cardinality(tributos) > 0
                      and tributos <@ array['ICMS', 'ICMS_ST', 'PIS', 'COFINS', 'IPI', 'ISS', 'CPRB', 'IRPJ', 'CSLL']),
  indicador_suspensao text not null check (indicador_suspensao in
                      ('LIMINAR_MS', 'TUTELA_ANTECIPADA', 'SENTENCA_FAVORAVEL', 'TRANSITO_EM_JULGADO', 'DEPOSITO_JUDICIAL', 'SEM_SUSPENSAO')),
  descricao_decisao   text not null,
  data_decisao        date not null,
  vigencia_inicio     date not null,
  vigencia_fim        date check (vigencia_fim >= vigencia_inicio),
  uf_vara             char(2),
  municipio_vara      char(7) references municipio (codigo_ibge),
  id_vara             text,
  secao_judiciaria    text,
  lojas               integer[] not null check (cardinality(lojas) > 0),
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index processo_judicial_numero_uq on processo_judicial (assinante_id, numero_processo);
create index processo_judicial_numero_trgm on processo_judicial using gin (numero_processo gin_trgm_ops);
create index processo_judicial_lojas_idx on processo_judicial using gin (lojas);
create index processo_judicial_tributos_idx on processo_judicial using gin (tributos);
-- "vigente em" filter of the list
create index processo_judicial_vigencia_idx on processo_judicial (assinante_id, vigencia_inicio, vigencia_fim);
select app_proteger_tabela('processo_judicial');

create table ramo_atuacao (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  descricao        text not null,
  ind_ie_dest      char(1) not null default '9' check (ind_ie_dest in ('1', '2', '9')),
  consumidor_final boolean not null default false,
  optante_simples  boolean not null default false,
  produtor_rural   boolean not null default false,
  orgao_publico    boolean not null default false,
  aplica_st        boolean not null default false,
  aplica_difal     boolean not null default false,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id)
);
create unique index ramo_atuacao_descricao_uq on ramo_atuacao (assinante_id, lower(descricao)) where ativo;
select app_proteger_tabela('ramo_atuacao');

create table mensagem_promocional (
  assinante_id integer not null default app_assinante() references assinante (id),
  id serial primary key, id_externo text, ativo boolean not null default true,
  titulo             text not null,
  texto              text not null,
  local              text not null default 'RODAPE_CUPOM' check (local in ('RODAPE_CUPOM', 'TELA_CLIENTE', 'TELA_OPERADOR')),
  lojas              integer[] not null check (cardinality(lojas) > 0),
  vigencia_inicio    date not null,
  vigencia_fim       date check (vigencia_fim >= vigencia_inicio),
  dias_semana        text[] not null default '{}' check (dias_semana <@ array['DOM', 'SEG', 'TER', 'QUA', 'QUI', 'SEX', 'SAB']),
  hora_inicio        text check (hora_inicio ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  hora_fim           text check (hora_fim ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  prioridade         integer not null default 0 check (prioridade between 0 and 99),
  valor_minimo_cupom numeric(15, 2) check (valor_minimo_cupom >= 0),
  produto_id         integer,
  secao_id           integer,
  criado_em timestamptz not null default now(), alterado_em timestamptz not null default now(), versao integer not null default 1,
  unique (assinante_id, id),
  foreign key (assinante_id, produto_id) references produto (assinante_id, id),
  foreign key (assinante_id, secao_id) references secao (assinante_id, id)
);
create index mensagem_promocional_lojas_idx on mensagem_promocional using gin (lojas);
-- the POS asks for the messages in force today
create index mensagem_promocional_vigencia_idx on mensagem_promocional (assinante_id, vigencia_inicio, vigencia_fim) where ativo;
create index mensagem_promocional_titulo_trgm on mensagem_promocional using gin (unaccent(titulo) gin_trgm_ops);
select app_proteger_tabela('mensagem_promocional');
