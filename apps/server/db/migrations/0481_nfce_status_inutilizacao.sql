-- NFC-e monitor (domain §3.8). 1) The status the POS uploaded was free text (0460): it is normalised to the
-- document statuses the monitor filters and counts on, by the rule of the domain's status table
-- (packages/domain/src/fiscal/nfce/status.ts: cStat first, then contingency, then the text), and kept to them.
update documento_nfce
   set status = case
     when c_stat in (100, 150) then 'AUTORIZADA'
     when c_stat in (101, 135, 151, 155) then 'CANCELADA'
     when c_stat in (110, 205, 301, 302, 303) then 'DENEGADA'
     when c_stat = 102 then 'INUTILIZADA'
     when upper(trim(coalesce(status, ''))) in ('AUTORIZADA', 'AUTORIZADO') then 'AUTORIZADA'
     when upper(trim(coalesce(status, ''))) in ('CANCELADA', 'CANCELADO') then 'CANCELADA'
     when upper(trim(coalesce(status, ''))) in ('DENEGADA', 'DENEGADO') then 'DENEGADA'
     when upper(trim(coalesce(status, ''))) in ('INUTILIZADA', 'INUTILIZADO') then 'INUTILIZADA'
     when c_stat >= 200 or upper(trim(coalesce(status, ''))) in ('REJEITADA', 'REJEITADO') then 'REJEITADA'
     when tp_emis = 9 or upper(trim(coalesce(status, ''))) in ('CONTINGENCIA', 'CONTINGÊNCIA', 'OFFLINE') then 'CONTINGENCIA'
     else 'PENDENTE'
   end;
alter table documento_nfce alter column status set not null;
alter table documento_nfce add constraint documento_nfce_status_check
  check (status in ('AUTORIZADA', 'REJEITADA', 'CONTINGENCIA', 'PENDENTE', 'CANCELADA', 'DENEGADA', 'INUTILIZADA'));

-- 2) Every document's timeline starts with its EMISSAO (as uploaded); the upload writes it from now on.
insert into evento_nfce (assinante_id, chave, tipo, c_stat, x_motivo, protocolo, status, ocorrido_em)
select d.assinante_id, d.chave, 'EMISSAO', d.c_stat, d.x_motivo, d.protocolo, d.status, d.criado_em
  from documento_nfce d
 where not exists (select 1 from evento_nfce e where e.assinante_id = d.assinante_id and e.chave = d.chave);

-- the monitor with every status (the cards, "faixa"): the period over the user's stores without a status
create index documento_nfce_data_idx on documento_nfce (assinante_id, data, loja_id) include (status, valor);
-- "faixa" reads the numbers used and the caixa that used them from the index alone (one ordered pass)
drop index documento_nfce_numeracao_idx;
create index documento_nfce_numeracao_idx on documento_nfce (assinante_id, loja_id, serie, numero) include (numero_caixa);

-- 3) Voided number ranges (inutilização, cStat 102): the SEFAZ action inserts them (its own module); the
-- monitor's "faixa" search shows them as voided instead of as gaps. numero_caixa null: the range is the
-- série's, whatever PDV would have used it.
create table inutilizacao_nfce (
  assinante_id   integer not null default app_assinante() references assinante (id),
  id             bigint generated always as identity,
  loja_id        integer not null,
  serie          integer not null,
  numero_caixa   integer,
  numero_inicial integer not null,
  numero_final   integer not null,
  justificativa  text not null,
  protocolo      text,
  c_stat         integer,
  status         text not null,
  usuario_id     integer,
  criado_em      timestamptz not null default now(),
  primary key (assinante_id, id),
  check (numero_inicial between 1 and 999999999 and numero_final >= numero_inicial)
);
create index inutilizacao_nfce_faixa_idx on inutilizacao_nfce (assinante_id, loja_id, serie, numero_inicial);
select app_proteger_tabela('inutilizacao_nfce');
