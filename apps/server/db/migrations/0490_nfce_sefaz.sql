-- NFC-e toward SEFAZ (domain §3.8): the store's NFC-e settings on the Lojas register (série, next number,
-- environment, CSC id; the CSC token and the A1 certificate are sealed secrets in segredo_arquivo, only the
-- certificate's expiry is kept here to be shown and warned), the per-store state of the SEFAZ exchange
-- (656 "consumo indevido" blocks the store's calls until a time; warnings already sent), and the voided
-- ranges (same DDL as the monitor's 0481, `if not exists`: either merge order works).
alter table loja
  add column nfce_serie                 integer check (nfce_serie between 0 and 999),
  add column nfce_proximo_numero        integer check (nfce_proximo_numero between 1 and 999999999),
  add column nfce_ambiente              smallint not null default 2 check (nfce_ambiente in (1, 2)),
  add column nfce_csc_id                text check (nfce_csc_id ~ '^\d{1,6}$'),
  add column nfce_certificado_validade  date;

create table nfce_loja_sefaz (
  assinante_id            integer not null default app_assinante() references assinante (id),
  loja_id                 integer not null,
  -- SEFAZ answered 656: no call for this store before this instant
  bloqueada_ate           timestamptz,
  rejeicao_avisada_em     timestamptz,
  certificado_avisado_em  timestamptz,
  primary key (assinante_id, loja_id)
);
select app_proteger_tabela('nfce_loja_sefaz');

-- created (and protected) only when the monitor's 0481 has not created it first
do $$
begin
  if to_regclass('inutilizacao_nfce') is null then
    create table inutilizacao_nfce (
      assinante_id  integer not null default app_assinante() references assinante (id),
      id            bigint generated always as identity,
      loja_id       integer not null,
      serie         integer not null,
      numero_caixa  integer,
      numero_inicial integer not null,
      numero_final  integer not null,
      justificativa text not null,
      protocolo     text,
      c_stat        integer,
      status        text not null,
      usuario_id    integer,
      criado_em     timestamptz not null default now(),
      primary key (assinante_id, id)
    );
    perform app_proteger_tabela('inutilizacao_nfce');
  end if;
end $$;

-- The hourly warnings' sweep (rejected notes older than the tenant's hours, certificates near their end):
-- the tenants that may have something to say, read across tenants by the owner.
create function app_nfce_avisos_assinantes() returns setof integer
  language sql stable security definer set search_path = public as $$
  select distinct assinante_id from documento_nfce where status = 'REJEITADA'
  union
  select distinct assinante_id from loja where nfce_certificado_validade is not null
$$;
revoke execute on function app_nfce_avisos_assinantes() from public;
grant execute on function app_nfce_avisos_assinantes() to retaguarda_app;
