-- NFC-e monitoring (domain §3.8): the document row written by the POS upload (0460) gains what the monitor
-- filters and shows without reading the partitioned cupons (store-local emission time, PDV/caixa, operator,
-- value, consumer's CPF) and what the SEFAZ actions keep (attempts, authorisation, a version for the lock);
-- every SEFAZ exchange is an event in its own insert-only table (the document's timeline).
alter table documento_nfce
  add column emissao_local  timestamp,
  add column numero_caixa   integer,
  add column operador_id    integer,
  add column valor          numeric(15, 2),
  add column cpf_consumidor text,
  add column tentativas     integer not null default 0,
  add column autorizado_em  timestamptz,
  add column atualizado_em  timestamptz not null default now(),
  add column versao         integer not null default 0;

update documento_nfce d
   set emissao_local = c.data_hora_abertura, numero_caixa = c.numero_caixa, operador_id = c.funcionario_id,
       valor = c.valor, cpf_consumidor = c.cpf_na_nota
  from cupom_fiscal c
 where c.assinante_id = d.assinante_id and c.data = d.data and c.id = d.cupom_id;

-- the monitor's default screen: a status over store-local days, all the user's stores
create index documento_nfce_status_data_idx on documento_nfce (assinante_id, status, data, loja_id);
-- "faixa": the numbers used per store, série and caixa (gaps are numbers never used)
create index documento_nfce_numeracao_idx on documento_nfce (assinante_id, loja_id, serie, numero);

create table evento_nfce (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           bigint generated always as identity,
  chave        char(44) not null,
  -- EMISSAO (as uploaded), CONSULTA, REENVIO, CANCELAMENTO, INUTILIZACAO, CONTINGENCIA, FALHA (no answer)
  tipo         text not null,
  c_stat       integer,
  x_motivo     text,
  protocolo    text,
  -- the status the document had after this event (null when unchanged)
  status       text,
  justificativa text,
  xml_envio    text,
  xml_retorno  text,
  usuario_id   integer,
  ocorrido_em  timestamptz not null default now(),
  primary key (assinante_id, id)
);
create index evento_nfce_chave_idx on evento_nfce (assinante_id, chave, id);
select app_proteger_tabela('evento_nfce');
