-- The coverage also depends on the stores (a new store, or one whose UF or CRT changes, must be resolved
-- for every product) and on the calendar: a rule or an NCM entering or leaving its vigência changes the
-- answer on that day with no write at all. Both mark the recount like migration 0200's changes.

create function app_recontagem_loja() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into fiscal_recontagem_pendente (assinante_id, ncm)
    select distinct assinante_id, '' from novos where ativo on conflict do nothing;
  else
    insert into fiscal_recontagem_pendente (assinante_id, ncm)
    select distinct n.assinante_id, '' from novos n join antigos o on o.id = n.id
     where (n.uf, n.crt, n.ativo) is distinct from (o.uf, o.crt, o.ativo)
    on conflict do nothing;
  end if;
  return null;
end $$;
create trigger loja_recontagem_ins after insert on loja
  referencing new table as novos for each statement execute function app_recontagem_loja();
create trigger loja_recontagem_upd after update on loja
  referencing old table as antigos new table as novos for each statement execute function app_recontagem_loja();

-- The day each tenant's vigência turnover was last marked.
alter table fiscal_recontagem_rodada add column virada_em date;

-- Marks, once a day per tenant, what enters or leaves its vigência that day: scenarios by NCM (their NCM or
-- grupo prefixes), by operação (every product), official NCMs (their products, with the detection). The day
-- is Rio Branco's, the last Brazilian zone to turn it: by then every store's business day has turned
-- (stores in earlier zones see the turnover up to two hours late). Called by the periodic sweep. The tenant
-- tables force RLS on their owner too, so each tenant is read with its own setting.
create function app_recontagem_virada_do_dia() returns integer
  language plpgsql security definer set search_path = public as $$
declare
  hoje date := (now() at time zone 'America/Rio_Branco')::date;
  antes text := current_setting('app.assinante_id', true);
  oficiais text[] := array(select codigo from ncm_oficial where data_inicio = hoje or data_fim = hoje - 1);
  a integer;
  n integer := 0;
  k integer;
begin
  for a in select id from assinante order by id loop
    perform set_config('app.assinante_id', a::text, true);
    continue when exists (select 1 from fiscal_recontagem_rodada r where r.assinante_id = a and r.virada_em = hoje);
    insert into fiscal_recontagem_pendente (assinante_id, ncm, detectar)
    select a, m.ncm, m.detectar from (
      select coalesce(c.ncm, i.ncm) as ncm, false as detectar
        from cenario_fiscal_ncm c
        left join grupo_ncm_item i on c.ncm is null and i.grupo_ncm_id = c.grupo_ncm_id
       where c.ativo and (c.vigencia_inicio = hoje or c.vigencia_fim = hoje - 1)
      union
      select '', false from cenario_fiscal_operacao o
       where o.ativo and (o.vigencia_inicio = hoje or o.vigencia_fim = hoje - 1)
      union
      select unnest(oficiais), true
    ) m
    where m.ncm is not null
    on conflict do nothing;
    get diagnostics k = row_count;
    n := n + k;
    insert into fiscal_recontagem_rodada (assinante_id, virada_em) values (a, hoje)
    on conflict (assinante_id) do update set virada_em = excluded.virada_em;
  end loop;
  perform set_config('app.assinante_id', coalesce(antes, ''), true);
  return n;
end $$;
revoke execute on function app_recontagem_virada_do_dia() from public;
grant execute on function app_recontagem_virada_do_dia() to retaguarda_app;
