-- Fiscal table maintenance:
-- 1. codes missing from the known-incomplete official tables (CFOP ~2010, CEST 2020) added by an
--    administrator — GLOBAL rows (the codes are national law, the same for every tenant, and other
--    tables reference cfop_oficial by key), insert-only through a SECURITY DEFINER function (the app
--    role still cannot write the official tables), each row marked with who added it and when; the
--    route audits it in the tenant's auditoria. Official rows are never changed.
-- 2. NCM local attributes: CEST links per tenant (ncm_cest) and the NCM's group (grupo_ncm_item),
--    both through the ncm_cadastro view; the official text stays read-only.
-- 3. the product's per-store state ICMS regime (regimesDoProduto, domain §3.3).

alter table cfop_oficial
  add column incluido_por_assinante integer references assinante (id),
  add column incluido_em timestamptz;
alter table cest_codigo
  add column incluido_manualmente boolean not null default false,
  add column incluido_por_assinante integer references assinante (id),
  add column incluido_em timestamptz;
alter table cest_oficial add column incluido_manualmente boolean not null default false;

-- Adds a CFOP missing from the table; false when the code already exists (nothing changes).
create function app_incluir_cfop(p_codigo text, p_descricao text) returns boolean
  language plpgsql security definer set search_path = public as $$
declare
  v_assinante integer := app_assinante();
  n integer;
begin
  if p_codigo !~ '^[123567][0-9]{3}$' then
    raise exception 'CFOP inválido' using errcode = '22023';
  end if;
  if length(trim(coalesce(p_descricao, ''))) not between 3 and 500 then
    raise exception 'descrição inválida' using errcode = '22023';
  end if;
  insert into cfop_oficial (codigo, descricao, tipo, fluxo, utilizavel, incluido_manualmente, incluido_por_assinante, incluido_em)
  values (p_codigo, trim(p_descricao), 'codigo', case when left(p_codigo, 1) in ('1', '2', '3') then 'entrada' else 'saida' end,
          true, true, v_assinante, now())
  on conflict (codigo) do nothing;
  get diagnostics n = row_count;
  return n > 0;
end $$;

-- Adds a CEST (or a new NCM/SH code or prefix of an existing CEST); false when the pair exists.
create function app_incluir_cest(p_codigo text, p_ncm text, p_segmento text, p_descricao text) returns boolean
  language plpgsql security definer set search_path = public as $$
declare
  v_assinante integer := app_assinante();
  n integer;
begin
  if p_codigo !~ '^[0-9]{7}$' or p_ncm !~ '^[0-9]{2,8}$' then
    raise exception 'CEST ou NCM inválido' using errcode = '22023';
  end if;
  if length(trim(coalesce(p_descricao, ''))) not between 3 and 1000 or length(trim(coalesce(p_segmento, ''))) not between 2 and 200 then
    raise exception 'descrição inválida' using errcode = '22023';
  end if;
  if not exists (select 1 from ncm_oficial where codigo like p_ncm || '%') then
    raise exception 'NCM inexistente' using errcode = '22023';
  end if;
  insert into cest_codigo (codigo, descricao, incluido_manualmente, incluido_por_assinante, incluido_em)
  values (p_codigo, trim(p_descricao), true, v_assinante, now())
  on conflict (codigo) do nothing;
  insert into cest_oficial (codigo, ncm, segmento, item, descricao, incluido_manualmente)
  values (p_codigo, p_ncm, trim(p_segmento), null, trim(p_descricao), true)
  on conflict (codigo, ncm) do nothing;
  get diagnostics n = row_count;
  return n > 0;
end $$;
revoke execute on function app_incluir_cfop(text, text) from public;
revoke execute on function app_incluir_cest(text, text, text, text) from public;

-- NCM → CEST links of this tenant (each CEST must list the NCM, or a prefix of it, in the official table).
create table ncm_cest (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           serial primary key,
  ncm_codigo   text not null references ncm_oficial (codigo),
  ordem        integer not null default 0,
  cest         char(7) not null references cest_codigo (codigo),
  unique (assinante_id, ncm_codigo, cest)
);
select app_proteger_tabela('ncm_cest');

-- the group of an NCM: the group item that is its longest prefix (an NCM is in at most one group)
create or replace view ncm_cadastro with (security_invoker = true) as
  select n.codigo as id, n.codigo_formatado, n.digitos, n.nivel, n.capitulo as genero_id, n.codigo_pai,
         n.descricao, n.data_inicio, n.data_fim, (n.digitos = 8 and n.data_fim >= current_date) as vigente,
         l.observacao, coalesce(l.ativo, true) as ativo, l.id_externo,
         timestamptz '2026-08-13 00:00:00-03' as criado_em,
         coalesce(l.alterado_em, timestamptz '2026-08-13 00:00:00-03') as alterado_em, coalesce(l.versao, 1) as versao,
         (select i.grupo_ncm_id from grupo_ncm_item i
           where i.ncm = any (array[left(n.codigo, 2), left(n.codigo, 3), left(n.codigo, 4), left(n.codigo, 5),
                                    left(n.codigo, 6), left(n.codigo, 7), n.codigo])
           order by length(i.ncm) desc limit 1) as grupo_ncm_id
    from ncm_oficial n
    left join ncm_local l on l.codigo = n.codigo and l.assinante_id = app_assinante();

-- Editing an NCM writes only its local attributes; a new group moves the code's own membership.
create or replace function ncm_cadastro_update() returns trigger language plpgsql as $$
begin
  insert into ncm_local (assinante_id, codigo, observacao, ativo, id_externo, alterado_em, versao)
  values (app_assinante(), old.id, new.observacao, new.ativo, new.id_externo, now(), new.versao)
  on conflict (assinante_id, codigo) do update
    set observacao = excluded.observacao, ativo = excluded.ativo, id_externo = excluded.id_externo,
        alterado_em = now(), versao = excluded.versao;
  if new.grupo_ncm_id is distinct from old.grupo_ncm_id then
    delete from grupo_ncm_item where ncm = old.id;
    if new.grupo_ncm_id is not null then
      insert into grupo_ncm_item (grupo_ncm_id, ncm, ordem)
      values (new.grupo_ncm_id, old.id,
              coalesce((select max(ordem) + 1 from grupo_ncm_item where grupo_ncm_id = new.grupo_ncm_id), 0));
    end if;
  end if;
  return new;
end $$;

-- The product's state ICMS regime per store (one per store).
create table produto_regime (
  assinante_id       integer not null default app_assinante() references assinante (id),
  id                 serial primary key,
  produto_id         integer not null references produto (id) on delete cascade,
  ordem              integer not null default 0,
  loja_id            integer not null references loja (id),
  regime_estadual_id integer not null,
  unique (produto_id, loja_id),
  foreign key (assinante_id, regime_estadual_id) references regime_tributario (assinante_id, id)
);
create index produto_regime_regime_idx on produto_regime (regime_estadual_id);
select app_proteger_tabela('produto_regime');
