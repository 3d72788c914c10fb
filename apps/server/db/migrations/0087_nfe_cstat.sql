-- NF-e/NFC-e cStat (status and rejection codes, SOURCES.md: last updated December 2019, newer codes
-- missing): global reference data loaded by the versioned loader, and like CFOP/CEST an administrator
-- adds a missing code (insert-only SECURITY DEFINER function, marked and audited).
create table nfe_cstat (
  codigo                 char(3) primary key check (codigo ~ '^[1-9][0-9]{2}$'),
  descricao              text not null,
  tipo                   text not null check (tipo in ('sucesso', 'rejeicao', 'denegacao', 'servico_ou_processamento')),
  incluido_manualmente   boolean not null default false,
  incluido_por_assinante integer references assinante (id),
  incluido_em            timestamptz
);

create function app_incluir_cstat(p_codigo text, p_descricao text, p_tipo text) returns boolean
  language plpgsql security definer set search_path = public as $$
declare
  v_assinante integer := app_assinante();
  n integer;
begin
  if p_codigo !~ '^[1-9][0-9]{2}$' or p_tipo not in ('sucesso', 'rejeicao', 'denegacao', 'servico_ou_processamento') then
    raise exception 'cStat inválido' using errcode = '22023';
  end if;
  if length(trim(coalesce(p_descricao, ''))) not between 3 and 1000 then
    raise exception 'descrição inválida' using errcode = '22023';
  end if;
  insert into nfe_cstat (codigo, descricao, tipo, incluido_manualmente, incluido_por_assinante, incluido_em)
  values (p_codigo, trim(p_descricao), p_tipo, true, v_assinante, now())
  on conflict (codigo) do nothing;
  get diagnostics n = row_count;
  return n > 0;
end $$;
revoke execute on function app_incluir_cstat(text, text, text) from public;
